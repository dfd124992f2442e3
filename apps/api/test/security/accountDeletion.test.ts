// Issue 42, the applicant's own deletion (openapi.yaml deleteAccount): the deletion as an attacker asks for it.
// A stolen session whose sign-in is old, a staff session, one account's session aimed at another's data, and a
// deletion that would leave the desk without the application it must answer. Each test sends exactly that
// request; the assertion says what must not happen.
import { describe, expect, it } from 'vitest';
import { applicant, openPeriodsFile, startDraft, submitted } from '../applications/helpers.ts';
import { requestId, serverFixture } from '../helpers.ts';
import { staffIdOf, staffOf } from '../desk/helpers.ts';

const { server, signIn } = serverFixture({ periodsFile: openPeriodsFile() });

const ACCOUNT = '/api/applicant/account';

async function remove(cookie?: string) {
  return server.app.inject({
    method: 'DELETE',
    url: server.config.basePath + ACCOUNT,
    headers: { 'x-request-id': requestId(), ...(cookie !== undefined ? { cookie } : {}) },
  });
}

const accountExists = async (accountId: string) =>
  (await server.services.db.query('select 1 from accounts where id = $1', [accountId])).length === 1;

describe('the account deletion, attacked', () => {
  it('answers 404 without a session', async () => {
    const response = await remove();
    expect(response.statusCode).toBe(404);
  });

  it("answers 404 to a staff session (the desk's cookie is not an applicant's), and deletes nothing", async () => {
    const staff = await staffOf(server, 'desk');
    const response = await remove(staff.cookie);
    expect(response.statusCode).toBe(404);
    expect(await staffIdOf(server, staff.email)).toBeTruthy();
  });

  it('refuses a stolen session whose sign-in is older than the confirmation window (403 confirmation_required)', async () => {
    const who = await applicant(server, 'stale');
    server.clock.advance(server.config.confirmationWindow + 60_000);
    const response = await remove(who.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'confirmation_required' });
    expect(await accountExists(who.accountId)).toBe(true);
  });

  it('deletes only the session’s own account: another account, its draft and its session are untouched', async () => {
    const mine = await applicant(server, 'mine');
    const theirs = await applicant(server, 'theirs');
    const theirDraft = await startDraft(server, theirs);
    const response = await remove(mine.cookie);
    expect(response.statusCode, response.body).toBe(204);
    expect(await accountExists(mine.accountId)).toBe(false);
    expect(await accountExists(theirs.accountId)).toBe(true);
    const theirApplication = await server.call('getApplication', {
      params: { applicationId: theirDraft },
      cookie: theirs.cookie,
    });
    expect(theirApplication.status).toBe(200);
  });

  it('refuses while a submitted application awaits a decision (409 awaiting-decision), and keeps everything', async () => {
    const who = await applicant(server, 'awaiting');
    const applicationId = await submitted(server, who);
    const response = await remove(who.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.headers['content-type']).toMatch(/problem\+json/);
    expect(response.json()).toMatchObject({
      type: 'urn:pre-admission:problem:awaiting-decision',
      code: 'awaiting_decision',
    });
    expect(await accountExists(who.accountId)).toBe(true);
    const still = await server.call('getApplication', { params: { applicationId }, cookie: who.cookie });
    expect(still.status).toBe(200);
  });

  it('ends the session: the cookie is cleared, the old cookie is no session, and the password signs in no more', async () => {
    const who = await applicant(server, 'gone');
    const response = await remove(who.cookie);
    expect(response.statusCode, response.body).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(/pre_admission_session=;/);
    expect((await remove(who.cookie)).statusCode).toBe(404);
    const again = await server.call('signIn', { body: { email: who.email, password: 'Passw0rd2026' } });
    expect(again.status).not.toBe(200);
    await expect(signIn(who.email)).rejects.toThrow();
  });
});
