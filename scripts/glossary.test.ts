// docs/glossary.md fixes one word per thing. This holds every message catalogue and every mail template to
// it: a banned variant anywhere fails, naming the message and the word to use.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

const site = { ja: '留学生入学前支援サイト', en: 'Pre-admission Support for International Applicants' };
const desk = { ja: '留学生入学前支援窓口', en: 'Pre-admission Support Desk' };
/** The site's short name: the compact header, where the full name does not fit (issue 27, defect 7). */
const siteShort = { ja: '留学生入学前支援', en: 'Pre-admission Support' };

interface Ban {
  readonly pattern: RegExp;
  readonly use: string;
  /** Where (file and id) the variant is right after all. */
  readonly except?: RegExp;
}

/** The one message that holds the short name (checked below to be exactly it). */
const shortName = /^packages\/i18n\/src\/catalogues\/ui\.(?:ja|en)\.json ui\.header\.siteTitleShort$/;

/** Banned variants, with the glossary's word instead. Japanese and English text each get their own. */
const bans: Record<'ja' | 'en', readonly Ban[]> = {
  ja: [
    { pattern: /サインイン/, use: 'ログイン' },
    { pattern: /サインアウト/, use: 'ログアウト' },
    { pattern: /申請/, use: '出願 (an application) or 申し込み (a request)' },
    { pattern: /出願前サポート|サポートサイト|サポートデスク/, use: `${site.ja} / ${desk.ja}` },
    {
      pattern: /(?<!留学生)入学前支援|入学前支援(?!サイト|窓口)/,
      use: `${site.ja} / ${desk.ja}`,
      except: shortName,
    },
    { pattern: /URL/, use: 'リンク (in a mail) or ページのアドレス (typed in the browser)' },
    { pattern: /\}\s*(?:さん|様)/, use: 'no suffix after the address' },
    { pattern: /[EeＥｅ]\s*[-－]?\s*メール|電子メール/, use: 'メール' },
    { pattern: /e-mail/i, use: 'メール' },
  ],
  en: [
    { pattern: /e-mail/i, use: 'email' },
    { pattern: /\bmails?\b/i, use: 'email' },
    { pattern: /\blog(?:s|ged|ging)?[ -]?in\b|\blogin\b/i, use: 'sign in' },
    { pattern: /\blog(?:s|ged|ging)?[ -]?out\b|\blogout\b/i, use: 'sign out' },
    {
      pattern: /Pre-admission Support(?! for International Applicants| Desk)/,
      use: site.en,
      except: shortName,
    },
    { pattern: /\bURLs?\b/, use: 'link (in an email) or address (typed in the browser)' },
    {
      // At a sentence's start too (issue 39 item 10: "The Site could not be reached").
      pattern: /\b[Tt]he Site\b/,
      use: 'the site (lower case in running text)',
      // The privacy notice defines "the Site" as a term, in the way of a legal text.
      except: /^packages\/i18n\/src\/catalogues\/account\.en\.json account\.privacy\./,
    },
    { pattern: /pre-admission support site/i, use: site.en },
  ],
};

const tracked = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);

/** Every source catalogue of every package (not the compiled copies). */
const catalogueFiles = tracked.filter(
  (file) => /^(packages|apps)\/.+\.(ja|en)\.json$/.test(file) && !file.includes('/generated/'),
);

const read = (file: string) => readFileSync(join(root, file), 'utf8');

interface Text {
  readonly where: string;
  readonly language: 'ja' | 'en';
  readonly text: string;
}

const catalogueTexts: Text[] = catalogueFiles.flatMap((file) => {
  const language = file.endsWith('.ja.json') ? 'ja' : 'en';
  return Object.entries(JSON.parse(read(file)) as Record<string, string>).map(([id, text]) => ({
    where: `${file} ${id}`,
    language,
    text,
  }));
});

