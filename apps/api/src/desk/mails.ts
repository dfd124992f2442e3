// The mails the desk's actions send the applicant (docs/behaviour.md#the-desk): a return for changes and a
// decision, each in the language the application was sent in (kept at each submission, migration 14; Japanese
// when it was not kept), with a pointer to the other language, as the receipt (../application/receipt.ts). They
// carry no link and no answer: what was reopened is named, the message is the desk's as written, and the
// applicant signs in to act. Pure functions; the outbox sends what they return in the action's transaction.
import type { Locale } from '@pre-admission/i18n/choice';
import { formatJapanTime } from '../application/periods.ts';
import { sectionNames, signature, type Named } from '../application/receipt.ts';
import type { ApplicationSection } from '../application/stateMachine.ts';
import type { MailMessage } from '../mail/templates.ts';

const nameIn = (locale: Locale, named: Named) => (locale === 'ja' ? named.nameJa : named.name);
const SUBJECT = '【留学生入学前支援サイト】';

export interface ReturnedMail {
  readonly to: string;
  readonly locale: Locale;
  readonly reference: string;
  readonly sections: readonly ApplicationSection[];
  /** The file names of the documents reopened. */
  readonly fileNames: readonly string[];
  readonly dueAt: Date;
  readonly message: string;
}

export function returnedMail(mail: ReturnedMail): MailMessage {
  const { locale, reference } = mail;
  const due = formatJapanTime(mail.dueAt);
  const reopened = [
    ...mail.sections.map((section) => `・${nameIn(locale, sectionNames[section])}`),
    ...mail.fileNames.map((name) => `・${name}`),
  ];
  if (locale === 'ja')
    return {
      kind: 'applicationReturned',
      to: mail.to,
      subject: `${SUBJECT}出願の修正をお願いします（受付番号：${reference}）`,
      text: [
        `受付番号 ${reference} の出願について、窓口から修正のお願いがあります。`,
        '',
        '修正できる項目・書類：',
        ...reopened,
        '',
        `期限：${due}（日本時間）`,
        '',
        '窓口からのメッセージ：',
        mail.message,
        '',
        '本サイトにログインし、上記を修正のうえ期限までに再提出してください。',
        '',
        `The desk has returned your application ${reference} for changes. Sign in to read this message in English.`,
        '',
        signature,
      ].join('\n'),
    };
  return {
    kind: 'applicationReturned',
    to: mail.to,
    subject: `${SUBJECT}Please make changes to your application (reference number ${reference})`,
    text: [
      `The Pre-admission Support Desk has returned your application ${reference} for changes.`,
      '',
      'What you can change:',
      ...reopened,
      '',
      `Due: ${due} (Japan time, UTC+9)`,
      '',
      "The desk's message:",
      mail.message,
      '',
      'Please sign in, make these changes and submit the application again by the due date.',
      '',
      `受付番号 ${reference} の出願について、窓口から修正のお願いがあります。日本語での内容は、本サイトにログインしてご確認ください。`,
      '',
      signature,
    ].join('\n'),
  };
}

export interface DecidedMail {
  readonly to: string;
  readonly locale: Locale;
  readonly reference: string;
  readonly outcome: 'accepted' | 'notAccepted';
  /** The acceptor reject reason, in both languages (not accepted only). */
  readonly reason: Named | undefined;
  readonly message: string | undefined;
}

export function decidedMail(mail: DecidedMail): MailMessage {
  const { locale, reference } = mail;
  const accepted = mail.outcome === 'accepted';
  if (locale === 'ja')
    return {
      kind: 'applicationDecided',
      to: mail.to,
      subject: `${SUBJECT}出願の結果のお知らせ（受付番号：${reference}）`,
      text: [
        `受付番号 ${reference} の出願の結果をお知らせします。`,
        '',
        `結果：${accepted ? '受け入れ' : '受け入れ不可'}`,
        ...(mail.reason ? [`理由：${nameIn(locale, mail.reason)}`] : []),
        ...(mail.message ? ['', '窓口からのメッセージ：', mail.message] : []),
        '',
        '詳しくは本サイトにログインしてご確認ください。',
        '',
        `The decision on your application ${reference} has been made. Sign in to read it in English.`,
        '',
        signature,
      ].join('\n'),
    };
  return {
    kind: 'applicationDecided',
    to: mail.to,
    subject: `${SUBJECT}The decision on your application (reference number ${reference})`,
    text: [
      `The decision on your application ${reference} has been made.`,
      '',
      `Decision: ${accepted ? 'accepted' : 'not accepted'}`,
      ...(mail.reason ? [`Reason: ${nameIn(locale, mail.reason)}`] : []),
      ...(mail.message ? ['', "The desk's message:", mail.message] : []),
      '',
      'Please sign in to the site for the details.',
      '',
      `受付番号 ${reference} の出願の結果をお知らせします。日本語での内容は、本サイトにログインしてご確認ください。`,
      '',
      signature,
    ].join('\n'),
  };
}
