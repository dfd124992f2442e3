// Issue 42, the applicant's own copy (openapi.yaml downloadAccountArchive, docs/behaviour.md#your-data): one zip
// of everything held about the account. `summary.txt`, a readable summary in the account's language; `data.json`,
// the data itself, as the applicant's own operations show it (no staff ids, no secrets); `files/…`, the originals
// as uploaded. `archiveCoverage` says, for every table retention/personalData.ts names as holding the applicant's
// data, where the archive has it or why not; test/retention/archiveCoverage.test.ts holds the two lists together.
import type { Locale } from '@pre-admission/i18n/choice';
import { applicationConsent } from '../consent/requests.ts';
import { documentRowsOf, type DocumentRow } from '../application/files/documents.ts';
import type { FileStorage } from '../application/files/storage.ts';
import { zipStream } from '../application/files/zipStream.ts';
import { applicationOf, applicationsOf } from '../application/repository.ts';
import { entryName } from '../desk/archive.ts';
import { exportWords } from '../desk/exportWords.ts';
import type { Database } from '../platform/db.ts';

/** Where the archive holds a table's rows (a path in data.json, or `files/`), or why it leaves them out. */
export type ArchivePlace = { in: string } | { left: string };

/** Every table personalData.ts names as holding an applicant's data ('cascade' or 'deleted'). */
export const archiveCoverage: Record<string, ArchivePlace> = {
  accounts: { in: 'account' },
  sessions: { in: 'sessions' },
  passkeys: { in: 'passkeys' },
  authenticator_apps: { in: 'authenticatorApp' },
  recovery_codes: { in: 'recoveryCodes' },
  plans: { in: 'plan' },
  applications: { in: 'applications' },
  application_history: { in: 'applications.history' },
  application_documents: { in: 'applications.documents' },
  consent_requests: { in: 'applications.consentRequests' },
  outbox: { in: 'mails' },
  stored_files: { in: 'files/' },
  stored_file_chunks: { in: 'files/' },
  tokens: {
    left: 'a mailed link is kept only as its hash until it is used or expires: the link itself is in the mail, listed under mails',
  },
  webauthn_challenges: {
    left: 'a passkey challenge is a random number kept two minutes while a passkey is added; it says nothing of the applicant',
  },
  second_steps: {
    left: 'a password sign-in waiting for its second factor, kept minutes; the sign-in itself is the session, listed under sessions',
  },
  screenings: {
    left: "the desk's export-control screening of an application, a check the law requires of the university and never shown to the applicant; the desk answers a request for it (docs/behaviour.md#your-data)",
  },
  screening_outcomes: {
    left: "the desk's outcome of that screening, with the same reason as the screening's",
  },
  application_notes: {
    left: "the desk's working notes on an application, written by staff and never shown to the applicant; the desk answers a request for them (docs/behaviour.md#your-data)",
  },
};

interface SummaryWords {
  title: string;
  intro: string;
  account: string;
  address: string;
  language: string;
  languageName: Record<Locale, string>;
  created: string;
  lastSignIn: string;
  never: string;
  passkeys: (n: number) => string;
  authenticatorApp: (on: boolean) => string;
  recoveryCodes: (n: number) => string;
  sessions: (n: number) => string;
  plan: (saved: boolean) => string;
  applications: (n: number) => string;
  reference: string;
  status: string;
  documents: (n: number) => string;
  consentRequests: (n: number) => string;
  mails: (n: number) => string;
  files: string;
  notIncluded: string;
}

