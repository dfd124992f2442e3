// A refused mailed link says why (docs/behaviour.md#link-states), and a "mail sent" page can send again after
// a cooldown the server owns. The reason is read from the presented token's own record only: whoever holds no
// token learns nothing, and the cooldown is counted only for a mail that is sent (after the error catalogue's
// 404 or 409), so neither tells more about whether an account exists than that answer itself.
import { describe, expect, it } from 'vitest';
import { issueToken } from '../../src/account/tokens.ts';
import { purgeExpired } from '../../src/platform/housekeeping.ts';
import { PASSWORD, serverFixture, startServer, uniqueEmail } from '../helpers.ts';

const { server, register, signIn, latestToken } = serverFixture();

const HOUR = 60 * 60 * 1000;

const readRegistration = (token: string) => server.call('getRegistration', { params: { token } });
const readReset = (token: string) => server.call('getPasswordReset', { params: { token } });
const finishRegistration = (token: string) =>
  server.call('finishRegistration', { params: { token }, body: { password: PASSWORD } });
const activate = (token: string) => server.call('activateEmailChange', { params: { token } });

async function registrationLink(email: string): Promise<string> {
  expect((await server.call('requestRegistration', { body: { email } })).status).toBe(202);
  return latestToken(email, 'registrations');
}

async function resetLink(email: string): Promise<string> {
  expect((await server.call('requestPasswordReset', { body: { email } })).status).toBe(202);
  return latestToken(email, 'password-reset');
}

const refusal = (response: { status: number; body: unknown }) => {
  expect(response.status).toBe(404);
  const { code, expiredAt } = response.body as { code?: string; expiredAt?: string };
  return { code, expiredAt };
};

describe('a refused link says why, with the status 404 kept', () => {
  it('a token never issued: unknown', async () => {
    expect(refusal(await readRegistration('Xq7unknownTokenNeverIssued0'))).toEqual({ code: 'unknown' });
  });

  it('a registration link opened again after the password was set: used (read and finish)', async () => {
    const email = uniqueEmail();
    const token = await register(email);
    expect(refusal(await readRegistration(token))).toEqual({ code: 'used' });
    expect(refusal(await finishRegistration(token))).toEqual({ code: 'used' });
  });

  it('a reset link after its hour: expired, with when it expired', async () => {
    const email = uniqueEmail();
    await register(email);
    const issuedAt = server.clock.now().getTime();
    const token = await resetLink(email);
    server.clock.advance(HOUR + 1000);
    expect(refusal(await readReset(token))).toEqual({
      code: 'expired',
      expiredAt: new Date(issuedAt + HOUR).toISOString(),
    });
  });

  it('an older registration link once a newer mail went to the address: superseded; the newer works', async () => {
    const email = uniqueEmail();
    const older = await registrationLink(email);
    const newer = await registrationLink(email);
    expect(refusal(await readRegistration(older))).toEqual({ code: 'superseded' });
    expect(refusal(await finishRegistration(older))).toEqual({ code: 'superseded' });
    expect((await finishRegistration(newer)).status).toBe(204);
  });

  it('an e-mail-change link opened again after the change: used', async () => {
    const email = uniqueEmail();
    await register(email);
    const newEmail = uniqueEmail('moved');
    const cookie = await signIn(email);
    expect((await server.call('requestEmailChange', { body: { email: newEmail }, cookie })).status).toBe(202);
    const token = await latestToken(newEmail, 'change-email-requests');
    expect((await activate(token)).status).toBe(204);
    expect(refusal(await activate(token))).toEqual({ code: 'used' });
  });

  it('e-mail-change links to two addresses do not supersede each other', async () => {
    const email = uniqueEmail();
    await register(email);
    const cookie = await signIn(email);
    const [a, b] = [uniqueEmail('a'), uniqueEmail('b')];
    for (const target of [a, b])
      expect((await server.call('requestEmailChange', { body: { email: target }, cookie })).status).toBe(202);
    expect((await activate(await latestToken(a, 'change-email-requests'))).status).toBe(204);
  });

  it('the trace goes with housekeeping, a week after the link stopped being live: then unknown', async () => {
    const email = uniqueEmail();
    const token = await register(email);
    server.clock.advance(8 * 24 * HOUR);
    await purgeExpired(server.services.db, server.clock);
    expect(refusal(await readRegistration(token))).toEqual({ code: 'unknown' });
  });
});

