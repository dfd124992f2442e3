// With SMTP_URL the outbox mail is also sent through nodemailer: an in-process SMTP server receives it.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, uniqueEmail, type TestServer } from './helpers.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let server: TestServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const port = (smtp.server.address() as AddressInfo).port;
  server = await startServer({ smtpUrl: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('SMTP delivery', () => {
  it('sends the registration mail through SMTP and records it in the outbox', async () => {
    const email = uniqueEmail();
    expect((await server.call('requestRegistration', { body: { email } })).status).toBe(202);
    await server.services.mailer.idle();
    const mail = received.find((m) => m.to.includes(email));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('pre-admission@example.ac.jp');
    expect(mail!.data).toMatch(/Subject: =\?UTF-8\?/);
    expect(mail!.data).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
    const rows = await server.services.db.query<{ smtp_status: string }>(
      'select smtp_status from outbox where to_address = $1',
      [email],
    );
    expect(rows.map((r) => r.smtp_status)).toEqual(['sent']);
    const mailbox = (await server.call('listDebugMails')).body as { to: string }[];
    expect(mailbox[0]!.to).toBe(email);
  });

  it('an unreachable SMTP server does not fail the request; the outbox records the failure', async () => {
    const broken = await startServer({ smtpUrl: 'smtp://127.0.0.1:1' }, server);
    try {
      const email = uniqueEmail();
      expect((await broken.call('requestRegistration', { body: { email } })).status).toBe(202);
      await broken.services.mailer.idle();
      const rows = await broken.services.db.query<{ smtp_status: string }>(
        'select smtp_status from outbox where to_address = $1',
        [email],
      );
      expect(rows.map((r) => r.smtp_status)).toEqual(['failed']);
    } finally {
      await broken.close();
    }
  });
});
