// SMTP delivery through the outbox: a real SMTP server (the smtp-server package) in this process receives
// the mails, fails on demand and recovers; the worker retries with backoff and gives up only once a link has
// expired; two processes on one database never send one mail twice.
import { once } from 'node:events';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { delivery, retryDelayMs } from '../src/mail/outbox.ts';
import { ensureAccount } from '../src/providerStates/states.ts';
import { PASSWORD, signIn, startServer, uniqueEmail, type TestServer } from './helpers.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}

const received: Received[] = [];
let failing = false;
/** The first mail to each of these addresses waits in DATA until its gate opens (a slow SMTP server). */
const gates = new Map<string, { arrived: () => void; open: Promise<void> }>();
let smtp: SMTPServer;
let smtpUrl: string;
let server: TestServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onMailFrom(_address, _session, callback) {
      if (failing) return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const address = session.envelope.rcptTo.map((r) => r.address).find((a) => gates.has(a));
        const gate = address === undefined ? undefined : gates.get(address);
        if (address !== undefined && gate) {
          gates.delete(address); // only the first send waits

          gate.arrived();
          await gate.open;
        }
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
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  server = await startServer({ smtpUrl });
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});
beforeEach(() => {
  failing = false;
});

const to = (email: string) => received.filter((m) => m.to.includes(email));

