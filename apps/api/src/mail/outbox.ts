// The mail outbox: every message is written to the outbox table in the caller's transaction, then sent through SMTP
// (nodemailer) by a worker in the process once that transaction has committed. A failed send is retried
// with exponential backoff and given up, with an error log, only when the link it carries has expired (a
// change notice, which carries none, after `delivery.noticeLifetimeMs`); rows
// are claimed with FOR UPDATE SKIP LOCKED and a lease, renewed just before each send, so that several
// processes do not both send a mail; delivery is still at least once: a process that dies between the SMTP
// server's acceptance and its own record of it leaves the mail to be sent again once the lease ends
// (docs/operations.md#mail). A
// mail's body (the live link) is kept only as long as it is needed: it is dropped at delivery or when the mail
// is given up, and without SMTP (tests, the debug mailbox) housekeeping drops it after a few days.
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../platform/clock.ts';
import type { Config } from '../platform/config.ts';
import type { Queryable } from '../platform/db.ts';
import type { MailOutcome } from '../platform/metrics.ts';
import { isNotice, type MailKind, type MailMessage } from './templates.ts';

/** How the worker paces itself. */
export const delivery = {
  /** The first retry comes this long after a failure; each next one twice as long after, up to maxDelayMs. */
  firstRetryMs: 30_000,
  maxDelayMs: 30 * 60_000,
  /** A claimed mail is another process's to take again only after this (a process that died mid-send). */
  leaseMs: 2 * 60_000,
  /** How often the worker looks for mails due for a retry. */
  pollMs: 15_000,
  batch: 10,
  /**
   * A notice carries no link, so nothing expires it; it is given up after this long (a weekend's SMTP
   * outage): told days later, the owner can no longer act on it in time, and the audit log keeps the change.
   */
  noticeLifetimeMs: 3 * 24 * 60 * 60_000,
};

/** The delay before attempt `attempts + 1`, after `attempts` failed ones. */
export function retryDelayMs(attempts: number): number {
  return Math.min(delivery.firstRetryMs * 2 ** Math.max(0, attempts - 1), delivery.maxDelayMs);
}

export interface Mailer {
  /** Writes the mail to the outbox in the caller's transaction; the worker sends it once that commits. */
  send(db: Queryable, mail: MailMessage): Promise<void>;
  /** One pass of the worker: sends every mail that is due (tests call it after moving the clock). */
  deliverDue(): Promise<void>;
  /** Retries on a timer (main.ts); without SMTP there is nothing to retry. */
  startWorker(): void;
  /** Resolves when no pass is running (graceful shutdown, tests). */
  idle(): Promise<void>;
  close(): void;
}

type OutboxRow = {
  id: number;
  to_address: string;
  subject: string;
  body: string | null;
  kind: MailKind | null;
  attempts: number;
  claimed_until: Date;
};

const firstLink = (text: string): string | undefined => /https?:\/\/\S+/.exec(text)?.[0];

/** The outbox row of a mail: `queued` for the worker when SMTP is configured, else kept for the debug mailbox. */
async function insertMail(
  db: Queryable,
  clock: Clock,
  mail: MailMessage,
  lifetimeMs: number,
  smtp: boolean,
): Promise<void> {
  const now = clock.now();
  await db.query(
    `insert into outbox (to_address, subject, body, kind, created_at, expires_at, next_attempt_at, smtp_status)
     values ($1, $2, $3, $4, $5, $6, $5, $7)`,
    [
      mail.to,
      mail.subject,
      mail.text,
      mail.kind,
      now,
      new Date(now.getTime() + lifetimeMs),
      smtp ? 'queued' : 'not_configured',
    ],
  );
}

/**
 * An operator command's mailer (`npm run retention`): it writes each mail to the outbox as the server's would,
 * queued when SMTP_URL is set, and sends nothing itself: the server's worker sends it.
 */
export function outboxOnly(
  config: Pick<Config, 'smtpUrl' | 'lifetimes'>,
  clock: Clock,
): Pick<Mailer, 'send'> {
  return {
    send: (db, mail) =>
      insertMail(
        db,
        clock,
        mail,
        isNotice(mail.kind) ? delivery.noticeLifetimeMs : config.lifetimes[mail.kind],
        config.smtpUrl !== undefined,
      ),
  };
}

