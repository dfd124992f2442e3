// The supervisor's consent mails (docs/behaviour.md#supervisor-consent). To the teacher asked: a request
// waits for them, with a link to the desk's console, Japanese first and then English (a staff account keeps no
// language). To the applicant: accepted, declined (the reason in their language, the supervisor's message as
// written) or expired, in the language they asked in, with a pointer to the other, as the desk's mails
// (../desk/mails.ts). No mail carries the research plan or a link that signs anyone in. Pure functions; the
// outbox sends what they return in the step's transaction.
import type { Locale } from '@pre-admission/i18n/choice';
import { formatJapanTime } from '../application/periods.ts';
import { signature } from '../application/receipt.ts';
import type { MailMessage } from '../mail/templates.ts';

const SUBJECT = '【留学生入学前支援サイト】';

export interface RequestedMail {
  readonly to: string;
  /** The teacher's name as the teachers list writes it (Japanese) and in English. */
  readonly teacher: { name: string; nameEn: string };
  readonly applicantName: string;
  readonly expiresAt: Date;
  /** The desk's console: PUBLIC_URL, BASE_PATH and /desk/. */
  readonly link: string;
}

export function consentRequestedMail(mail: RequestedMail): MailMessage {
  const until = formatJapanTime(mail.expiresAt);
  return {
    kind: 'consentRequested',
    to: mail.to,
    subject: `${SUBJECT}受入内諾の依頼 / A request for your consent as supervisor`,
    text: [
      `${mail.teacher.name} 先生`,
      '',
      `出願希望者 ${mail.applicantName} さんから、指導教員としての受入内諾の依頼が届きました。`,
      '研究計画書とメッセージを下記の教職員用ページでご確認のうえ、承諾または辞退をご回答ください。',
      mail.link,
      '',
      `回答期限：${until}（日本時間）。期限までに回答がない場合、依頼は期限切れとなります。`,
      '',
      `Dear ${mail.teacher.nameEn},`,
      '',
      `The applicant ${mail.applicantName} asks for your consent to supervise their studies.`,
      'Please read the research plan and the message on the staff pages below, then accept or decline.',
      mail.link,
      '',
      `Please answer by ${until} (Japan time, UTC+9); an unanswered request then expires.`,
      '',
      signature,
    ].join('\n'),
  };
}

export interface AnsweredMail {
  readonly to: string;
  readonly locale: Locale;
  /** The teacher's name in the applicant's language. */
  readonly teacherName: string;
  readonly outcome: 'accepted' | 'declined' | 'expired';
  readonly reason?: { ja: string; en: string };
  readonly response?: string;
}

const kinds = {
  accepted: 'consentAccepted',
  declined: 'consentDeclined',
  expired: 'consentExpired',
} as const;

export function consentAnsweredMail(mail: AnsweredMail): MailMessage {
  const { locale, teacherName, outcome } = mail;
  const message = mail.response ? [mail.response] : [];
  if (locale === 'ja') {
    const subject = {
      accepted: '指導教員の内諾が得られました',
      declined: '指導教員の内諾が得られませんでした',
      expired: '内諾の依頼が期限切れになりました',
    }[outcome];
    const lead = {
      accepted: [`${teacherName} 先生が、受入内諾の依頼を承諾しました。出願を提出できます。`],
      declined: [
        `${teacherName} 先生は、受入内諾の依頼を辞退しました。`,
        ...(mail.reason ? ['', `理由：${mail.reason.ja}`] : []),
      ],
      expired: [`${teacherName} 先生への受入内諾の依頼は、期限までに回答がなく期限切れになりました。`],
    }[outcome];
    return {
      kind: kinds[outcome],
      to: mail.to,
      subject: `${SUBJECT}${subject}`,
      text: [
        ...lead,
        ...(message.length > 0 ? ['', '先生からのメッセージ：', ...message] : []),
        '',
        outcome === 'accepted'
          ? '本サイトにログインし、出願を確認のうえ提出してください。'
          : '本サイトにログインすると、同じ先生または別の先生に改めて依頼できます。',
        '',
        'There is news about your request for a supervisor’s consent. Sign in to read it in English.',
        '',
        signature,
      ].join('\n'),
    };
  }
  const subject = {
    accepted: 'Your supervisor has given consent',
    declined: 'Your supervisor has declined your request',
    expired: 'Your request for consent has expired',
  }[outcome];
  const lead = {
    accepted: [`${teacherName} has accepted your request for consent. You can now submit your application.`],
    declined: [
      `${teacherName} has declined your request for consent.`,
      ...(mail.reason ? ['', `Reason: ${mail.reason.en}`] : []),
    ],
    expired: [`Your request for consent to ${teacherName} was not answered in time and has expired.`],
  }[outcome];
  return {
    kind: kinds[outcome],
    to: mail.to,
    subject: `${SUBJECT}${subject}`,
    text: [
      ...lead,
      ...(message.length > 0 ? ['', 'The supervisor’s message:', ...message] : []),
      '',
      outcome === 'accepted'
        ? 'Please sign in, check your application and submit it.'
        : 'Please sign in to ask the same or another supervisor again.',
      '',
      '指導教員の内諾について、お知らせがあります。日本語での内容は、本サイトにログインしてご確認ください。',
      '',
      signature,
    ].join('\n'),
  };
}
