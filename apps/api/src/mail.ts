// Mail: every message goes to the outbox table (the development mailbox reads it); with SMTP_URL it is also
// sent through nodemailer. Japanese first, then English, in one message.
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Queryable } from './db.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

const signature = [
  '---',
  '留学生入学前支援窓口 / Pre-admission Support Desk',
  'pre-admission@example.ac.jp',
  '※このメールは送信専用です。/ This is an automated message; please do not reply.',
].join('\n');

function message(to: string, subjectJa: string, subjectEn: string, ja: string[], en: string[]): MailMessage {
  return {
    to,
    subject: `【留学生入学前支援】${subjectJa} / ${subjectEn}`,
    text: [...ja, '', '----------', '', ...en, '', signature].join('\n'),
  };
}

export const templates = {
  registration: (to: string, link: string): MailMessage =>
    message(
      to,
      'アカウント登録のご案内',
      'Complete your registration',
      [
        'アカウント登録のお申し込みを受け付けました。',
        '下記のURLからパスワードを登録してください（有効期限：24時間）。',
        link,
        '',
        'お心当たりのない場合は、このメールを破棄してください。',
      ],
      [
        'We received a request to create an account.',
        'Please set your password at the URL below (valid for 24 hours).',
        link,
        '',
        'If you did not make this request, please ignore this mail.',
      ],
    ),
  passwordReset: (to: string, link: string): MailMessage =>
    message(
      to,
      'パスワード再設定のご案内',
      'Reset your password',
      [
        'パスワード再設定のお申し込みを受け付けました。',
        '下記のURLから新しいパスワードを設定してください（有効期限：1時間）。',
        link,
        '',
        'お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。',
      ],
      [
        'We received a request to reset your password.',
        'Please set a new password at the URL below (valid for 1 hour).',
        link,
        '',
        'If you did not make this request, please ignore this mail; your password stays unchanged.',
      ],
    ),
  emailChange: (to: string, link: string): MailMessage =>
    message(
      to,
      'メールアドレス変更のご確認',
      'Confirm your new e-mail address',
      [
        'メールアドレス変更のお申し込みを受け付けました。',
        '下記のURLを開くと変更が完了します（有効期限：24時間）。変更後は再度サインインしてください。',
        link,
      ],
      [
        'We received a request to change the e-mail address of your account to this address.',
        'Open the URL below to complete the change (valid for 24 hours). You will then need to sign in again.',
        link,
      ],
    ),
  emailChangeNotice: (to: string, newEmail: string): MailMessage =>
    message(
      to,
      'メールアドレス変更のお知らせ',
      'Your e-mail address is being changed',
      [
        `このアカウントのメールアドレスを ${newEmail} に変更するお申し込みがありました。`,
        '新しいアドレスに送られたURLを開くと変更が完了します。',
        'お心当たりのない場合は、パスワードを変更し、窓口までご連絡ください。',
      ],
      [
        `A request was made to change the e-mail address of this account to ${newEmail}.`,
        'The change takes effect when the link sent to the new address is opened.',
        'If this was not you, please change your password and contact the support desk.',
      ],
    ),
};

export interface Mailer {
  /** Writes the mail to the outbox (in the caller's transaction) and queues the SMTP send. */
  send(db: Queryable, mail: MailMessage): Promise<void>;
  /** Resolves when every queued SMTP send has finished (graceful shutdown, tests). */
  idle(): Promise<void>;
  close(): void;
}

export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  clock: Clock,
  log: FastifyBaseLogger,
  outboxDb: () => Queryable,
): Mailer {
  const transport: Transporter | undefined = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : undefined;
  const pending = new Set<Promise<void>>();

  const deliver = async (id: number, mail: MailMessage): Promise<void> => {
    if (!transport) return;
    try {
      await transport.sendMail({
        from: config.mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
      await outboxDb().query(`update outbox set smtp_status = 'sent' where id = $1`, [id]);
    } catch (error) {
      log.error({ err: error, outboxId: id }, 'smtp send failed');
      await outboxDb()
        .query(`update outbox set smtp_status = 'failed', smtp_error = $2 where id = $1`, [id, String(error)])
        .catch(() => undefined);
    }
  };

  return {
    async send(db, mail) {
      const rows = await db.query<{ id: number }>(
        `insert into outbox (to_address, subject, body, created_at, smtp_status) values ($1, $2, $3, $4, $5)
         returning id::integer as id`,
        [mail.to, mail.subject, mail.text, clock.now(), transport ? 'queued' : 'not_configured'],
      );
      const id = rows[0]!.id;
      if (transport) {
        // Sent after the response; the outbox row is the record either way.
        const job = new Promise<void>((resolve) => setImmediate(resolve))
          .then(() => deliver(id, mail))
          .finally(() => pending.delete(job));
        pending.add(job);
      }
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close() {
      transport?.close();
    },
  };
}
