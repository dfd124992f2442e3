// The mails' words: every message the site sends, Japanese first, then English, in one message, with the
// change notices' wording (docs/security.md#change-notices). Pure functions of their arguments; the outbox
// (outbox.ts) stores and sends what they return.
import type { LinkKind } from '../account/tokens.ts';

/**
 * Every mail: the ones that carry a link (tokens.ts), the notices that carry none, an application's receipt
 * (../application/receipt.ts) and the desk's mails about it (../desk/mails.ts), which carry none either, and a
 * staff account's invitation (docs/security.md#staff) and the staff's daily summary (../desk/dailySummary.ts).
 */
export type MailKind =
  | LinkKind
  | NoticeKind
  | ApplicationNoticeKind
  | ConsentMailKind
  | RetentionMailKind
  | 'staffInvitation'
  | 'staffSummary';
/** The unused-account clock's warning (../retention/mails.ts): a notice, its link only the sign-in page's. */
export type RetentionMailKind = 'unusedAccountNotice';
/** The supervisor's consent (../consent/mails.ts): the request to the teacher, the answer to the applicant. */
export type ConsentMailKind = 'consentRequested' | 'consentAccepted' | 'consentDeclined' | 'consentExpired';
/** The mails about an application: its receipt, and the desk's return for changes and decision (../desk/mails.ts). */
export type ApplicationNoticeKind = 'applicationReceipt' | 'applicationReturned' | 'applicationDecided';
export type NoticeKind = 'emailChangeNotice' | `${NoticeEvent}Notice`;

/**
 * A change of the account's credentials that its owner is told of afterwards (ASVS 6.3.6), so that
 * someone who got in once cannot lock the owner out unseen, with what its notice needs beyond the time.
 * The passkeys and two-step issue adds its events here, each with its wording in `notices` below.
 */
interface NoticeDetails {
  passwordChanged: [];
  passwordReset: [];
  /** The new address (shown masked). */
  emailChanged: [newEmail: string];
  /** The passkey's name, as the applicant gave it. */
  passkeyAdded: [name: string];
  passkeyRemoved: [name: string];
  authenticatorAppOn: [];
  authenticatorAppOff: [];
  recoveryCodesRenewed: [];
  /** The account was deleted (issue 42, deleteAccount): everything about it is gone. */
  accountDeleted: [];
}
export type NoticeEvent = keyof NoticeDetails;

/**
 * The mails that carry no link (the notices and the receipts): given up after `delivery.noticeLifetimeMs`
 * rather than at a link's end (outbox.ts).
 */
export const isNotice = (
  kind: MailKind,
): kind is NoticeKind | ApplicationNoticeKind | ConsentMailKind | RetentionMailKind | 'staffSummary' =>
  kind.endsWith('Notice') ||
  kind.startsWith('application') ||
  kind.startsWith('consent') ||
  kind === 'staffSummary';

