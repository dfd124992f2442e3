// The receipt of a submitted application: one mail, in the applicant's language (the language the site was
// in when they submitted: its cookie, else the browser's languages, else Japanese, as the pages choose it),
// listing what was sent: the reference number, the programme, every section and every document by name. It
// carries no link and no answer beyond the names of what was sent: a mailbox is no place for a date of birth.
// A pure function, as the other mails' words are (../mail/templates.ts); the outbox sends what it returns.
import type { Locale } from '@pre-admission/i18n/choice';
import type { MailMessage } from '../mail/templates.ts';
import { formatJapanTime } from './periods.ts';
import type { StudentType } from './repository.ts';
import type { ApplicationSection } from './stateMachine.ts';

/** A name in both languages, as the reference lists hold them (`name`, `nameJa`). */
export interface Named {
  readonly name: string;
  readonly nameJa: string;
}

export interface Receipt {
  readonly to: string;
  readonly locale: Locale;
  readonly reference: string;
  readonly studentType: StudentType;
  /** The programme option, if the application names one the list still has. */
  readonly programme: Named | undefined;
  readonly submittedAt: Date;
  /** A resubmission after a return for changes (the reference stays the first submission's). */
  readonly resubmitted: boolean;
  /** The sections sent, in the task list's order. */
  readonly sections: readonly ApplicationSection[];
  /** Each document slot with the names of the files sent in it, in the slots' order. */
  readonly documents: readonly { readonly slot: Named; readonly fileNames: readonly string[] }[];
}

/** The kinds of application, in the planner's words (packages/i18n planner.kind.*). */
const kinds: Record<StudentType, Named> = {
  researchStudent: { nameJa: '研究生', name: 'Research student' },
  master: { nameJa: '修士課程', name: "Master's programme" },
  doctoral: { nameJa: '博士課程', name: 'Doctoral programme' },
  exchange: { nameJa: '交換留学', name: 'Exchange student' },
};

/** The sections of an application, in the task list's order (openapi.yaml ApplicationSection). */
export const sectionNames: Record<ApplicationSection, Named> = {
  choices: {
    nameJa: 'プログラム・希望指導教員・奨学金',
    name: 'Programme, prospective supervisor and scholarship',
  },
  personal: { nameJa: '個人情報', name: 'Personal details' },
  contact: { nameJa: '連絡先', name: 'Contact details' },
  education: { nameJa: '学歴', name: 'Education' },
  documents: { nameJa: '提出書類', name: 'Documents' },
  declarations: { nameJa: '確認事項', name: 'Declarations' },
};

export const signature = [
  '---',
  '留学生入学前支援窓口 / Pre-admission Support Desk',
  'pre-admission@example.ac.jp',
  '※このメールは送信専用です。/ This is an automated message; please do not reply.',
].join('\n');

const nameIn = (locale: Locale, named: Named) => (locale === 'ja' ? named.nameJa : named.name);

/** The receipt mail: subject and text in the applicant's language, a pointer to it in the other. */
export function receiptMail(receipt: Receipt): MailMessage {
  const { locale, reference } = receipt;
  const name = (named: Named) => nameIn(locale, named);
  const when = formatJapanTime(receipt.submittedAt);
  const programme = receipt.programme ? name(receipt.programme) : '';
  const sections = receipt.sections.map((section) => `・${name(sectionNames[section])}`);
  const documents = receipt.documents.flatMap(({ slot, fileNames }) => [
    `・${name(slot)}`,
    ...fileNames.map((fileName) => `    ${fileName}`),
  ]);
  if (locale === 'ja') {
    const what = receipt.resubmitted ? '再提出' : '出願';
    return {
      kind: 'applicationReceipt',
      to: receipt.to,
      subject: `【留学生入学前支援サイト】${what}を受け付けました（受付番号：${reference}）`,
      text: [
        `${what}を受け付けました。窓口へのお問い合わせの際は、受付番号をお知らせください。`,
        '',
        `受付番号：${reference}`,
        `出願区分：${name(kinds[receipt.studentType])}`,
        ...(programme ? [`プログラム：${programme}`] : []),
        `受付日時：${when}（日本時間）`,
        '',
        '送信した項目：',
        ...sections,
        '',
        '送信した書類：',
        ...(documents.length > 0 ? documents : ['（なし）']),
        '',
        '出願の内容と状況は、本サイトにログインしてご確認いただけます。',
        'お心当たりのない場合は、窓口（pre-admission@example.ac.jp）までご連絡ください。',
        '',
        `This is the receipt of your application ${reference}, in Japanese, the language of the site when you submitted it. Sign in to see your application in English.`,
        '',
        signature,
      ].join('\n'),
    };
  }
  const what = receipt.resubmitted ? 'resubmitted application' : 'application';
  return {
    kind: 'applicationReceipt',
    to: receipt.to,
    subject: `【留学生入学前支援サイト】We received your ${what} (reference number ${reference})`,
    text: [
      `We received your ${what}. Please quote the reference number when you contact the Pre-admission Support Desk.`,
      '',
      `Reference number: ${reference}`,
      `Kind of application: ${name(kinds[receipt.studentType])}`,
      ...(programme ? [`Programme: ${programme}`] : []),
      `Received: ${when} (Japan time, UTC+9)`,
      '',
      'Sections sent:',
      ...sections,
      '',
      'Documents sent:',
      ...(documents.length > 0 ? documents : ['(none)']),
      '',
      'You can see your application and its status when you sign in to the site.',
      'If this was not you, please contact the support desk (pre-admission@example.ac.jp).',
      '',
      `出願（受付番号：${reference}）の受付のお知らせです。出願時の本サイトの言語（英語）でお送りしています。日本語での内容は、本サイトにログインしてご確認ください。`,
      '',
      signature,
    ].join('\n'),
  };
}
