// An expired link can be renewed: a new mail to the expired link's address, without the address being typed
// again (docs/behaviour.md#link-states). The attack: whoever holds any other token (unknown, used, still live,
// superseded, or another kind's) must not make the server send a mail, and a renewal never answers with the
// address; a renewal obeys the same per-address limit and cooldown as a new request.
import { describe, expect, it } from 'vitest';
import { PASSWORD, serverFixture, startServer, uniqueEmail, type TestServer } from '../helpers.ts';

const { server, register, latestToken, mailbox } = serverFixture();

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

const renewRegistration = (token: string, s: TestServer = server) =>
  s.call('renewRegistration', { params: { token } });
const renewReset = (token: string, s: TestServer = server) =>
  s.call('renewPasswordReset', { params: { token } });

const mailsTo = async (email: string) =>
  (await mailbox()).filter((mail) => mail.to.toLowerCase() === email.toLowerCase()).length;

async function registrationLink(email: string): Promise<string> {
  expect((await server.call('requestRegistration', { body: { email } })).status).toBe(202);
  return latestToken(email, 'registrations');
}

const codeOf = (response: { status: number; body: unknown }) => {
  expect(response.status).toBe(404);
  return (response.body as { code?: string }).code;
};

describe('renewal is refused, and sends nothing, for any link that is not expired', () => {
  it('an unknown token: 404 unknown, no mail at all', async () => {
    const before = (await mailbox()).length;
    expect(codeOf(await renewRegistration('Xq7unknownTokenNeverIssued0'))).toBe('unknown');
    expect(codeOf(await renewReset('Xq7unknownTokenNeverIssued0'))).toBe('unknown');
    expect((await mailbox()).length).toBe(before);
  });

  it('a used registration link: 404 used, no mail to its address', async () => {
    const email = uniqueEmail();
    const token = await register(email);
    const before = await mailsTo(email);
    expect(codeOf(await renewRegistration(token))).toBe('used');
    expect(await mailsTo(email)).toBe(before);
  });

  it('a live link: 404, no mail (a live link needs no renewal, and renewing it would spam its owner)', async () => {
    const email = uniqueEmail();
    const token = await registrationLink(email);
    const before = await mailsTo(email);
    expect(codeOf(await renewRegistration(token))).toBe('unknown');
    expect(await mailsTo(email)).toBe(before);
    expect((await server.call('getRegistration', { params: { token } })).status).toBe(200);
  });

  it('a superseded link: 404 superseded, no mail', async () => {
    const email = uniqueEmail();
    const older = await registrationLink(email);
    await registrationLink(email);
    const before = await mailsTo(email);
    expect(codeOf(await renewRegistration(older))).toBe('superseded');
    expect(await mailsTo(email)).toBe(before);
  });

  it('an expired registration link presented to the reset renewal: unknown, no mail', async () => {
    const email = uniqueEmail();
    const token = await registrationLink(email);
    server.clock.advance(DAY + 1000);
    const before = await mailsTo(email);
    expect(codeOf(await renewReset(token))).toBe('unknown');
    expect(await mailsTo(email)).toBe(before);
  });
});

describe('an expired link is renewed once', () => {
  it('registration: 202 with only nextSendAllowedAt; a new link to the same address; the old one superseded', async () => {
    const email = uniqueEmail();
    const token = await registrationLink(email);
    server.clock.advance(DAY + 1000);
    const before = await mailsTo(email);
    const response = await renewRegistration(token);
    expect(response.status).toBe(202);
    expect(Object.keys(response.body as object)).toEqual(['nextSendAllowedAt']);
    expect(JSON.stringify(response.body).toLowerCase()).not.toContain(email.toLowerCase());
    expect(await mailsTo(email)).toBe(before + 1);
    const renewed = await latestToken(email, 'registrations');
    expect(renewed).not.toBe(token);
    expect((await server.call('getRegistration', { params: { token: renewed } })).status).toBe(200);
    expect(codeOf(await server.call('getRegistration', { params: { token } }))).toBe('superseded');
    // A replay of the renewal sends nothing more.
    expect(codeOf(await renewRegistration(token))).toBe('superseded');
    expect(await mailsTo(email)).toBe(before + 1);
    const finished = await server.call('finishRegistration', {
      params: { token: renewed },
      body: { password: PASSWORD },
    });
    expect(finished.status).toBe(204);
  });

  it('password reset: an expired reset link brings a new reset mail for the same account', async () => {
    const email = uniqueEmail();
    await register(email);
    expect((await server.call('requestPasswordReset', { body: { email } })).status).toBe(202);
    const token = await latestToken(email, 'password-reset');
    server.clock.advance(HOUR + 1000);
    const before = await mailsTo(email);
    const response = await renewReset(token);
    expect(response.status).toBe(202);
    expect(await mailsTo(email)).toBe(before + 1);
    const renewed = await latestToken(email, 'password-reset');
    expect(renewed).not.toBe(token);
    expect((await server.call('getPasswordReset', { params: { token: renewed } })).status).toBe(200);
  });

  it('concurrent renewals of one expired link send one mail', async () => {
    const email = uniqueEmail();
    const token = await registrationLink(email);
    server.clock.advance(DAY + 1000);
    const before = await mailsTo(email);
    const answers = await Promise.all([renewRegistration(token), renewRegistration(token)]);
    expect(answers.map((a) => a.status).sort()).toEqual([202, 404]);
    expect(await mailsTo(email)).toBe(before + 1);
  });
});

describe('a renewal obeys the limits of a new request', () => {
  it('within the resend cooldown of a mail to the same address: 429 with Retry-After, no mail; later, 202', async () => {
    const s = await startServer({
      limits: { ...server.config.limits, mailResendCooldown: { max: 1, windowMs: 60_000 } },
    });
    try {
      const email = uniqueEmail();
      expect((await s.call('requestRegistration', { body: { email } })).status).toBe(202);
      const { latestToken: latest } = await import('../helpers.ts');
      const token = await latest(s, email, 'registrations');
      s.clock.advance(DAY + 1000);
      // A new request for the same address starts a cooldown; the renewal right after is refused.
      expect((await s.call('requestRegistration', { body: { email } })).status).toBe(202);
      const count = async () =>
        ((await s.call('listDebugMails')).body as { to: string }[]).filter((m) => m.to === email).length;
      const before = await count();
      const early = await renewRegistration(token, s);
      expect(early.status).toBe(429);
      expect(early.headers['retry-after']).toBe('60');
      expect(await count()).toBe(before);
      // The expired link is still expired (not spent by the refusal), so it can be renewed once the wait ends.
      s.clock.advance(60_000);
      expect((await renewRegistration(token, s)).status).toBe(202);
      expect(await count()).toBe(before + 1);
    } finally {
      await s.close();
    }
  });
});