export interface MailMessage {
  kind: MailKind;
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

function message(
  kind: MailKind,
  to: string,
  subjectJa: string,
  subjectEn: string,
  ja: string[],
  en: string[],
): MailMessage {
  return {
    kind,
    to,
    subject: `【留学生入学前支援サイト】${subjectJa} / ${subjectEn}`,
    text: [...ja, '', '----------', '', ...en, '', signature].join('\n'),
  };
}

/**
 * The new address as the old one's mailbox sees it: enough for the owner to recognise an address they typed,
 * not the whole of someone's address to whoever reads the old mailbox (it may be shared, forwarded or
 * recycled). Up to two characters of the local part and of the domain's name are shown, never more than half
 * of either; the domain's ending (`.com`, `.ac.jp`) stays; `***` stands for any length.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  // A short second-level label (ac.jp, co.uk, com.au) belongs to the ending, not to the name.
  const endingLength = labels.length >= 3 && labels.at(-2)!.length <= 3 ? 2 : 1;
  const name = labels.slice(0, labels.length - endingLength).join('.');
  const ending = labels.slice(labels.length - endingLength).join('.');
  const head = (part: string) => {
    const chars = Array.from(part);
    return chars.slice(0, Math.min(2, Math.floor(chars.length / 2))).join('');
  };
  return `${head(local)}***@${head(name)}***.${ending}`;
}

/** The time of a change in a notice: Japan time, which the desk and the university's offices work in. */
function japanTime(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** The way back for a change to the sign-in methods that its owner did not make. */
const ifNotYou = {
  ja: 'お心当たりのない場合は、すぐに本サイトのログイン画面の「パスワードをお忘れの方」からパスワードを再設定し、窓口（pre-admission@example.ac.jp）までご連絡ください。',
  en: 'If this was not you, reset your password at once from "Forgot your password?" on the sign-in page of the Site and contact the support desk (pre-admission@example.ac.jp).',
};

interface NoticeWording {
  subject: [ja: string, en: string];
  ja: string[];
  en: string[];
}

/** What each notice says. */
const notices: { [E in NoticeEvent]: (...detail: NoticeDetails[E]) => NoticeWording } = {
  passwordChanged: () => ({
    subject: ['パスワード変更のお知らせ', 'Your password was changed'],
    ja: [
      'アカウントのパスワードが変更されました。',
      'お心当たりのない場合は、本サイトのログイン画面の「パスワードをお忘れの方」からパスワードを再設定し、窓口（pre-admission@example.ac.jp）までご連絡ください。',
    ],
    en: [
      'The password of your account was changed.',
      'If this was not you, reset your password from "Forgot your password?" on the sign-in page of the Site and contact the support desk (pre-admission@example.ac.jp).',
    ],
  }),
  passwordReset: () => ({
    subject: ['パスワード再設定のお知らせ', 'Your password was reset'],
    ja: [
      'パスワード再設定用のリンクから、アカウントのパスワードが再設定されました。',
      'お心当たりのない場合は、本サイトのログイン画面の「パスワードをお忘れの方」からもう一度パスワードを再設定し、窓口（pre-admission@example.ac.jp）までご連絡ください。',
    ],
    en: [
      'The password of your account was reset from a password reset link.',
      'If this was not you, reset your password again from "Forgot your password?" on the sign-in page of the Site and contact the support desk (pre-admission@example.ac.jp).',
    ],
  }),
  emailChanged: (newEmail) => {
    const masked = maskEmail(newEmail);
    return {
      subject: ['メールアドレス変更完了のお知らせ', 'Your email address was changed'],
      ja: [
        `アカウントのメールアドレスが${masked}に変更されました。今後のメールは新しいアドレスに送られ、このアドレスではログインできません。`,
        'お心当たりのない場合は、窓口（pre-admission@example.ac.jp）までご連絡ください。',
      ],
      en: [
        `The email address of your account was changed to ${masked}. Emails now go to the new address, and this address no longer signs in.`,
        'If this was not you, please contact the support desk (pre-admission@example.ac.jp).',
      ],
    };
  },
  passkeyAdded: (name) => ({
    subject: ['パスキー追加のお知らせ', 'A passkey was added to your account'],
    ja: [`アカウントにパスキー「${name}」が追加されました。このパスキーでログインできます。`, ifNotYou.ja],
    en: [`The passkey "${name}" was added to your account. It can sign in to your account.`, ifNotYou.en],
  }),
  passkeyRemoved: (name) => ({
    subject: ['パスキー削除のお知らせ', 'A passkey was removed from your account'],
    ja: [`アカウントからパスキー「${name}」が削除されました。`, ifNotYou.ja],
    en: [`The passkey "${name}" was removed from your account.`, ifNotYou.en],
  }),
  authenticatorAppOn: () => ({
    subject: ['2段階認証の設定のお知らせ', 'Two-step sign-in was turned on'],
    ja: [
      'アカウントに認証アプリが設定されました。パスワードでログインするときは、認証アプリのコードも必要です。',
      ifNotYou.ja,
    ],
    en: [
      'An authenticator app was set up for your account. Signing in with your password now also asks for a code from the app.',
      ifNotYou.en,
    ],
  }),
  authenticatorAppOff: () => ({
    subject: ['2段階認証の解除のお知らせ', 'Two-step sign-in was turned off'],
    ja: [
      'アカウントの認証アプリの設定が解除されました。パスワードだけでログインできる状態です。',
      ifNotYou.ja,
    ],
    en: [
      'The authenticator app was removed from your account. Your password alone now signs in.',
      ifNotYou.en,
    ],
  }),
  recoveryCodesRenewed: () => ({
    subject: ['リカバリーコード再発行のお知らせ', 'New recovery codes were made'],
    ja: ['アカウントのリカバリーコードが再発行されました。以前のリカバリーコードは使えません。', ifNotYou.ja],
    en: ['New recovery codes were made for your account. The earlier codes no longer work.', ifNotYou.en],
  }),
  accountDeleted: () => ({
    subject: ['アカウント削除のお知らせ', 'Your account was deleted'],
    ja: [
      'ご依頼により、アカウントと、アカウントに保存されていたすべての情報（プラン、下書き、出願、アップロードしたファイルを含む）を削除しました。このメールアドレスとパスワードではログインできません。',
      '本サイトを再び利用する場合は、新たにアカウントを登録してください。お心当たりのない場合は、すぐに窓口（pre-admission@example.ac.jp）までご連絡ください。',
    ],
    en: [
      'As you asked, your account and everything held about it (your plan, drafts, applications and uploaded files) were deleted. This email address and password no longer sign in.',
      'To use the Site again, register a new account. If this was not you, contact the support desk (pre-admission@example.ac.jp) at once.',
    ],
  }),
};

/**
 * A notice to the owner that a change was made (`notices` above), to the address it was made for (for an
 * email address change, the old one). It carries no link and no token: nothing in it signs anyone in, and
 * nothing in it can be mimicked by a message that asks for a click.
 */
export function notice<E extends NoticeEvent>(
  event: E,
  to: string,
  at: Date,
  ...detail: NoticeDetails[E]
): MailMessage {
  // TypeScript does not relate notices[event] to NoticeDetails[event] for a generic E by itself.
  const wording = notices[event] as (...detail: NoticeDetails[E]) => NoticeWording;
  const { subject, ja, en } = wording(...detail);
  const when = japanTime(at);
  return message(
    `${event}Notice`,
    to,
    subject[0],
    subject[1],
    [`日時：${when}（日本時間）`, ...ja],
    [`Time: ${when} (Japan time, UTC+9)`, ...en],
  );
}

export const templates = {
  registration: (to: string, link: string): MailMessage =>
    message(
      'registration',
      to,
      'アカウント登録のご案内',
      'Complete your registration',
      [
        'アカウント登録のお申し込みを受け付けました。',
        '下記のリンクからパスワードを登録してください（有効期限：24時間）。',
        link,
        '',
        'お心当たりのない場合は、このメールを破棄してください。',
      ],
      [
        'We received a request to create an account.',
        'Please set your password at the link below (valid for 24 hours).',
        link,
        '',
        'If you did not make this request, please ignore this email.',
      ],
    ),
  passwordReset: (to: string, link: string): MailMessage =>
    message(
      'passwordReset',
      to,
      'パスワード再設定のご案内',
      'Reset your password',
      [
        'パスワード再設定のお申し込みを受け付けました。',
        '下記のリンクから新しいパスワードを設定してください（有効期限：1時間）。',
        link,
        '',
        'お心当たりのない場合は、このメールを破棄してください。パスワードは変更されません。',
      ],
      [
        'We received a request to reset your password.',
        'Please set a new password at the link below (valid for 1 hour).',
        link,
        '',
        'If you did not make this request, please ignore this email; your password stays unchanged.',
      ],
    ),
  emailChange: (to: string, link: string): MailMessage =>
    message(
      'emailChange',
      to,
      'メールアドレス変更のご確認',
      'Confirm your new email address',
      [
        'メールアドレス変更のお申し込みを受け付けました。',
        '下記のリンクを開くと変更が完了します（有効期限：24時間）。変更後は再度ログインしてください。',
        link,
      ],
      [
        'We received a request to change the email address of your account to this address.',
        'Open the link below to complete the change (valid for 24 hours). You will then need to sign in again.',
        link,
      ],
    ),
  /**
   * A staff account's invitation (`npm run staff:invite`): who it is for in words the invitee recognises (the
   * role and its office or teacher), the link that sets the password, how long it works, and what comes next
   * (a second factor before anything else).
   */
  staffInvitation: (
    to: string,
    link: string,
    role: { ja: string; en: string },
    validFor: { ja: string; en: string },
  ): MailMessage =>
    message(
      'staffInvitation',
      to,
      '教職員用アカウントのご案内',
      'Your staff account',
      [
        `留学生入学前支援サイトの教職員用アカウント（${role.ja}）が作成されました。`,
        `下記のリンクからパスワードを設定してください（有効期限：${validFor.ja}）。`,
        link,
        '',
        '設定後にログインし、パスキーまたは認証アプリを登録すると、ご利用いただけます。',
        'お心当たりのない場合は、このメールを破棄し、窓口（pre-admission@example.ac.jp）までご連絡ください。',
      ],
      [
        `A staff account of Pre-admission Support for International Applicants has been made for you (${role.en}).`,
        `Please set your password at the link below (valid for ${validFor.en}).`,
        link,
        '',
        'Then sign in and add a passkey or an authenticator app to start using it.',
        'If you did not expect this, please ignore this email and tell the support desk (pre-admission@example.ac.jp).',
      ],
    ),
  emailChangeNotice: (to: string, newEmail: string): MailMessage =>
    message(
      'emailChangeNotice',
      to,
      'メールアドレス変更のお知らせ',
      'Your email address is being changed',
      [
        `このアカウントのメールアドレスを${maskEmail(newEmail)}に変更するお申し込みがありました。`,
        '新しいアドレスに送られたリンクを開くと変更が完了します。',
        'お心当たりのない場合は、パスワードを変更し、窓口までご連絡ください。',
      ],
      [
        `A request was made to change the email address of this account to ${maskEmail(newEmail)}.`,
        'The change takes effect when the link sent to the new address is opened.',
        'If this was not you, please change your password and contact the support desk.',
      ],
    ),
};
