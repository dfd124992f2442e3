// The HTML the server sends, checked by the Nu HTML Checker (vnu-jar from npm, run by Debian's Java): every
// prerendered page in Japanese and in English, and the pages served from the app's shell (an account route,
// and a path that does not exist). Each page is fetched from the run's server, so the checker sees what a
// browser gets (the base path and a CSP nonce written in), then vnu checks them all in one run.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { locales, type Locale } from './harness/messages.ts';

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

const run = promisify(execFile);
/** The checker's jar in the vnu-jar package (its own Java download is not used: Java comes from Debian). */
const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
const scratch = mkdtempSync(join(tmpdir(), 'pre-admission-vnu-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs vnu once over the files; its JSON report's messages (exit status 1 only means "has errors"). */
async function vnu(files: readonly string[]): Promise<VnuMessage[]> {
  const { stdout } = await run('java', ['-jar', vnuJar, '--format', 'json', '--stdout', ...files], {
    maxBuffer: 64 * 1024 * 1024,
    timeout: 120_000,
  }).catch((error: { stdout?: string; code?: number | string; stderr?: string }) => {
    if (error.code === 1 && error.stdout) return { stdout: error.stdout };
    if (error.code === 'ENOENT') throw new Error("no java on PATH: install Debian's default-jre-headless");
    throw new Error(`vnu failed (exit ${error.code}): ${error.stderr ?? String(error)}`);
  });
  return (JSON.parse(stdout) as { messages: VnuMessage[] }).messages;
}

const isError = (message: VnuMessage) => message.type !== 'info';
const describeMessage = (message: VnuMessage) =>
  `${message.url?.split('/').pop()}:${message.lastLine ?? '?'}: ${message.message}` +
  (message.extract ? `\n    ${message.extract.replace(/\s+/g, ' ').trim()}` : '');

describe('the Nu HTML Checker', () => {
  const baseUrl = inject('baseUrl');
  const webDist = inject('webDist');

  /**
   * The page as the server sends it to a browser whose language is `locale`, with one of `statuses`; with a
   * session cookie when `signedIn` (the server picks the page by the cookie's presence alone).
   */
  async function fetchPage(
    path: string,
    locale: Locale,
    statuses: readonly number[],
    signedIn = false,
  ): Promise<string> {
    const response = await fetch(`${baseUrl}${path}`, {
      headers: {
        accept: 'text/html',
        'accept-language': locale === 'ja' ? 'ja-JP,ja' : 'en-GB,en',
        ...(signedIn ? { cookie: 'pre_admission_session=any' } : {}),
      },
    });
    expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
    expect(statuses, `${path} answered ${response.status}`).toContain(response.status);
    return response.text();
  }

  it('reports no error on any prerendered or served page', async () => {
    const { pages } = JSON.parse(readFileSync(join(webDist, 'pages', 'pages.json'), 'utf8')) as {
      pages: Array<{
        name: string;
        path: string;
        signedIn?: boolean;
        files: Partial<Record<Locale, string>>;
      }>;
    };
    expect(pages.length).toBeGreaterThan(0);
    const ok = [200];
    const targets: Array<{
      name: string;
      path: string;
      locale: Locale;
      statuses: number[];
      signedIn?: boolean;
    }> = [];
    for (const page of pages) {
      for (const locale of locales) {
        if (page.files[locale])
          targets.push({ name: page.name, path: page.path, locale, statuses: ok, signedIn: page.signedIn });
      }
    }
    // The app's shell, as an account route and the not-found page get it (the shell chooses the language in
    // the browser, so one request each). The not-found status is the routes' business (edges.test.ts).
    targets.push({ name: 'shell-applications', path: '/applications', locale: 'ja', statuses: ok });
    targets.push({ name: 'shell-not-found', path: '/no-such-page', locale: 'ja', statuses: [200, 404] });

    const files: string[] = [];
    for (const target of targets) {
      const file = join(scratch, `${target.name}.${target.locale}.html`);
      writeFileSync(file, await fetchPage(target.path, target.locale, target.statuses, target.signedIn));
      files.push(file);
    }
    const messages = await vnu(files);
    const errors = messages.filter(isError);
    console.info(
      `vnu: ${files.length} pages checked (${targets.map((t) => `${t.path} ${t.locale}`).join(', ')}); ` +
        `${errors.length} errors`,
    );
    expect(errors.map(describeMessage)).toEqual([]);
  });

  it('finds an error when a page has one (the check can fail)', async () => {
    const file = join(scratch, 'broken.html');
    writeFileSync(
      file,
      '<!doctype html><html lang="en"><head><title>t</title></head>' +
        '<body><main><img src="a.png"><p>a <div>block</div> in a paragraph</p></main></body></html>',
    );
    const errors = (await vnu([file])).filter(isError).map(describeMessage);
    expect(errors).toEqual([
      expect.stringContaining('An “img” element must have an “alt” attribute'),
      expect.stringContaining('No “p” element in scope but a “p” end tag seen.'),
    ]);
  });
});