export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'lifetimes' | 'devMailboxUrl'>,
  clock: Clock,
  log: FastifyBaseLogger,
  outboxDb: () => Queryable,
  onOutcome: (outcome: MailOutcome) => void = () => undefined,
): Mailer {
  const transport: Transporter | undefined = config.smtpUrl
    ? nodemailer.createTransport({
        url: config.smtpUrl,
        // A stalled SMTP server must not hold a claim past its lease. These belong to the transport's
        // options: createTransport's second argument is the messages' defaults.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : undefined;
  const lifetimeMs = (kind: MailKind): number =>
    isNotice(kind) ? delivery.noticeLifetimeMs : config.lifetimes[kind];

  let pass: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  /** Gives up the queued mails whose link has expired: they can no longer help anyone. */
  const giveUpExpired = async (now: Date): Promise<void> => {
    const rows = await outboxDb().query<{
      id: number;
      kind: string | null;
      attempts: number;
      smtp_error: string | null;
    }>(
      `update outbox set smtp_status = 'failed', body = null, claimed_until = null
        where smtp_status = 'queued' and expires_at <= $1 and (claimed_until is null or claimed_until <= $1)
        returning id::integer as id, kind, attempts, smtp_error`,
      [now],
    );
    for (const row of rows) {
      onOutcome('given_up');
      log.error(
        { outboxId: row.id, kind: row.kind, attempts: row.attempts, lastError: row.smtp_error },
        row.kind && isNotice(row.kind as MailKind)
          ? 'mail given up: SMTP did not accept the notice within its lifetime'
          : 'mail given up: its link expired before SMTP accepted it',
      );
    }
  };

  // The oldest due mails first, and sent in that order: an UPDATE's RETURNING has no order of its own
  // (PostgreSQL's plan for `id in (…)` may hand the rows back in any order), so the CTE sorts them again.
  const claim = async (now: Date): Promise<OutboxRow[]> =>
    outboxDb().query<OutboxRow>(
      `with claimed as (
         update outbox set claimed_until = $2, attempts = attempts + 1
          where id in (
            select id from outbox
             where smtp_status = 'queued' and next_attempt_at <= $1 and (claimed_until is null or claimed_until <= $1)
             order by next_attempt_at, id
             limit $3
             for update skip locked)
          returning id, to_address, subject, body, kind, attempts, claimed_until, next_attempt_at)
       select id::integer as id, to_address, subject, body, kind, attempts, claimed_until
         from claimed order by next_attempt_at, id`,
      [now, new Date(now.getTime() + delivery.leaseMs), delivery.batch],
    );

  /**
   * Takes the lease again, from now, just before a send: a batch's later mails would otherwise go out after
   * the lease taken at the claim ran out, while another process may already have claimed and sent them.
   * False when another process holds the mail now (its lease ran out and it claimed it).
   */
  const renew = async (row: OutboxRow): Promise<boolean> => {
    const until = new Date(clock.now().getTime() + delivery.leaseMs);
    const rows = await outboxDb().query(
      `update outbox set claimed_until = $3
        where id = $1 and smtp_status = 'queued' and claimed_until = $2
        returning id`,
      [row.id, row.claimed_until, until],
    );
    if (rows.length === 0) return false;
    row.claimed_until = until;
    return true;
  };

  const attempt = async (row: OutboxRow): Promise<void> => {
    if (!(await renew(row))) return;
    try {
      if (row.body === null) throw new Error('the body is gone');
      await transport!.sendMail({
        from: config.mailFrom,
        to: row.to_address,
        subject: row.subject,
        text: row.body,
      });
    } catch (error) {
      onOutcome('failed');
      const retryAt = new Date(clock.now().getTime() + retryDelayMs(row.attempts));
      // Still queued: the next pass after retryAt tries again, or gives it up once its link has expired.
      await outboxDb().query(
        `update outbox set smtp_error = $2, next_attempt_at = $3, claimed_until = null where id = $1`,
        [row.id, String(error), retryAt],
      );
      log.error(
        {
          err: error,
          outboxId: row.id,
          kind: row.kind,
          attempts: row.attempts,
          retryAt: retryAt.toISOString(),
        },
        'smtp send failed; the mail stays queued',
      );
      return;
    }
    onOutcome('sent');
    // At once: until this commits, a process that died here leaves the mail to be sent again when its
    // lease ends (docs/operations.md#mail: delivery is at least once).
    await outboxDb().query(
      `update outbox set smtp_status = 'sent', sent_at = $2, body = null, smtp_error = null, claimed_until = null
        where id = $1`,
      [row.id, clock.now()],
    );
  };

  const runPass = async (): Promise<void> => {
    if (!transport) return;
    for (;;) {
      again = false;
      await giveUpExpired(clock.now());
      const rows = await claim(clock.now());
      for (const row of rows) await attempt(row);
      if (rows.length < delivery.batch && !again) return;
    }
  };

  /** Starts a pass, or asks the running one to look again (a mail committed while it ran). */
  const kick = (): Promise<void> => {
    if (!transport || closed) return Promise.resolve();
    if (pass) {
      again = true;
      return pass;
    }
    pass = runPass()
      .catch((error: unknown) => log.error({ err: error }, 'mail worker pass failed; the next one retries'))
      .finally(() => {
        pass = undefined;
      });
    return pass;
  };

  return {
    async send(db, mail) {
      await insertMail(db, clock, mail, lifetimeMs(mail.kind), transport !== undefined);
      const committed = () => {
        // docs/operations.md: the development mailbox of `npm start` also prints each link here.
        if (config.devMailboxUrl) console.info(`Mail to ${mail.to}: ${firstLink(mail.text) ?? mail.subject}`);
        void kick();
      };
      if (db.afterCommit) db.afterCommit(committed);
      else setImmediate(committed);
    },
    deliverDue: kick,
    startWorker() {
      if (!transport || timer) return;
      timer = setInterval(() => void kick(), delivery.pollMs);
      timer.unref();
    },
    async idle() {
      while (pass) await pass;
    },
    close() {
      closed = true;
      if (timer) clearInterval(timer);
      transport?.close();
    },
  };
}
