// A refused mailed link says why (docs/behaviour.md#link-states), and a "mail sent" page can send again after
// a cooldown the server owns. The reason is read from the presented token's own record only: whoever holds no
// token learns nothing, and the cooldown is counted only for a mail that is sent (after the error catalogue's
// 404 or 409), so neither tells more about whether an account exists than that answer itself.
import { describe, expect, it } from 'vitest';
import { issueToken } from '../../src/account/tokens.ts';
import { purgeExpired } from '../../src/platform/housekeeping.ts';
import {
  PASSWORD,
  latestToken as latestTokenOn,
  register as registerOn,
  serverFixture,
  startServer,
  uniqueEmail,
} from '../helpers.ts';

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
      // The reset's own cooldown holds back the next reset mail: none is sent, and the 202 says when the
      // first went out (issue 39 item 12, below).
      const again = await s.call('requestPasswordReset', { body: { email } });
      expect(again.status).toBe(202);
      expect(again.body).toHaveProperty('sentAt');
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
      // which already tells whether the account exists. The one right after: the account's is held by the
      // cooldown, and its 202 says when the mail went out (docs/security.md#already-sent: what the 429's
      // Retry-After said before, now minus what is left of the cooldown); the unknown address gets the same 404
      // as before, since no mail and no cooldown was spent.
      const sentAt = s.clock.now().toISOString();
      expect((await s.call('requestPasswordReset', { body: { email: known } })).status).toBe(202);
      expect((await s.call('requestPasswordReset', { body: { email: unknown } })).status).toBe(404);
      const again = await Promise.all(
        [known, unknown].map((email) => s.call('requestPasswordReset', { body: { email } })),
      );
      expect(again.map((r) => [r.status, r.headers['retry-after']])).toEqual([
        [202, undefined],
        [404, undefined],
      ]);
      expect((again[0]!.body as { sentAt?: string }).sentAt).toBe(sentAt);
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

// Issue 39, item 12: a reset request for an account whose reset mail went out less than a cooldown ago (the
// owner's own, or one that someone else asked for by typing the owner's address) answered 429 "wait 60 s",
// although a live link had just reached the owner's mailbox. Now the cooldown alone answers 202 without a
// second mail and says when the link was sent (`sentAt`); every other limit still refuses with 429.
describe('a reset request while the account’s newest reset mail is in its cooldown', () => {
  const withLimits = async (limits: Partial<typeof server.config.limits> = {}) =>
    startServer({
      limits: {
        ...server.config.limits,
        mailResendCooldown: { max: 1, windowMs: 60_000 },
        ...limits,
      },
    });
  const resetMails = async (s: Awaited<ReturnType<typeof startServer>>, email: string) =>
    (
      await s.services.db.query(
        `select 1 from outbox where lower(to_address) = lower($1) and kind = 'passwordReset'`,
        [email],
      )
    ).length;

  it('the owner’s own request right after one that someone else made: 202 with when the link was sent, no second mail', async () => {
    const s = await withLimits();
    try {
      const email = uniqueEmail('owner');
      await registerOn(s, email);
      const sentAt = s.clock.now();
      const other = await s.call('requestPasswordReset', { body: { email }, ip: '203.0.113.66' });
      expect(other.status).toBe(202);
      s.clock.advance(20_000);
      const own = await s.call('requestPasswordReset', { body: { email }, ip: '198.51.100.66' });
      expect(own.status).toBe(202);
      expect(own.body).toEqual({
        nextSendAllowedAt: new Date(sentAt.getTime() + 60_000).toISOString(),
        sentAt: sentAt.toISOString(),
      });
      expect(own.headers['retry-after']).toBeUndefined();
      expect(await resetMails(s, email)).toBe(1);
      // The link that was sent is the one to use, and it works.
      const token = await latestTokenOn(s, email, 'password-reset');
      expect((await s.call('getPasswordReset', { params: { token } })).status).toBe(200);
      // After the cooldown, a new request sends a new mail, as before.
      s.clock.advance(40_000);
      const later = await s.call('requestPasswordReset', { body: { email } });
      expect(later.status).toBe(202);
      expect(later.body).toEqual({
        nextSendAllowedAt: new Date(s.clock.now().getTime() + 60_000).toISOString(),
      });
      expect(await resetMails(s, email)).toBe(2);
    } finally {
      await s.close();
    }
  });

  it('only the cooldown answers so: a client past its budget and an account past its reset budget still get 429', async () => {
    const s = await withLimits({
      mailsPerClient: { max: 2, windowMs: HOUR },
      resetMailsPerAccount: { max: 2, windowMs: HOUR },
    });
    try {
      const email = uniqueEmail('owner');
      await registerOn(s, email);
      const busy = '203.0.113.67';
      // The client's two mails of the hour: a registration and a reset of another address.
      expect((await s.call('requestRegistration', { body: { email: uniqueEmail() }, ip: busy })).status).toBe(
        202,
      );
      const second = uniqueEmail('second');
      await registerOn(s, second);
      expect((await s.call('requestPasswordReset', { body: { email }, ip: '198.51.100.67' })).status).toBe(
        202,
      );
      expect((await s.call('requestPasswordReset', { body: { email: second }, ip: busy })).status).toBe(202);
      // In the cooldown of the owner's reset mail, from the client past its budget: 429, the client's wait.
      const fromBusy = await s.call('requestPasswordReset', { body: { email }, ip: busy });
      expect(fromBusy.status).toBe(429);
      expect(Number(fromBusy.headers['retry-after'])).toBeGreaterThan(60);
      // The account's second reset mail fills its reset budget; in that mail's cooldown: 429 with the budget's wait.
      s.clock.advance(61_000);
      expect((await s.call('requestPasswordReset', { body: { email }, ip: '198.51.100.67' })).status).toBe(
        202,
      );
      s.clock.advance(10_000);
      const pastBudget = await s.call('requestPasswordReset', { body: { email }, ip: '198.51.100.68' });
      expect(pastBudget.status).toBe(429);
      expect(Number(pastBudget.headers['retry-after'])).toBeGreaterThan(60);
      expect(await resetMails(s, email)).toBe(2);
    } finally {
      await s.close();
    }
  });

  it('tells nothing the 429 did not: when the last reset mail went out, whoever asked and whatever became of its link', async () => {
    const s = await withLimits();
    try {
      const email = uniqueEmail('owner');
      await registerOn(s, email);
      const sentAt = s.clock.now().toISOString();
      expect((await s.call('requestPasswordReset', { body: { email }, ip: '203.0.113.68' })).status).toBe(
        202,
      );
      s.clock.advance(15_000);
      const before = await s.call('requestPasswordReset', { body: { email }, ip: '203.0.113.69' });
      // The owner uses the link: the answer to anyone else stays the same (the counter, never the link).
      const token = await latestTokenOn(s, email, 'password-reset');
      expect(
        (await s.call('finishPasswordReset', { params: { token }, body: { password: 'N3wPassw0rd' } }))
          .status,
      ).toBe(204);
      const after = await s.call('requestPasswordReset', { body: { email }, ip: '203.0.113.70' });
      expect([before.status, after.status]).toEqual([202, 202]);
      expect(before.body).toEqual(after.body);
      expect((after.body as { sentAt: string }).sentAt).toBe(sentAt);
      expect(await resetMails(s, email)).toBe(1);
    } finally {
      await s.close();
    }
  });
});