/** The summary's words. Server-side words live with the server, as the mails' and the export's do. */
export const summaryWords: Record<Locale, SummaryWords> = {
  ja: {
    title: '登録データ',
    intro:
      'このファイルは、出願前サポートサイトがあなたのアカウントについて保存しているデータの要約です。データそのものは data.json に、アップロードしたファイルは files フォルダーにあります。',
    account: 'アカウント',
    address: 'メールアドレス',
    language: '言語',
    languageName: { ja: '日本語', en: '英語' },
    created: '登録日時',
    lastSignIn: '最終ログイン日時',
    never: 'なし',
    passkeys: (n) => `パスキー：${n}件（名前と日付のみ。鍵は含みません）`,
    authenticatorApp: (on) => `認証アプリ：${on ? '使用中' : '未使用'}`,
    recoveryCodes: (n) => `未使用のリカバリーコード：${n}件（コードそのものは含みません）`,
    sessions: (n) => `ログイン中のセッション：${n}件`,
    plan: (saved) => `出願計画：${saved ? '保存済み' : 'なし'}`,
    applications: (n) => `出願：${n}件`,
    reference: '受付番号',
    status: '状況',
    documents: (n) => `提出書類：${n}件`,
    consentRequests: (n) => `指導教員への内諾依頼：${n}件`,
    mails: (n) => `保存中の送信済みメール：${n}件（件名と日時）`,
    files: 'アップロードしたファイル',
    notIncluded: '含まれないもの',
  },
  en: {
    title: 'Your data',
    intro:
      'This file summarises the data the pre-admission support site holds about your account. The data itself is in data.json, and the files you uploaded are in the files folder.',
    account: 'Account',
    address: 'E-mail address',
    language: 'Language',
    languageName: { ja: 'Japanese', en: 'English' },
    created: 'Registered',
    lastSignIn: 'Last sign-in',
    never: 'none',
    passkeys: (n) => `Passkeys: ${n} (names and dates only; no keys)`,
    authenticatorApp: (on) => `Authenticator app: ${on ? 'on' : 'off'}`,
    recoveryCodes: (n) => `Unused recovery codes: ${n} (the codes themselves are not included)`,
    sessions: (n) => `Signed-in sessions: ${n}`,
    plan: (saved) => `Plan: ${saved ? 'saved' : 'none'}`,
    applications: (n) => `Applications: ${n}`,
    reference: 'Reference number',
    status: 'Status',
    documents: (n) => `Documents: ${n}`,
    consentRequests: (n) => `Requests for a supervisor's consent: ${n}`,
    mails: (n) => `Mails sent to you and still kept: ${n} (subject and date)`,
    files: 'Files you uploaded',
    notIncluded: 'Not included',
  },
};

/** Why a table is left out, in the summary's language (the coverage's `left`, said to the applicant). */
const leftOutWords: Record<Locale, string[]> = {
  ja: [
    'メールで送ったリンク（ハッシュとして有効期限まで保存。リンクそのものはメールにあります）',
    'パスキー登録時の一時的な確認用データ（2分間のみ保存）',
    '2段階認証の途中のログイン（数分間のみ保存）',
    '出願についての窓口の内部メモ（窓口にお問い合わせください）',
  ],
  en: [
    'links sent by e-mail (kept as a hash until they expire; the link itself is in the mail)',
    'the temporary check made while adding a passkey (kept two minutes)',
    'a sign-in waiting for its second factor (kept minutes)',
    "the desk's internal notes on an application (ask the desk for them)",
  ],
};

type AccountRow = {
  id: string;
  email: string;
  locale: Locale | null;
  created_at: Date | string;
  last_sign_in_at: Date | string | null;
};

const iso = (at: Date | string | null | undefined): string | null =>
  at === null || at === undefined ? null : new Date(at).toISOString();

/** Everything the archive holds of the account: data.json's content, and the files to add. */
export interface AccountArchive {
  locale: Locale;
  data: Record<string, unknown>;
  files: { path: string; document: DocumentRow }[];
}

/** Reads everything held about the account (its own rows only: every query names its id or its address). */
export async function readAccountArchive(
  db: Database,
  accountId: string,
  fallbackLocale: Locale,
  now: Date,
): Promise<AccountArchive> {
  const [account] = await db.query<AccountRow>(
    `select id::text as id, email, locale, created_at, last_sign_in_at from accounts where id = $1`,
    [accountId],
  );
  if (!account) throw new Error('The account is gone.');
  const locale = account.locale ?? fallbackLocale;
  const passkeys = await db.query<{ name: string; created_at: Date; last_used_at: Date | null }>(
    'select name, created_at, last_used_at from passkeys where account_id = $1 order by created_at, id',
    [accountId],
  );
  const [app] = await db.query<{ on_since: Date | null }>(
    'select on_since from authenticator_apps where account_id = $1',
    [accountId],
  );
  const [codes] = await db.query<{ n: string | number }>(
    'select count(*) as n from recovery_codes where account_id = $1 and used_at is null',
    [accountId],
  );
  const sessions = await db.query<{ created_at: Date; last_used_at: Date | null; expires_at: Date }>(
    `select created_at, last_used_at, expires_at from sessions
      where account_id = $1 and revoked_at is null and expires_at > $2 order by created_at`,
    [accountId, now],
  );
  const [plan] = await db.query<{ plan: unknown; updated_at: Date }>(
    'select plan, updated_at from plans where account_id = $1',
    [accountId],
  );
  const mails = await db.query<{ subject: string; created_at: Date; sent_at: Date | null }>(
    'select subject, created_at, sent_at from outbox where lower(to_address) = lower($1) order by created_at, id',
    [account.email],
  );

  const files: AccountArchive['files'] = [];
  const applications = [];
  for (const row of await applicationsOf(db, accountId)) {
    const application = await applicationOf(db, row);
    const folder = `files/${(row.reference ?? `application-${row.id}`).replace(/[^A-Za-z0-9-]/g, '_')}/`;
    const taken = new Set<string>();
    const paths = new Map<string, string>();
    for (const document of await documentRowsOf(db, row.id)) {
      const path = folder + entryName(document, taken);
      paths.set(document.id, path);
      files.push({ path, document });
    }
    const { requests } = await applicationConsent({ db }, accountId, row.id);
    applications.push({
      ...application,
      documents: application.documents.map((d) => ({ ...d, file: paths.get(d.id) })),
      consentRequests: requests,
    });
  }

  const data = {
    account: {
      email: account.email,
      language: locale,
      createdAt: iso(account.created_at),
      lastSignInAt: iso(account.last_sign_in_at),
    },
    passkeys: passkeys.map((p) => ({
      name: p.name,
      createdAt: iso(p.created_at),
      lastUsedAt: iso(p.last_used_at),
    })),
    authenticatorApp: { on: Boolean(app?.on_since), onSince: iso(app?.on_since) },
    recoveryCodes: { unused: Number(codes?.n ?? 0) },
    sessions: sessions.map((x) => ({
      createdAt: iso(x.created_at),
      lastUsedAt: iso(x.last_used_at),
      expiresAt: iso(x.expires_at),
    })),
    plan: plan ? { plan: plan.plan, updatedAt: iso(plan.updated_at) } : null,
    applications,
    mails: mails.map((m) => ({ subject: m.subject, createdAt: iso(m.created_at), sentAt: iso(m.sent_at) })),
    notIncluded: Object.fromEntries(
      Object.entries(archiveCoverage).flatMap(([table, place]) =>
        'left' in place ? [[table, place.left]] : [],
      ),
    ),
  };
  return { locale, data, files };
}

