// Finding 5: old links kept working. Reset and e-mail-change links survived a password change, a reset and
// each other; two e-mail-change links both activated; activation did not check the address. Now a password
// change, a reset and an e-mail change end every session and every pending reset and e-mail-change link.
import { describe, expect, it } from 'vitest';
import { PASSWORD, uniqueEmail, serverFixture } from '../helpers.ts';

const { server, register, signIn, latestToken } = serverFixture();

const NEW_PASSWORD = 'Changed2026pw';

async function resetLink(email: string): Promise<string> {
  expect((await server.call('requestPasswordReset', { body: { email } })).status).toBe(202);
  return latestToken(email, 'password-reset');
}

async function emailChangeLink(cookie: string, newEmail: string): Promise<string> {
  expect((await server.call('requestEmailChange', { body: { email: newEmail }, cookie })).status).toBe(202);
  return latestToken(newEmail, 'change-email-requests');
}

const useReset = (token: string, password = 'Attack2026pw') =>
  server.call('finishPasswordReset', { params: { token }, body: { password } });
const activate = (token: string) => server.call('activateEmailChange', { params: { token } });

describe('an attacker holding an old link uses it after the owner changed credentials', () => {
  it('a reset link after a password change: 404, and the password stays the owner’s', async () => {
    const email = uniqueEmail();
    await register(email);
    const link = await resetLink(email);
    const cookie = await signIn(email);
    const body = { currentPassword: PASSWORD, newPassword: NEW_PASSWORD };
    expect((await server.call('changePassword', { body, cookie })).status).toBe(204);

    expect((await server.call('getPasswordReset', { params: { token: link } })).status).toBe(404);
    expect((await useReset(link)).status).toBe(404);
    await signIn(email, NEW_PASSWORD);
  });

  it('an e-mail-change link after a password change: 404, and the address stays', async () => {
    const email = uniqueEmail();
    await register(email);
    const link = await emailChangeLink(await signIn(email), uniqueEmail('attacker'));
    const cookie = await signIn(email);
    const body = { currentPassword: PASSWORD, newPassword: NEW_PASSWORD };
    expect((await server.call('changePassword', { body, cookie })).status).toBe(204);

    expect((await activate(link)).status).toBe(404);
    await signIn(email, NEW_PASSWORD);
  });

  it('an e-mail-change link after a password reset: 404; the reset also ended every session', async () => {
    const email = uniqueEmail();
    await register(email);
    const cookie = await signIn(email);
    const link = await emailChangeLink(cookie, uniqueEmail('attacker'));
    expect((await useReset(await resetLink(email), NEW_PASSWORD)).status).toBe(204);

    expect((await activate(link)).status).toBe(404);
    expect((await server.call('getCurrentSession', { cookie })).status).toBe(403);
    await signIn(email, NEW_PASSWORD);
  });

  it('a reset link after an e-mail change: 404; the change also ended every session', async () => {
    const email = uniqueEmail();
    await register(email);
    const link = await resetLink(email);
    const cookie = await signIn(email);
    const newEmail = uniqueEmail('moved');
    expect((await activate(await emailChangeLink(cookie, newEmail))).status).toBe(204);

    expect((await useReset(link)).status).toBe(404);
    expect((await server.call('getCurrentSession', { cookie })).status).toBe(403);
    await signIn(newEmail, PASSWORD);
  });

  // Two reset links to one address: the newer supersedes the older when it is sent
  // (docs/behaviour.md#link-states), so the older one is dead before and after the newer is used.
  it('the older reset link, after the newer one was used: 404', async () => {
    const email = uniqueEmail();
    await register(email);
    const older = await resetLink(email);
    const newer = await resetLink(email);
    expect((await useReset(newer, NEW_PASSWORD)).status).toBe(204);
    expect((await useReset(older)).status).toBe(404);
    await signIn(email, NEW_PASSWORD);
  });
});

describe('an attacker holding a second e-mail-change link', () => {
  it('activates it after the first: 404, the address is the first one', async () => {
    const email = uniqueEmail();
    await register(email);
    const cookie = await signIn(email);
    const mine = uniqueEmail('mine');
    const theirs = uniqueEmail('attacker');
    const first = await emailChangeLink(cookie, mine);
    const second = await emailChangeLink(cookie, theirs);
    expect((await activate(first)).status).toBe(204);
    expect((await activate(second)).status).toBe(404);
    await signIn(mine);
    expect((await server.call('signIn', { body: { email: theirs, password: PASSWORD } })).status).toBe(404);
  });

  it('activates both at once: exactly one wins', async () => {
    const email = uniqueEmail();
    await register(email);
    const cookie = await signIn(email);
    const links = [
      await emailChangeLink(cookie, uniqueEmail('a')),
      await emailChangeLink(cookie, uniqueEmail('b')),
    ];
    const statuses = (await Promise.all(links.map(activate))).map((r) => r.status).sort();
    expect(statuses).toEqual([204, 404]);
  });

  it('activates a link whose account address changed since the request: 404', async () => {
    const email = uniqueEmail();
    await register(email);
    const link = await emailChangeLink(await signIn(email), uniqueEmail('attacker'));
    // The address changes by another way than this link (as support staff would do it in the database).
    const moved = uniqueEmail('support');
    await server.services.db.query('update accounts set email = $2 where lower(email) = lower($1)', [
      email,
      moved,
    ]);

    expect((await activate(link)).status).toBe(404);
    await signIn(moved);
  });
});
