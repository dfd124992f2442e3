// Finding 9: with PROVIDER_STATES=1 (even beside NODE_ENV=production) anyone could set any password, create a
// session or delete an account through POST /_pact/provider-states. Finding 16 (part): an unknown state reset
// the rate limits before it was refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config.ts';
import { ensureAccount } from '../../src/providerStates/states.ts';
import { assertUnderLimit, hit, limitKeys } from '../../src/platform/rateLimits.ts';
import { startServer, uniqueEmail, type TestServer } from '../helpers.ts';

const SECRET = 'a-long-random-provider-states-secret-0123456789';
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ providerStates: true, providerStatesSecret: SECRET });
});
afterAll(() => server.close());

const postState = (body: object, headers: Record<string, string> = {}, remoteAddress = '198.51.100.9') =>
  server.app.inject({ method: 'POST', url: '/_pact/provider-states', payload: body, headers, remoteAddress });

async function passwordWorks(email: string, password: string): Promise<boolean> {
  return (await server.call('signIn', { body: { email, password }, ip: '192.0.2.1' })).status === 200;
}

describe('provider states as a back door', () => {
  it("an anonymous caller sets a known password on someone else's account", async () => {
    const victim = uniqueEmail('victim');
    await ensureAccount(server.services, victim, 'Victim0wnPass1');
    const attack = await postState({
      state: `an account exists for ${victim}`,
      params: { password: 'Attack3rPass1' },
      action: 'setup',
    });
    expect(attack.statusCode).toBe(403);
    expect(await passwordWorks(victim, 'Attack3rPass1')).toBe(false);
    expect(await passwordWorks(victim, 'Victim0wnPass1')).toBe(true);
  });

  it('an attacker guesses the secret (same length, wrong) to get a live session', async () => {
    const guess = SECRET.replace(/.$/, 'x');
    const attack = await postState(
      { state: 'the applicant is signed in', action: 'setup' },
      { 'x-provider-states-secret': guess },
    );
    expect(attack.statusCode).toBe(403);
    expect(attack.body).not.toContain('pre_admission_session=');
    const short = await postState(
      { state: 'the applicant is signed in', action: 'setup' },
      { 'x-provider-states-secret': 'a' },
    );
    expect(short.statusCode).toBe(403);
  });

  it('the verifier with the secret still sets states up', async () => {
    const ok = await postState(
      { state: 'the applicant is signed in', action: 'setup' },
      { 'x-provider-states-secret': SECRET },
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ cookie: expect.stringMatching(/^pre_admission_session=/) });
  });

  it('an operator turns provider states on in production: the server refuses to start', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:25', PROVIDER_STATES: '1' };
    expect(() => loadConfig(production)).toThrow(/PROVIDER_STATES.*NODE_ENV=production/);
    expect(() => loadConfig({ ...production, PROVIDER_STATES_SECRET: SECRET })).toThrow(
      /NODE_ENV=production/,
    );
  });

  it('an operator turns provider states on without a secret: the server refuses to start', () => {
    expect(() => loadConfig({ PROVIDER_STATES: '1' })).toThrow(/PROVIDER_STATES_SECRET/);
    expect(loadConfig({ PROVIDER_STATES: '1', PROVIDER_STATES_SECRET: SECRET }).providerStates).toBe(true);
  });

  it("an unknown state sent with the secret clears no rate-limit window of the sender's client", async () => {
    const { db, clock, config } = server.services;
    const ip = '198.51.100.9';
    const windows = [
      { key: limitKeys.signInClient(ip), limit: config.limits.signInFailuresPerClient },
      { key: limitKeys.tokenClient(ip), limit: config.limits.tokenFailuresPerClient },
      { key: limitKeys.mailClient(ip), limit: config.limits.mailsPerClient },
    ];
    for (const { key, limit } of windows)
      for (let i = 0; i < limit.max; i++) await hit(db, clock, key, limit);
    const response = await postState(
      { state: 'the moon is made of cheese', action: 'setup' },
      { 'x-provider-states-secret': SECRET },
      ip,
    );
    expect(response.statusCode).toBe(400);
    for (const { key, limit } of windows)
      await expect(assertUnderLimit(db, clock, key, limit)).rejects.toThrow();
  });

  it('a state sentence with a typo naming an account clears none of its sign-in locks', async () => {
    const { db, clock, config } = server.services;
    const victim = uniqueEmail('locked');
    await ensureAccount(server.services, victim, 'Victim0wnPass1');
    const key = limitKeys.signInAccount(victim);
    const limit = config.limits.signInFailuresPerAccount;
    for (let i = 0; i < limit.max; i++) await hit(db, clock, key, limit);
    const response = await postState(
      { state: `an account exist for ${victim}`, action: 'setup' },
      { 'x-provider-states-secret': SECRET },
    );
    expect(response.statusCode).toBe(400);
    await expect(assertUnderLimit(db, clock, key, limit)).rejects.toThrow();
  });
});
