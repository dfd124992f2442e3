// Finding 4 of issue 25: one mailbox flooded through its many spellings. The per-address mail limit keyed the
// address as typed, so `victim+1@…`, `victim+2@…` each had a budget of their own: 50 registration mails reached
// one inbox in 0.9 s from three client addresses, and every such flood spends the university's sender
// reputation. Now the mail limits key the mailbox (lower case, `+tag` removed, Gmail's dots removed), and the
// site as a whole has an hourly ceiling of mails, with a warning and a metric when it is reached.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/platform/config.ts';
import { serverFixture, startServer, uniqueEmail } from '../helpers.ts';

const { server, register } = serverFixture();

const HOUR = 60 * 60 * 1000;

/** Every mail the outbox holds to any of the addresses. */
async function mailsToAny(addresses: string[]): Promise<number> {
  const rows = await server.services.db.query<{ n: number }>(
    'select count(*)::integer as n from outbox where to_address = any($1)',
    [addresses],
  );
  return Number(rows[0]!.n);
}

describe('per mailbox, not per string', () => {
  it('50 registration mails to victim+1@, victim+2@ … from three client addresses: at most the mailbox budget is sent', async () => {
    const [local, domain] = uniqueEmail('victim').split('@') as [string, string];
    const addresses = Array.from({ length: 50 }, (_, i) => `${local}+${i + 1}@${domain}`);
    const clients = ['203.0.113.1', '203.0.113.2', '203.0.113.3'];
    const answers = await Promise.all(
      addresses.map((email, i) =>
        server.call('requestRegistration', { body: { email }, ip: clients[i % 3] }),
      ),
    );
    const { max } = server.config.limits.mailsPerAddress;
    expect(answers.filter((r) => r.status === 202)).toHaveLength(max);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(50 - max);
    expect(await mailsToAny(addresses)).toBe(max);
  });

  it('capitals and tags of one mailbox share its budget, whichever is typed', async () => {
    const [local, domain] = uniqueEmail('victim').split('@') as [string, string];
    const spellings = [
      `${local}@${domain}`,
      `${local.toUpperCase()}@${domain.toUpperCase()}`,
      `${local}+news@${domain}`,
      `${local}+a+b@${domain}`,
      `${local.toUpperCase()}+X@${domain}`,
      `${local}+@${domain}`,
      `${local}+again@${domain}`,
    ];
    const answers = [];
    for (const email of spellings)
      answers.push((await server.call('requestRegistration', { body: { email } })).status);
    expect(answers).toEqual([202, 202, 202, 202, 202, 429, 429]);
  });

  it("Gmail's dots and googlemail.com: one mailbox, one budget", async () => {
    const name = `victim${Math.random().toString(36).slice(2, 8)}`;
    const dotted = (i: number) =>
      name.slice(0, 1 + (i % (name.length - 1))) + '.' + name.slice(1 + (i % (name.length - 1)));
    const spellings = Array.from(
      { length: 8 },
      (_, i) => `${dotted(i)}@${i % 2 ? 'googlemail.com' : 'gmail.com'}`,
    );
    const answers = [];
    for (const email of spellings)
      answers.push((await server.call('requestRegistration', { body: { email } })).status);
    const { max } = server.config.limits.mailsPerAddress;
    expect(answers.filter((s) => s === 202)).toHaveLength(max);
  });

  it('dots elsewhere are different mailboxes (only Gmail ignores them)', async () => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const spellings = Array.from({ length: 6 }, (_, i) => `a${'.b'.repeat(i)}${suffix}@example.com`);
    for (const email of spellings)
      expect((await server.call('requestRegistration', { body: { email } })).status).toBe(202);
  });

  it('the stored address and the mail keep the address as typed', async () => {
    const [local, domain] = uniqueEmail('Typed').split('@') as [string, string];
    const typed = `${local}+Desk@${domain.toUpperCase()}`;
    await register(typed);
    const rows = await server.services.db.query<{ email: string }>(
      'select email from accounts where lower(email) = lower($1)',
      [typed],
    );
    expect(rows.map((row) => row.email)).toEqual([typed]);
    expect(await mailsToAny([typed])).toBe(1);
  });
});

describe("the site's hourly ceiling of mails", () => {
  it('is a setting, MAIL_HOURLY_LIMIT, 1000 by default', () => {
    const env = { NODE_ENV: 'test', WEB_DIST: '/nonexistent' };
    expect(loadConfig(env).limits.mailsPerSite).toEqual({ max: 1000, windowMs: HOUR });
    expect(loadConfig({ ...env, MAIL_HOURLY_LIMIT: '250' }).limits.mailsPerSite).toEqual({
      max: 250,
      windowMs: HOUR,
    });
    expect(() => loadConfig({ ...env, MAIL_HOURLY_LIMIT: '0' })).toThrow(/MAIL_HOURLY_LIMIT/);
  });

  it('a flood of registrations to many mailboxes from many clients stops at the ceiling, with one warning and a metric; resets still go out', async () => {
    const ceiling = { max: 10, windowMs: HOUR };
    const small = await startServer({ limits: { ...server.config.limits, mailsPerSite: ceiling } });
    try {
      const owner = uniqueEmail('owner');
      expect((await small.call('requestRegistration', { body: { email: owner } })).status).toBe(202);
      const answers = [];
      for (let i = 0; i < 15; i += 1)
        answers.push(
          (
            await small.call('requestRegistration', {
              body: { email: uniqueEmail('flood') },
              ip: `203.0.${i}.9`,
            })
          ).status,
        );
      expect(answers).toEqual([...Array(9).fill(202), ...Array(6).fill(429)]);
      const warnings = small.logs.lines.filter((line) => line.includes('mail ceiling'));
      expect(warnings).toHaveLength(1);
      expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40 });
      expect(warnings[0]).not.toContain('@');
      const metrics = await small.services.metrics.registry.metrics();
      expect(metrics).toContain('preadmission_mail_ceiling_reached_total 1');
      expect(metrics).toContain('preadmission_rate_limit_refusals_total{limit="mail:site"} 6');
      // An applicant who forgot the password still gets the reset mail: it goes only to an account's own
      // mailbox, and it is the owner's way back (docs/security.md#locked-out).
      const token = await (await import('../helpers.ts')).latestToken(small, owner, 'registrations');
      expect(
        (await small.call('finishRegistration', { params: { token }, body: { password: 'Passw0rd2026' } }))
          .status,
      ).toBe(204);
      expect((await small.call('requestPasswordReset', { body: { email: owner } })).status).toBe(202);
      // The next hour, registrations go out again.
      small.clock.advance(HOUR);
      expect(
        (await small.call('requestRegistration', { body: { email: uniqueEmail('later') } })).status,
      ).toBe(202);
    } finally {
      await small.close();
    }
  });
});
