// Finding 3: locking the owner out from elsewhere. 5 wrong passwords from any client used to give the
// owner 429 for 15 minutes. Now failures count per (account, client); the account's own ceiling is 50.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD, register, startServer, uniqueEmail, type TestServer } from '../helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

it('an attacker sends 10 wrong passwords for the account from another client: the owner still signs in', async () => {
  const email = uniqueEmail('owner');
  await register(server, email);
  const attacker = '203.0.113.7';
  const answers = [];
  for (let i = 0; i < 10; i += 1)
    answers.push(
      (await server.call('signIn', { body: { email, password: 'Guess1234' }, ip: attacker })).status,
    );
  expect(answers.slice(0, 5)).toEqual([403, 403, 403, 403, 403]);
  expect(answers.slice(5)).toEqual([429, 429, 429, 429, 429]);

  const owner = await server.call('signIn', { body: { email, password: PASSWORD }, ip: '198.51.100.20' });
  expect(owner.status).not.toBe(429);
  expect(owner.status).toBe(200);
});

it('an attacker spreads 49 wrong passwords over 49 clients: the owner still signs in', async () => {
  const email = uniqueEmail('owner');
  await register(server, email);
  const { max } = server.config.limits.signInFailuresPerAccount;
  for (let i = 0; i < max - 1; i += 1)
    await server.call('signIn', { body: { email, password: 'Guess1234' }, ip: `203.0.${i}.9` });
  expect(
    (await server.call('signIn', { body: { email, password: PASSWORD }, ip: '198.51.100.21' })).status,
  ).toBe(200);
});
