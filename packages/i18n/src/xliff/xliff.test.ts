import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readAreas } from './files';
import { describePlan, exportXliff, planImport } from './xliff';
import { parseXml } from './xml';

const here = dirname(fileURLToPath(import.meta.url));
const catalogues = join(here, '../catalogues');
const areas = readAreas(catalogues);
const total = Object.values(areas).reduce((sum, area) => sum + Object.keys(area.en).length, 0);
const exported = exportXliff(areas, 'ja');

/** The exported file with one unit's target replaced (the target as it is written in XML). */
function withTarget(id: string, target: string): string {
  const unit = exported.indexOf(`<unit id="${id}">`);
  const start = exported.indexOf('<target>', unit) + '<target>'.length;
  return exported.slice(0, start) + target + exported.slice(exported.indexOf('</target>', start));
}

describe('XLIFF 2.0 export', () => {
  it('holds every message once, English as source, Japanese as target, the description as a note', () => {
    const root = parseXml(exported);
    expect(root.attributes).toMatchObject({ version: '2.0', srcLang: 'en', trgLang: 'ja' });
    expect(exported.match(/<unit /g)).toHaveLength(total);
    expect(exported).toContain(
      '<note category="description">Sign-in page: the submit button of the sign-in form. Button: short.</note>',
    );
    expect(exported).toMatch(
      /<unit id="account.signIn.submit">[\s\S]*?<source>Sign in<\/source>\s*<target>ログイン<\/target>/,
    );
  });
});

describe('XLIFF import', () => {
  it('changes nothing on a round trip without edits', () => {
    const plan = planImport(exported, areas);
    expect(plan.problems).toEqual([]);
    expect(plan).toMatchObject({ added: [], changed: [], unchanged: total, next: {} });
  });

  it('applies an edited target, and reports it', () => {
    const plan = planImport(withTarget('account.signIn.submit', 'サインイン'), areas);
    expect(plan.problems).toEqual([]);
    expect(plan.changed).toEqual(['account.signIn.submit']);
    expect(plan.unchanged).toBe(total - 1);
    expect(plan.next.account?.['account.signIn.submit']).toBe('サインイン');
    expect(plan.next.account?.['account.signIn.title']).toBe(areas.account?.ja['account.signIn.title']);
    expect(Object.keys(plan.next)).toEqual(['account']);
    expect(describePlan(plan, areas)).toContain('ja: 0 added, 1 changed');
  });

  it('reads what tools write: CDATA, entities, attributes on the target', () => {
    const edited = withTarget('ui.attachment.download', '<![CDATA[{name}を保存]]>').replace(
      '<target><![CDATA',
      '<target xml:lang="ja"><![CDATA',
    );
    const plan = planImport(edited, areas);
    expect(plan.problems).toEqual([]);
    expect(plan.next.ui?.['ui.attachment.download']).toBe('{name}を保存');
  });

  it.each([
    [
      'a broken placeholder',
      withTarget('ui.attachment.download', '{nam}をダウンロード'),
      /ui\.attachment\.download: placeholders differ/,
    ],
    [
      'invalid ICU',
      withTarget('ui.attachment.download', '{name をダウンロード'),
      /ui\.attachment\.download does not compile/,
    ],
    [
      'English left in Japanese',
      withTarget('account.signIn.submit', 'Sign in'),
      /account\.signIn\.submit has untranslated Latin text: Sign in/,
    ],
    [
      'a missing id',
      exported.replace(/<unit id="account\.signIn\.submit">[\s\S]*?<\/unit>/, ''),
      /account\.signIn\.submit: missing from the file/,
    ],
    [
      'an unknown id',
      exported.replace('<unit id="account.signIn.submit">', '<unit id="account.signIn.submitt">'),
      /account\.signIn\.submitt: no such message/,
    ],
    [
      'a changed source',
      exported.replace('<source>Sign in</source>', '<source>Log in</source>'),
      /English source changed/,
    ],
    [
      'markup in a target',
      withTarget('account.signIn.submit', '<mrk id="1">ログイン</mrk>'),
      /<mrk> inside <target>/,
    ],
    [
      'a file that is not XML',
      exported.replace('</xliff>', ''),
      /not a well-formed XML file: .*<xliff> is not closed/,
    ],
    [
      'an entity declaration',
      exported.replace('<xliff', '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<xliff'),
      /DOCTYPE/,
    ],
  ])('refuses %s', (_name, xml, problem) => {
    const plan = planImport(xml, areas);
    expect(plan.problems.join('\n')).toMatch(problem);
  });

  it('allows the terms Japanese keeps in Latin letters (OK, product names)', () => {
    const plan = planImport(withTarget('ui.alertDialog.ok', 'OK'), areas);
    expect(plan.problems).toEqual([]);
  });
});

describe('npm run i18n:import', () => {
  const folder = mkdtempSync(join(tmpdir(), 'i18n-import-'));
  cpSync(catalogues, folder, { recursive: true, filter: (path) => !path.endsWith('.ts') });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const snapshot = () =>
    Object.fromEntries(readdirSync(folder).map((file) => [file, readFileSync(join(folder, file), 'utf8')]));
  const run = (file: string) => {
    try {
      const stdout = execFileSync(
        join(here, '../../../../node_modules/.bin/tsx'),
        [join(here, '../../scripts/xliff.ts'), 'import', file],
        {
          env: { ...process.env, I18N_CATALOGUES_DIR: folder },
          encoding: 'utf8',
          stdio: 'pipe',
        },
      );
      return { status: 0, output: stdout };
    } catch (error) {
      const failed = error as { status: number; stdout: string; stderr: string };
      return { status: failed.status, output: failed.stdout + failed.stderr };
    }
  };

  it('refuses a file with problems, naming each, and writes nothing', () => {
    const before = snapshot();
    const file = join(folder, 'broken.xlf');
    writeFileSync(
      file,
      withTarget('ui.attachment.download', '{nam}をダウンロード').replace(
        '<source>Sign in</source>',
        '<source>Log in</source>',
      ),
    );
    const { status, output } = run(file);
    expect(status).toBe(1);
    expect(output).toContain('refused, nothing written (2 problems)');
    expect(output).toMatch(/✗ ui\.attachment\.download: placeholders differ/);
    expect(output).toMatch(/✗ account\.signIn\.submit: the English source changed/);
    expect({ ...snapshot(), 'broken.xlf': undefined }).toEqual({ ...before, 'broken.xlf': undefined });
  }, 60_000);

  it('writes an edited target and reports the change', () => {
    const file = join(folder, 'edited.xlf');
    writeFileSync(file, withTarget('account.signIn.submit', 'サインイン'));
    const { status, output } = run(file);
    expect(status).toBe(0);
    expect(output).toContain('ja: 0 added, 1 changed');
    expect(output).toContain('~ account.signIn.submit:');
    const written = JSON.parse(readFileSync(join(folder, 'account.ja.json'), 'utf8')) as Record<
      string,
      string
    >;
    expect(written['account.signIn.submit']).toBe('サインイン');
    expect(Object.keys(written)).toEqual(Object.keys(areas.account?.ja ?? {}));
  }, 60_000);
});