/** summary.txt: the archive's content, section by section, in the account's language. */
export function archiveSummary(archive: AccountArchive): string {
  const w = summaryWords[archive.locale];
  const d = archive.data as {
    account: { email: string; language: Locale; createdAt: string; lastSignInAt: string | null };
    passkeys: unknown[];
    authenticatorApp: { on: boolean };
    recoveryCodes: { unused: number };
    sessions: unknown[];
    plan: unknown;
    applications: {
      reference?: string;
      status: keyof (typeof exportWords)['ja']['status'];
      studentType: keyof (typeof exportWords)['ja']['kind'];
      documents: unknown[];
      consentRequests: unknown[];
    }[];
    mails: unknown[];
  };
  const words = exportWords[archive.locale];
  const lines = [
    w.title,
    '',
    w.intro,
    '',
    `## ${w.account}`,
    `${w.address}: ${d.account.email}`,
    `${w.language}: ${w.languageName[d.account.language]}`,
    `${w.created}: ${d.account.createdAt}`,
    `${w.lastSignIn}: ${d.account.lastSignInAt ?? w.never}`,
    w.passkeys(d.passkeys.length),
    w.authenticatorApp(d.authenticatorApp.on),
    w.recoveryCodes(d.recoveryCodes.unused),
    w.sessions(d.sessions.length),
    w.plan(d.plan !== null),
    '',
    `## ${w.applications(d.applications.length)}`,
    ...d.applications.flatMap((a) => [
      `- ${words.kind[a.studentType]}${a.reference ? ` (${w.reference}: ${a.reference})` : ''}`,
      `  ${w.status}: ${words.status[a.status]}`,
      `  ${w.documents(a.documents.length)}`,
      `  ${w.consentRequests(a.consentRequests.length)}`,
    ]),
    '',
    `## ${w.mails(d.mails.length)}`,
    '',
    `## ${w.files}`,
    ...archive.files.map((f) => `- ${f.path}`),
    '',
    `## ${w.notIncluded}`,
    ...leftOutWords[archive.locale].map((line) => `- ${line}`),
    '',
  ];
  return lines.join('\r\n');
}

/** The zip's bytes, a piece at a time: summary.txt, data.json, then each file as its chunks are read. */
export function accountArchiveZip(
  storage: FileStorage,
  archive: AccountArchive,
  at: Date,
): AsyncGenerator<Buffer> {
  return zipStream(
    storage,
    [
      // A UTF-8 BOM in the summary, so that Notepad and the like read the Japanese right.
      { name: 'summary.txt', content: `\ufeff${archiveSummary(archive)}`, at },
      { name: 'data.json', content: `${JSON.stringify(archive.data, null, 2)}\n`, at },
    ],
    archive.files,
  );
}

/** `pre-admission-data-YYYYMMDD.zip`, the date in Japan's time, as the site's other dates are. */
export function accountArchiveFileName(at: Date): string {
  const japan = new Date(at.getTime() + 9 * 3600_000);
  return `pre-admission-data-${japan.toISOString().slice(0, 10).replaceAll('-', '')}.zip`;
}