/** The mails as sent: each template rendered, checked against both languages' bans (a mail holds both). */
async function mailTexts(): Promise<Text[]> {
  // A path in a variable: the root type check does not follow it into apps/api's own settings.
  const mailModule = '../apps/api/src/mail/templates.ts';
  const { templates } = (await import(/* @vite-ignore */ mailModule)) as {
    templates: Record<string, (...args: unknown[]) => { subject: string; text: string }>;
  };
  const rendered = Object.entries(templates).map(([kind, template]) => ({
    where: `apps/api/src/mail/templates.ts ${kind}`,
    // The staff invitation's role and lifetime in words; the other templates take no more arguments.
    mail: template(
      'applicant@example.com',
      'https://example.ac.jp/registrations/token',
      { ja: '役割：窓口', en: 'role: the desk' },
      { ja: '3日間', en: '3 days' },
    ),
  }));
  // The receipt of an application (issue 38), in each of its two languages.
  const receiptModule = '../apps/api/src/application/receipt.ts';
  const { receiptMail } = (await import(/* @vite-ignore */ receiptModule)) as {
    receiptMail: (receipt: object) => { subject: string; text: string };
  };
  for (const locale of ['ja', 'en'] as const)
    rendered.push({
      where: `apps/api/src/application/receipt.ts receiptMail ${locale}`,
      mail: receiptMail({
        to: 'applicant@example.com',
        locale,
        reference: 'M27-4KX7-9QF2',
        studentType: 'master',
        programme: { name: "Master's programme (April entry)", nameJa: '修士課程（4月入学）' },
        submittedAt: new Date('2026-12-01T03:15:00Z'),
        resubmitted: false,
        sections: ['choices', 'personal', 'contact', 'education', 'documents', 'declarations'],
        documents: [
          {
            slot: { name: 'Certificate of graduation', nameJa: '卒業証明書' },
            fileNames: ['graduation.pdf'],
          },
        ],
      }),
    });
  // The desk's mails about an application (issue 40), in each of the two languages.
  const deskModule = '../apps/api/src/desk/mails.ts';
  const { returnedMail, decidedMail } = (await import(/* @vite-ignore */ deskModule)) as Record<
    'returnedMail' | 'decidedMail',
    (mail: object) => { subject: string; text: string }
  >;
  for (const locale of ['ja', 'en'] as const) {
    const common = { to: 'applicant@example.com', locale, reference: 'M27-4KX7-9QF2' };
    rendered.push(
      {
        where: `apps/api/src/desk/mails.ts returnedMail ${locale}`,
        mail: returnedMail({
          ...common,
          sections: ['personal', 'documents'],
          fileNames: ['transcript.pdf'],
          dueAt: new Date('2027-01-20T08:00:00Z'),
          message: 'Please upload the transcript with the seal.',
        }),
      },
      {
        where: `apps/api/src/desk/mails.ts decidedMail ${locale}`,
        mail: decidedMail({
          ...common,
          outcome: 'notAccepted',
          reason: { name: 'No capacity this term', nameJa: '今期は受入枠がない' },
          message: 'We are sorry.',
        }),
      },
    );
  }
  return rendered.flatMap(({ where, mail }) => {
    const text = `${mail.subject}\n${mail.text}`;
    return (['ja', 'en'] as const).map((language) => ({ where, language, text }));
  });
}

const breaches = (texts: readonly Text[]) =>
  texts.flatMap(({ where, language, text }) =>
    bans[language]
      .filter(({ pattern, except }) => pattern.test(text) && !except?.test(where))
      .map(({ pattern, use }) => `${where}: ${text.match(pattern)?.[0]} → ${use}`),
  );

const message = (id: string, language: 'ja' | 'en') =>
  catalogueTexts.find((entry) => entry.where.endsWith(` ${id}`) && entry.language === language)?.text;

describe('the glossary (docs/glossary.md)', () => {
  it('finds the catalogues and the mails', async () => {
    expect(catalogueFiles.length).toBeGreaterThanOrEqual(8);
    expect(await mailTexts()).toHaveLength(22);
  });

  it('no catalogue message uses a banned variant', () => {
    expect(breaches(catalogueTexts)).toEqual([]);
  });

  it('no mail uses a banned variant', async () => {
    expect(breaches(await mailTexts())).toEqual([]);
  });

  it('catches each banned variant it lists', () => {
    const samples: Text[] = [
      { where: 'ja', language: 'ja', text: '再度サインインしてください' },
      { where: 'ja', language: 'ja', text: '申請一覧へ戻る' },
      { where: 'ja', language: 'ja', text: '{email} さん、ようこそ。' },
      { where: 'ja', language: 'ja', text: '【留学生入学前支援】' },
      { where: 'ja', language: 'ja', text: '大学院入学前支援サイト' },
      { where: 'ja', language: 'ja', text: '出願前サポートデスク' },
      { where: 'en', language: 'en', text: 'Confirm your new e-mail address' },
      { where: 'en', language: 'en', text: 'please ignore this mail' },
      { where: 'en', language: 'en', text: 'you logged out elsewhere' },
      { where: 'en', language: 'en', text: 'Graduate Pre-admission Support' },
      { where: 'ja', language: 'ja', text: 'URLが無効です' },
      { where: 'ja', language: 'ja', text: '確認用の URL をお送りしました。' },
      { where: 'en', language: 'en', text: 'This URL is invalid' },
      { where: 'en', language: 'en', text: 'contains a word such as the Site’s name' },
    ];
    expect(samples.filter((sample) => breaches([sample]).length === 0)).toEqual([]);
  });

  it('names the site and the desk the same way in the tab title, the header and the mails', async () => {
    for (const language of ['ja', 'en'] as const) {
      expect(message('app.documentTitle', language)).toContain(site[language]);
      expect(message('ui.header.siteTitle', language)).toBe(site[language]);
      expect(message('ui.header.siteTitleShort', language)).toBe(siteShort[language]);
      expect(message('ui.header.siteTitleLong', language)).toBe(site[language]);
      expect(message('ui.header.siteSubtitle', language)).toBe(desk[language]);
    }
    for (const { text } of await mailTexts()) {
      expect(text).toContain(site.ja);
      expect(text).toContain(`${desk.ja} / ${desk.en}`);
    }
  });

  it('is the glossary docs/glossary.md writes down', () => {
    const glossary = read('docs/glossary.md');
    for (const word of [
      site.ja,
      site.en,
      siteShort.ja,
      siteShort.en,
      desk.ja,
      desk.en,
      '出願',
      '申し込み',
      'ログイン',
      'ログアウト',
      'リンク',
    ]) {
      expect(glossary).toContain(word);
    }
  });
});
