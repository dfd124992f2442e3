// The words of the desk's CSV export (export.ts), in both languages. Server-side words live with the server, as
// the mails' do (mails.ts): the reference provider takes only the language choice from packages/i18n. Each word
// the desk console also shows is the console's own (the desk catalogue's message named beside it), and
// test/desk/export.test.ts holds every such word to its catalogue, so the export and the console say one thing
// one way.
import type { Locale } from '@pre-admission/i18n/choice';
import type { ApplicationStatus } from '../application/stateMachine.ts';
import type { ConsentStatus } from '../consent/requests.ts';
import type { StudentType } from '../application/repository.ts';

interface Words {
  /** The header row, column by column, with the desk catalogue's message where the console has the word. */
  header: readonly { word: string; catalogue?: string }[];
  kind: Record<StudentType, string>;
  status: Record<ApplicationStatus, string>;
  /** The latest consent request's state, or `none` when no supervisor was asked. */
  consent: Record<ConsentStatus | 'none', string>;
}

export const exportWords: Record<Locale, Words> = {
  ja: {
    header: [
      { word: '受付番号', catalogue: 'desk.column.reference' },
      { word: '氏名', catalogue: 'desk.column.name' },
      { word: '漢字・カナ氏名', catalogue: 'desk.answer.nameJa' },
      { word: '国籍', catalogue: 'desk.filter.nationality' },
      { word: '出願区分', catalogue: 'desk.filter.kind' },
      { word: 'プログラム', catalogue: 'desk.filter.programme' },
      { word: 'コース', catalogue: 'desk.filter.course' },
      { word: '出願期間', catalogue: 'desk.filter.period' },
      { word: '状況', catalogue: 'desk.column.status' },
      { word: '提出日時（日本時間）' },
      { word: '指導教員の内諾' },
    ],
    kind: { researchStudent: '研究生', master: '修士課程', doctoral: '博士課程', exchange: '交換留学' },
    status: {
      draft: '下書き',
      submitted: '提出済み',
      underReview: '審査中',
      returned: '修正依頼あり',
      resubmitted: '再提出済み',
      decided: '結果通知済み',
      withdrawn: '取り下げ済み',
    },
    consent: {
      none: '依頼なし',
      requested: '回答待ち',
      accepted: '承諾済み',
      declined: '不承諾',
      expired: '期限切れ',
      withdrawn: '取り下げ済み',
    },
  },
  en: {
    header: [
      { word: 'Reference number', catalogue: 'desk.column.reference' },
      { word: 'Name', catalogue: 'desk.column.name' },
      { word: 'Name in Japanese script', catalogue: 'desk.answer.nameJa' },
      { word: 'Nationality', catalogue: 'desk.filter.nationality' },
      { word: 'Kind of application', catalogue: 'desk.filter.kind' },
      { word: 'Programme', catalogue: 'desk.filter.programme' },
      { word: 'Course', catalogue: 'desk.filter.course' },
      { word: 'Application period', catalogue: 'desk.filter.period' },
      { word: 'Status', catalogue: 'desk.column.status' },
      { word: 'Submitted (Japan time)' },
      { word: "Supervisor's consent" },
    ],
    kind: {
      researchStudent: 'Research student',
      master: "Master's programme",
      doctoral: 'Doctoral programme',
      exchange: 'Exchange student',
    },
    status: {
      draft: 'Draft',
      submitted: 'Submitted',
      underReview: 'Under review',
      returned: 'Returned for changes',
      resubmitted: 'Resubmitted',
      decided: 'Decided',
      withdrawn: 'Withdrawn',
    },
    consent: {
      none: 'Not asked',
      requested: 'Waiting for an answer',
      accepted: 'Accepted',
      declined: 'Declined',
      expired: 'Expired',
      withdrawn: 'Withdrawn',
    },
  },
};
