// Finding 10: the outbox kept every live link in plain text for ever (anyone with a backup or a read-only
// database role could take over accounts), and a failed SMTP send was never retried (the mail was lost).
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired } from '../../src/platform/housekeeping.ts';
import { ensureAccount } from '../../src/providerStates/states.ts';
import { startServer, uniqueEmail, type TestServer } from '../helpers.ts';

let smtpDown = false;
let smtp: SMTPServer;
let server: TestServer;
let withoutSmtp: TestServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onMailFrom: (_address, _session, callback) =>
      callback(smtpDown ? Object.assign(new Error('Service unavailable'), { responseCode: 421 }) : undefined),
    onData: (stream, _session, callback) => {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  server = await startServer({ smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` });
  withoutSmtp = await startServer({ smtpUrl: undefined }, server);
});
afterAll(async () => {
  await withoutSmtp.close();
  await server.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** What someone holding a copy of the database finds: every live link in the outbox. */
async function linksInDatabase(target: TestServer, email: string): Promise<string[]> {
  const rows = await target.services.db.query<{ body: string | null }>(
    'select body from outbox where to_address = $1',
    [email],
  );
  return rows.flatMap((row) => /https?:\/\/\S+\/password-reset\/\S+/.exec(row.body ?? '') ?? []);
}

async function requestReset(target: TestServer, email: string): Promise<void> {
  expect((await target.call('requestPasswordReset', { body: { email } })).status).toBe(202);
  await target.services.mailer.idle();
}

describe('links in the outbox, mails that vanish', () => {
  it('an attacker with a copy of the database reads the reset link of a mail already delivered', async () => {
    const victim = uniqueEmail('victim');
    await ensureAccount(server.services, victim, 'Passw0rd2026');
    await requestReset(server, victim);
    expect(await linksInDatabase(server, victim)).toEqual([]);
  });

  it('an attacker with a copy of the database reads links of mails days old, sent without SMTP', async () => {
    const victim = uniqueEmail('victim');
    await ensureAccount(withoutSmtp.services, victim, 'Passw0rd2026');
    await requestReset(withoutSmtp, victim);
    withoutSmtp.clock.advance(4 * 24 * 60 * 60 * 1000);
    await purgeExpired(withoutSmtp.services.db, withoutSmtp.clock);
    expect(await linksInDatabase(withoutSmtp, victim)).toEqual([]);
  });

  it('the SMTP server is down when an applicant asks for a reset: the mail is not dropped', async () => {
    const applicant = uniqueEmail('applicant');
    await ensureAccount(server.services, applicant, 'Passw0rd2026');
    smtpDown = true;
    await requestReset(server, applicant);
    const rows = await server.services.db.query<{ smtp_status: string }>(
      'select smtp_status from outbox where to_address = $1',
      [applicant],
    );
    expect(rows.map((row) => row.smtp_status)).toEqual(['queued']);
    smtpDown = false;
    server.clock.advance(60_000);
    await server.services.mailer.deliverDue();
    const after = await server.services.db.query<{ smtp_status: string }>(
      'select smtp_status from outbox where to_address = $1',
      [applicant],
    );
    expect(after.map((row) => row.smtp_status)).toEqual(['sent']);
  });
});
