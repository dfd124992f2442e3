// Finding 6: a sign-in in flight (its hash running) when the password changed created its session
// afterwards, alive after "every session was revoked". Now the credential version read before the hash is
// checked by the statement that creates the session. Deterministic: the hash is held until the change is done.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.ts';
import { PasswordHasher, type HashWork } from '../../src/account/passwords.ts';
import { LogCapture, PASSWORD, requestId, uniqueEmail, serverFixture } from '../helpers.ts';

const { server, register, signIn, latestToken } = serverFixture();
let held: App;
/** When set, the next verification waits here until released. */
let hold: { entered: () => void; release: Promise<void> } | undefined;

beforeAll(async () => {
  const passwords = new PasswordHasher({
    params: server.config.scrypt,
    limits: server.config.hashing,
    beforeHash: async (work: HashWork) => {
      const current = hold;
      if (work !== 'verify' || !current) return;
      hold = undefined;
      current.entered();
      await current.release;
    },
  });
  // A second server on the same database whose password checks can be held mid-hash.
  held = await buildApp({
    config: server.config,
    db: server.services.db,
    clock: server.clock,
    logStream: new LogCapture(),
    passwords,
    ownsDatabase: false,
  });
});
afterAll(() => held.close());

const NEW_PASSWORD = 'Changed2026pw';

const changes: Record<string, (email: string) => Promise<void>> = {
  'a password change': async (email) => {
    const cookie = await signIn(email);
    const body = { currentPassword: PASSWORD, newPassword: NEW_PASSWORD };
    expect((await server.call('changePassword', { body, cookie })).status).toBe(204);
  },
  'a password reset': async (email) => {
    expect((await server.call('requestPasswordReset', { body: { email } })).status).toBe(202);
    const token = await latestToken(email, 'password-reset');
    const r = await server.call('finishPasswordReset', {
      params: { token },
      body: { password: NEW_PASSWORD },
    });
    expect(r.status).toBe(204);
  },
  'an e-mail change': async (email) => {
    const cookie = await signIn(email);
    const newEmail = uniqueEmail('moved');
    expect((await server.call('requestEmailChange', { body: { email: newEmail }, cookie })).status).toBe(202);
    const token = await latestToken(newEmail, 'change-email-requests');
    expect((await server.call('activateEmailChange', { params: { token } })).status).toBe(204);
  },
};

describe('an attacker’s sign-in with the old password is hashing when the owner changes credentials', () => {
  for (const [name, change] of Object.entries(changes)) {
    it(`${name} meanwhile: no live session comes out of it`, async () => {
      const email = uniqueEmail();
      await register(email);
      const accountId = (
        await server.services.db.query<{ id: string }>(
          'select id::text as id from accounts where lower(email) = lower($1)',
          [email],
        )
      )[0]!.id;
      let entered!: () => void;
      const hashing = new Promise<void>((resolve) => (entered = resolve));
      let release!: () => void;
      hold = { entered, release: new Promise<void>((resolve) => (release = resolve)) };

      const attempt = held.app.inject({
        method: 'POST',
        url: '/api/applicant/sessions',
        headers: { 'x-request-id': requestId() },
        payload: { email, password: PASSWORD },
      });
      await hashing; // the old password is being checked now
      await change(email);
      release();
      const response = await attempt;

      expect(response.statusCode).not.toBe(200);
      expect(response.statusCode).toBe(403);
      const setCookie = String(response.headers['set-cookie'] ?? '');
      expect(setCookie).not.toMatch(/pre_admission_session=[^;]/);
      // Nothing alive in the database either (every session of the account, by any route).
      const live = await server.services.db.query(
        `select 1 from sessions s join accounts a on a.id = s.account_id
          where a.id = $1 and s.revoked_at is null and s.credential_version = a.credential_version`,
        [accountId],
      );
      expect(live).toEqual([]);
    });
  }
});
