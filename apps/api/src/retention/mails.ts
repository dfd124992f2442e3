// The unused-account clock's warning (docs/operations.md#retention): the account will be deleted unless its
// owner signs in before a date, with the sign-in page's link (a plain link to the site, never one that signs
// anyone in). In the language of the account's last sign-in; in Japanese and then English for an account that has
// not signed in since migration 17 kept it. Pure; clocks.ts queues it in the claim's transaction.
import type { Locale } from '@pre-admission/i18n/choice';
import { formatJapanTime } from '../application/periods.ts';
import { signature } from '../application/receipt.ts';
import type { MailMessage } from '../mail/templates.ts';

export interface UnusedAccountMail {
  readonly to: string;
  /** The language of its last sign-in; null: not known, both languages. */
  readonly locale: Locale | null;
  readonly lastSignInAt: Date;
  /** The first time the clock may delete it. */
  readonly deleteAfter: Date;
  /** The sign-in page: PUBLIC_URL, BASE_PATH and the route table's sign-in path. */
  readonly link: string;
}

const SUBJECT = '【留学生入学前支援サイト】';

function japanese(mail: UnusedAccountMail): { subject: string; text: string[] } {
  return {
    subject: 'ご利用のないアカウントの削除のお知らせ',
    text: [
      `このメールアドレスで登録された留学生入学前支援サイトのアカウントには、${formatJapanTime(mail.lastSignInAt)}（日本時間）以降ログインがありません。`,
      `「個人情報の取り扱いについて」のとおり、${formatJapanTime(mail.deleteAfter)}（日本時間）以降に、アカウントとその情報（出願準備、出願、アップロードした書類）を削除します。`,
      '',
      'アカウントを残す場合は、それまでに下記からログインしてください。ログインすると、アカウントは削除されません。',
      mail.link,
      '',
      '削除してかまわない場合は、何もする必要はありません。',
    ],
  };
}

function english(mail: UnusedAccountMail): { subject: string; text: string[] } {
  return {
    subject: 'Your unused account will be deleted',
    text: [
      `Your account on Pre-admission Support for International Applicants for this address has not been signed in to since ${formatJapanTime(mail.lastSignInAt)} (Japan time, UTC+9).`,
      `As our privacy policy says, the account and everything it holds (your application plan, applications and uploaded documents) will be deleted after ${formatJapanTime(mail.deleteAfter)} (Japan time).`,
      '',
      'To keep your account, sign in at the link below before then. Signing in keeps it.',
      mail.link,
      '',
      'If you no longer need it, you need do nothing.',
    ],
  };
}

export function unusedAccountMail(mail: UnusedAccountMail): MailMessage {
  const ja = japanese(mail);
  const en = english(mail);
  const [subject, text] =
    mail.locale === 'ja'
      ? [ja.subject, ja.text]
      : mail.locale === 'en'
        ? [en.subject, en.text]
        : [`${ja.subject} / ${en.subject}`, [...ja.text, '', '----------', '', ...en.text]];
  return {
    kind: 'unusedAccountNotice',
    to: mail.to,
    subject: `${SUBJECT}${subject}`,
    text: [...text, '', signature].join('\n'),
  };
}