async function outboxRow(target: TestServer, email: string) {
  const rows = await target.services.db.query<{
    smtp_status: string;
    body: string | null;
    attempts: number;
    smtp_error: string | null;
    sent_at: Date | null;
  }>('select smtp_status, body, attempts, smtp_error, sent_at from outbox where to_address = $1', [email]);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

async function requestRegistration(target: TestServer, email: string): Promise<void> {
  expect((await target.call('requestRegistration', { body: { email } })).status).toBe(202);
  await target.services.mailer.idle();
}

describe('SMTP delivery', () => {
  it('sends the registration mail through SMTP, then drops the link from the outbox', async () => {
    const email = uniqueEmail();
    await requestRegistration(server, email);
    expect(to(email)).toHaveLength(1);
    const mail = to(email)[0]!;
    expect(mail.from).toBe('pre-admission@example.ac.jp');
    expect(mail.data).toMatch(/Subject: =\?UTF-8\?/);
    expect(mail.data).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
    expect(mail.data).toContain('/registrations/');
    const row = await outboxRow(server, email);
    expect(row).toMatchObject({ smtp_status: 'sent', body: null, attempts: 1, smtp_error: null });
    expect(row.sent_at).not.toBeNull();
    const mailbox = (await server.call('listDebugMails')).body as { to: string }[];
    expect(mailbox.map((m) => m.to)).not.toContain(email);
  });

  it('a failing SMTP server: the mail stays queued, is retried with backoff, and is sent once it recovers', async () => {
    failing = true;
    const email = uniqueEmail('retry');
    await requestRegistration(server, email);
    expect(to(email)).toHaveLength(0);
    let row = await outboxRow(server, email);
    expect(row).toMatchObject({ smtp_status: 'queued', attempts: 1 });
    expect(row.body).toContain('/registrations/');
    expect(row.smtp_error).toMatch(/451|Try again later/);
    expect(server.logs.text).toContain('smtp send failed; the mail stays queued');

    // Not due yet: nothing is attempted.
    await server.services.mailer.deliverDue();
    expect((await outboxRow(server, email)).attempts).toBe(1);

    server.clock.advance(retryDelayMs(1));
    await server.services.mailer.deliverDue();
    row = await outboxRow(server, email);
    expect(row).toMatchObject({ smtp_status: 'queued', attempts: 2 });
    expect(retryDelayMs(2)).toBe(2 * retryDelayMs(1));

    failing = false;
    server.clock.advance(retryDelayMs(1));
    await server.services.mailer.deliverDue();
    expect((await outboxRow(server, email)).attempts).toBe(2); // the doubled delay has not passed
    server.clock.advance(retryDelayMs(2));
    await server.services.mailer.deliverDue();
    expect(to(email)).toHaveLength(1);
    expect(await outboxRow(server, email)).toMatchObject({ smtp_status: 'sent', body: null, attempts: 3 });
  });

  it('gives a mail up with an error log only once its link has expired', async () => {
    failing = true;
    const email = uniqueEmail('expired');
    await requestRegistration(server, email);
    for (let waited = 0; waited < server.config.lifetimes.registration;) {
      const step = delivery.maxDelayMs;
      server.clock.advance(step);
      waited += step;
      await server.services.mailer.deliverDue();
      if (waited < server.config.lifetimes.registration)
        expect((await outboxRow(server, email)).smtp_status).toBe('queued');
    }
    const row = await outboxRow(server, email);
    expect(row).toMatchObject({ smtp_status: 'failed', body: null });
    expect(row.attempts).toBeGreaterThan(10);
    expect(server.logs.text).toContain('mail given up: its link expired before SMTP accepted it');
    failing = false;
    server.clock.advance(delivery.maxDelayMs);
    await server.services.mailer.deliverDue();
    expect(to(email)).toHaveLength(0);
  });

  it('a change notice has no link to expire: it is retried for noticeLifetimeMs, then given up', async () => {
    const email = uniqueEmail('notice');
    await ensureAccount(server.services, email, PASSWORD);
    const cookie = await signIn(server, email);
    failing = true;
    const start = server.clock.now().getTime();
    const changed = await server.call('changePassword', {
      cookie,
      body: { currentPassword: PASSWORD, newPassword: 'Wm3kTq9xLr' },
    });
    expect(changed.status).toBe(204);
    await server.services.mailer.idle();
    // Past every link's lifetime and up to a minute before its own, the notice is still being retried.
    const day = 24 * 60 * 60_000;
    for (const at of [day, 2 * day, delivery.noticeLifetimeMs - 60_000]) {
      server.clock.advance(start + at - server.clock.now().getTime());
      await server.services.mailer.deliverDue();
      expect((await outboxRow(server, email)).smtp_status).toBe('queued');
    }
    const row = await outboxRow(server, email);
    expect(row.attempts).toBe(4);
    expect(row.body).toContain('password of your account was changed');
    server.clock.advance(start + delivery.noticeLifetimeMs + 60_000 - server.clock.now().getTime());
    await server.services.mailer.deliverDue();
    expect(await outboxRow(server, email)).toMatchObject({ smtp_status: 'failed', body: null });
    expect(server.logs.text).toContain('mail given up: SMTP did not accept the notice within its lifetime');
    failing = false;
  });

  it('an unreachable SMTP server does not fail the request and loses nothing', async () => {
    const broken = await startServer({ smtpUrl: 'smtp://127.0.0.1:1' }, server);
    try {
      const email = uniqueEmail();
      await requestRegistration(broken, email);
      const row = await outboxRow(broken, email);
      expect(row).toMatchObject({ smtp_status: 'queued', attempts: 1 });
      expect(row.body).toContain('/registrations/');
      expect(row.smtp_error).toMatch(/ECONNREFUSED/);
      expect(broken.logs.text).toContain('smtp send failed');
    } finally {
      await broken.close();
    }
  });

  it('an SMTP server that accepts the connection and never greets is given up on within the greeting timeout', async () => {
    // Without the transport's own timeouts nodemailer waits 30 s for a greeting (and 10 min on a silent
    // socket), past the claim's lease: another process would then send the same mail again.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const stalled = await startServer(
      { smtpUrl: `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}` },
      server,
    );
    try {
      const email = uniqueEmail();
      const started = Date.now();
      await requestRegistration(stalled, email);
      expect(Date.now() - started).toBeLessThan(15_000);
      const row = await outboxRow(stalled, email);
      expect(row).toMatchObject({ smtp_status: 'queued', attempts: 1 });
      expect(row.smtp_error).toMatch(/greeting/i);
    } finally {
      await stalled.close();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  }, 20_000);

  it('two processes on one database send each queued mail exactly once', async () => {
    const other = await startServer({ smtpUrl }, server);
    try {
      failing = true;
      const emails = Array.from({ length: 2 * delivery.batch + 3 }, () => uniqueEmail('pair'));
      for (const email of emails) await requestRegistration(server, email);
      failing = false;
      for (const s of [server, other]) s.clock.advance(delivery.maxDelayMs);
      await Promise.all([
        server.services.mailer.deliverDue(),
        other.services.mailer.deliverDue(),
        server.services.mailer.deliverDue(),
      ]);
      for (const email of emails) {
        expect(to(email), email).toHaveLength(1);
        expect((await outboxRow(server, email)).smtp_status).toBe('sent');
      }
    } finally {
      await other.close();
    }
  });

  // Also proves the batch is sent oldest first: on PostgreSQL the claim's RETURNING came back in another
  // order once the table had grown (after the test above), the second mail's send waited at its gate and
  // the test stalled until the transport's socket timeout.
  it('a batch that outlasts its lease: another process does not send its later mails again', async () => {
    const other = await startServer({ smtpUrl }, server);
    try {
      const [first, second] = [uniqueEmail('slow-first'), uniqueEmail('slow-second')];
      failing = true;
      for (const email of [first, second]) await requestRegistration(server, email);
      failing = false;
      for (const s of [server, other]) s.clock.advance(delivery.maxDelayMs);
      const gate = (email: string) => {
        let arrived!: () => void;
        let open!: () => void;
        const reached = new Promise<void>((resolve) => (arrived = resolve));
        gates.set(email, { arrived, open: new Promise<void>((resolve) => (open = resolve)) });
        return { reached, open };
      };
      const slowFirst = gate(first);
      const slowSecond = gate(second);
      // This process claims both; the first send is slow: the lease taken at the claim runs out meanwhile.
      const pass = server.services.mailer.deliverDue();
      await slowFirst.reached;
      for (const s of [server, other]) s.clock.advance(delivery.leaseMs + 1000);
      slowFirst.open();
      // The second mail's send has begun; the other process looks for due mail now.
      await slowSecond.reached;
      await other.services.mailer.deliverDue();
      slowSecond.open();
      await pass;
      expect(to(first)).toHaveLength(1);
      expect(to(second)).toHaveLength(1);
    } finally {
      gates.clear();
      await other.close();
    }
  });
});