describe('an attacker learns nothing from link states', () => {
  it('presents a registration token to the reset operation: unknown, never the registration’s state', async () => {
    const token = await register(uniqueEmail());
    expect(refusal(await readReset(token))).toEqual({ code: 'unknown' });
  });

  it('holds a reset link the owner’s password change ended: unknown, nothing about what the owner did', async () => {
    const email = uniqueEmail();
    await register(email);
    const token = await resetLink(email);
    const cookie = await signIn(email);
    const body = { currentPassword: PASSWORD, newPassword: 'Changed2026pw' };
    expect((await server.call('changePassword', { body, cookie })).status).toBe(204);
    const response = await readReset(token);
    expect(refusal(response)).toEqual({ code: 'unknown' });
    expect(JSON.stringify(response.body)).not.toContain(email);
  });

  it('no refusal carries an address', async () => {
    const email = uniqueEmail();
    const older = await registrationLink(email);
    await registrationLink(email);
    const response = await readRegistration(older);
    expect(refusal(response).code).toBe('superseded');
    expect(JSON.stringify(response.body).toLowerCase()).not.toContain(email.toLowerCase());
  });

  it('a token issued directly still answers from its own row only (the provider states path)', async () => {
    const email = uniqueEmail();
    const token = await issueToken(server.services.db, server.services, 'registration', { email });
    expect((await readRegistration(token)).status).toBe(200);
  });
});

describe('send again: the cooldown the server owns', () => {
  const cooled = serverFixture({});
  // A server of its own with the production cooldown (the shared helpers switch it off).
  const withCooldown = async () =>
    startServer({
      limits: { ...server.config.limits, mailResendCooldown: { max: 1, windowMs: 60_000 } },
    });

  it('the 202 says when the next mail is allowed; before then 429 with Retry-After; after, 202', async () => {
    const s = await withCooldown();
    try {
      const email = uniqueEmail();
      const now = s.clock.now().getTime();
      const first = await s.call('requestRegistration', { body: { email } });
      expect(first.status).toBe(202);
      expect(first.body).toEqual({ nextSendAllowedAt: new Date(now + 60_000).toISOString() });
      s.clock.advance(30_000);
      const early = await s.call('requestRegistration', { body: { email } });
      expect(early.status).toBe(429);
      expect(early.headers['retry-after']).toBe('30');
      s.clock.advance(30_000);
      expect((await s.call('requestRegistration', { body: { email } })).status).toBe(202);
    } finally {
      await s.close();
    }
  });

  it('when the hour’s last mail to the address was sent, the next is allowed when the hour ends', async () => {
    const s = await withCooldown();
    try {
      const email = uniqueEmail();
      const start = s.clock.now().getTime();
      const { max, windowMs } = s.config.limits.mailsPerAddress;
      let last;
      for (let i = 0; i < max; i += 1) {
        last = await s.call('requestRegistration', { body: { email } });
        expect(last.status).toBe(202);
        s.clock.advance(60_000);
      }
      expect(last!.body).toEqual({ nextSendAllowedAt: new Date(start + windowMs).toISOString() });
    } finally {
      await s.close();
    }
  });

  it('the cooldown is per kind of mail: an applicant who just registered can ask for a reset at once', async () => {
    const s = await withCooldown();
    try {
      const email = uniqueEmail();
      await (await import('../helpers.ts')).register(s, email);
      expect((await s.call('requestPasswordReset', { body: { email } })).status).toBe(202);
      expect((await s.call('requestPasswordReset', { body: { email } })).status).toBe(429);
    } finally {
      await s.close();
    }
  });

  it('an attacker probing addresses: the cooldown tells nothing that the answer itself does not', async () => {
    const s = await withCooldown();
    try {
      const known = uniqueEmail('known');
      const unknown = uniqueEmail('unknown');
      await (await import('../helpers.ts')).register(s, known);
      // A reset request: 202 for the account, 404 for the unknown address (docs/behaviour.md#error-catalogue),
      // which already tells whether the account exists. The one right after: the account's is refused by the
      // cooldown; the unknown address gets the same 404 as before, since no mail and no cooldown was spent.
      expect((await s.call('requestPasswordReset', { body: { email: known } })).status).toBe(202);
      expect((await s.call('requestPasswordReset', { body: { email: unknown } })).status).toBe(404);
      const again = await Promise.all(
        [known, unknown].map((email) => s.call('requestPasswordReset', { body: { email } })),
      );
      expect(again.map((r) => [r.status, r.headers['retry-after']])).toEqual([
        [429, '60'],
        [404, undefined],
      ]);
    } finally {
      await s.close();
    }
  });

  it('is switched off by MAIL_RESEND_COOLDOWN_SECONDS=0 (then the next mail is allowed at once)', async () => {
    const email = uniqueEmail();
    const now = cooled.server.clock.now().toISOString();
    const response = await cooled.server.call('requestRegistration', { body: { email } });
    expect(response.body).toEqual({ nextSendAllowedAt: now });
  });
});
