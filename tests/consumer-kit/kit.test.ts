// The kit as another team gets it (docs/testing.md#the-kit-as-packages): `npm run build:packages`, then
// `npm pack` of @pre-admission/api, i18n, ui and account, installed from the tarballs into a fresh Vite + React
// app in a temporary folder (tests/consumer-kit/app), type-checked against the packed declarations, built
// by Vite, and opened in Debian's Chromium with the kit's own MSW handlers: the sign-in, registration
// request, registration and sign-in and security screens, in a Japanese and an English browser, each showing a field error on blur and
// getting through a submit. The app sees nothing of the repository, so a file a package needs but its
// tarball lacks fails the install, the type check, the build or the page.
import { execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createIntl } from 'react-intl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales, type Locale, type MessageId } from '@pre-admission/i18n';
import { messages } from '@pre-admission/i18n/all';

const run = promisify(execFile);
const root = join(import.meta.dirname, '../..');
const kit = ['api', 'i18n', 'ui', 'account'] as const;
/**
 * The packages the app installs from the registry besides the kit, at the repository's own versions: msw and
 * openapi-msw are the optional peers of @pre-admission/api/mocks, which a consumer installs itself
 * (packages/api/README.md).
 */
const fromRegistry = {
  dependencies: ['react', 'react-dom', 'react-intl', 'msw', 'openapi-msw'],
  devDependencies: ['vite', '@types/react', '@types/react-dom'],
};

const work = mkdtempSync(join(tmpdir(), 'kit-consumer-'));
const app = join(work, 'app');
let server: Server | undefined;
let browser: Browser | undefined;
let origin = '';
const started = Date.now();

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

async function step<T>(name: string, action: () => Promise<T>): Promise<T> {
  const since = Date.now();
  try {
    return await action();
  } finally {
    console.info(`kit consumer: ${name} (${seconds(since)})`);
  }
}

/** Runs a command, with its output in the error when it fails. */
async function sh(command: string, args: string[], cwd: string): Promise<string> {
  try {
    const { stdout } = await run(command, args, {
      cwd,
      maxBuffer: 64 * 1024 * 1024,
      env: { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false' },
    });
    return stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout}\n${stderr}`);
  }
}

const versionOf = (name: string): string =>
  (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string })
    .version;

/** Serves the built app; every path without a file is the app's index.html. */
function serve(dist: string): Promise<string> {
  const types: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.svg': 'image/svg+xml',
    '.json': 'application/json',
  };
  server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    let file = join(dist, path);
    if (!file.startsWith(dist) || !statSync(file, { throwIfNoEntry: false })?.isFile())
      file = join(dist, 'index.html');
    response.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server!.listen(0, '127.0.0.1', () => {
      resolve(`http://127.0.0.1:${(server!.address() as AddressInfo).port}`);
    }),
  );
}

/**
 * Every import in the installed kit's JavaScript and declarations that the tarballs cannot satisfy: a
 * relative one whose file is missing, or a bare one the package does not declare (dependencies or peers).
 */
function unresolvedImports(): string[] {
  const problems: string[] = [];
  for (const name of kit) {
    const dir = join(app, 'node_modules/@pre-admission', name);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      name: string;
      dependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
    };
    const declared = new Set([
      ...Object.keys(pkg.dependencies ?? {}),
      ...Object.keys(pkg.peerDependencies ?? {}),
    ]);
    const files = readdirSync(dir, { recursive: true })
      .map(String)
      .filter((file) => /\.(js|d\.ts)$/.test(file));
    for (const file of files) {
      const text = readFileSync(join(dir, file), 'utf8');
      const specifiers = [
        // import … from, export … from, import 'x' (at the start of a statement), import('x')
        ...text.matchAll(/^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*["']([^"']+)["']/gm),
        ...text.matchAll(/^\s*import\s*["']([^"']+)["']/gm),
        ...text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
      ].map((match) => match[1]!);
      for (const specifier of specifiers) {
        if (specifier.startsWith('.')) {
          const base = join(dir, dirname(file), specifier);
          const candidates = [base, `${base}.d.ts`, `${base}.ts`, join(base, 'index.d.ts')];
          if (!candidates.some((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile()))
            problems.push(`@pre-admission/${name}/${file}: ${specifier} is not in the tarball`);
        } else {
          const bare = specifier.startsWith('@')
            ? specifier.split('/').slice(0, 2).join('/')
            : specifier.split('/')[0]!;
          if (!declared.has(bare) && bare !== pkg.name)
            problems.push(`@pre-admission/${name}/${file}: ${specifier} is not a declared dependency`);
        }
      }
    }
  }
  return problems;
}

beforeAll(async () => {
  // KIT_REUSE_BUILD=1 packs the dist/ folders as they are (while working on this test); prepack still
  // refuses a package whose exports name a file that was not built.
  if (process.env.KIT_REUSE_BUILD !== '1')
    await step('npm run build:packages', () => sh('node', ['scripts/packages/build.mjs'], root));

  const packs = join(work, 'packs');
  mkdirSync(packs);
  const packed = await step('npm pack', async () => {
    try {
      return JSON.parse(
        await sh(
          'npm',
          [
            'pack',
            '--json',
            '--pack-destination',
            packs,
            ...kit.flatMap((name) => ['-w', `@pre-admission/${name}`]),
          ],
          root,
        ),
      ) as unknown;
    } finally {
      // npm skips postpack when a pack fails: the repository's manifests go back in any case.
      for (const name of kit)
        await sh(
          'node',
          [join(root, 'scripts/packages/pack-manifest.mjs'), 'restore'],
          join(root, 'packages', name),
        );
    }
  });
  const tarballs: Record<string, string> = {};
  for (const { name, filename, size, unpackedSize, entryCount } of packed as {
    name: string;
    filename: string;
    size: number;
    unpackedSize: number;
    entryCount: number;
  }[]) {
    tarballs[name] = `file:${join(packs, filename)}`;
    console.info(
      `kit consumer: ${filename}: ${(size / 1024).toFixed(1)} kB packed, ${(unpackedSize / 1024).toFixed(1)} kB unpacked, ${entryCount} files`,
    );
  }
  expect(Object.keys(tarballs).sort()).toEqual(kit.map((name) => `@pre-admission/${name}`).sort());

  cpSync(join(import.meta.dirname, 'app'), app, { recursive: true });
  const pinned = (names: string[]) => Object.fromEntries(names.map((name) => [name, versionOf(name)]));
  writeFileSync(
    join(app, 'package.json'),
    `${JSON.stringify(
      {
        name: 'kit-consumer',
        private: true,
        type: 'module',
        dependencies: { ...tarballs, ...pinned(fromRegistry.dependencies) },
        devDependencies: pinned(fromRegistry.devDependencies),
      },
      null,
      2,
    )}\n`,
  );
  // The registry's packages come from the npm cache the repository's `npm ci` filled, where it can.
  await step('npm install', () =>
    sh('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'], app),
  );
  await step('msw init', () =>
    sh('node', [join(app, 'node_modules/msw/cli/index.js'), 'init', 'public', '--no-save'], app),
  );
  await step('every import of the installed kit resolves', async () =>
    expect(unresolvedImports()).toEqual([]),
  );
  // The app's own code against the packed declarations (the repository's TypeScript, the app's types), while
  // Vite builds it.
  await Promise.all([
    step('tsc', () => sh('node', [join(root, 'node_modules/typescript/bin/tsc'), '-p', '.'], app)),
    step('vite build', () => sh('node', [join(app, 'node_modules/vite/bin/vite.js'), 'build'], app)),
  ]);
  origin = await serve(join(app, 'dist'));
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  console.info(`kit consumer: ready after ${seconds(started)}`);
});

afterAll(async () => {
  await step('clean up', async () => {
    await browser?.close();
    server?.close();
    // The app's node_modules take a minute to delete on a busy disk: a detached rm does it after the run.
    spawn('rm', ['-rf', work], { detached: true, stdio: 'ignore' }).unref();
  });
  console.info(`kit consumer: whole run ${seconds(started)}`);
});

const t = (locale: Locale, id: MessageId) =>
  createIntl({ locale, messages: messages[locale] }).formatMessage({ id });

/**
 * The app in a browser whose language is `locale` (navigator.languages): the app picks it itself, as the
 * README's recipe does (the recipe once loaded Japanese only, and rendered nothing in an English browser).
 */
async function open(screen: string, locale: Locale): Promise<Page> {
  const context = await browser!.newContext({ locale: locale === 'ja' ? 'ja-JP' : 'en-US' });
  const page = await context.newPage();
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(message.text());
  });
  await page.goto(`${origin}/?screen=${screen}`);
  await page.locator('h1').first().waitFor({ timeout: 30_000 });
  expect(failures).toEqual([]);
  expect(await page.locator('html').getAttribute('lang')).toBe(locale);
  return page;
}

/** The texts of the elements that describe an input (its description and its error message). */
const descriptionOf = (page: Page, name: string) =>
  page.locator(`input[name="${name}"]`).evaluate((input) =>
    `${input.getAttribute('aria-describedby') ?? ''} ${input.getAttribute('aria-errormessage') ?? ''}`
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join('\n'),
  );

async function expectErrorOnBlur(page: Page, name: string, typed: string, message: string) {
  const input = page.locator(`input[name="${name}"]`);
  await input.fill(typed);
  await input.press('Tab');
  await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
  await expect.poll(() => descriptionOf(page, name)).toContain(message);
}

const events = (page: Page) => page.getByTestId('events').textContent();

/** Whether the page shows the kit's styles: the design system's font stack and the screen's own layout. */
const styled = (page: Page) =>
  page.evaluate(() => {
    const sheet = Array.from(document.styleSheets).some((s) => s.cssRules.length > 50);
    const font = getComputedStyle(document.body).fontFamily;
    return sheet && /Noto Sans CJK JP|Hiragino/.test(font);
  });

describe.each(locales)('the packed kit in a fresh Vite + React app, %s', (locale) => {
  it('sign-in: a field error on blur, then a sign-in that reaches the app', async () => {
    const page = await open('signIn', locale);
    expect(await page.locator('h1').first().textContent()).toBe(t(locale, 'account.signIn.title'));
    expect(await styled(page)).toBe(true);
    await expectErrorOnBlur(page, 'email', 'applicant@', t(locale, 'account.validation.email'));
    await page.locator('input[name="email"]').fill('applicant@example.com');
    await page.locator('input[name="password"]').fill('Passw0rd2026');
    await page.getByRole('button', { name: t(locale, 'account.signIn.submit'), exact: true }).click();
    await expect.poll(() => events(page)).toBe('navigate /applications');
    // Signed in: the header the README's App renders shows the account.
    await expect.poll(() => page.locator('header').textContent()).toContain('applicant@example.com');
    await page.context().close();
  });

  it('registration request: a field error on blur, then a request that goes on to the notice', async () => {
    const page = await open('registrationRequest', locale);
    await expectErrorOnBlur(page, 'email', 'new@', t(locale, 'account.validation.email'));
    await page.locator('input[name="email"]').fill('new@example.com');
    await page.getByRole('button', { name: t(locale, 'account.registrationRequest.submit') }).click();
    await expect.poll(() => events(page)).toBe('navigate /registrations-request-complete');
    await page.context().close();
  });

  it("sign-in and security: the passkeys and the authenticator app, over the kit's MSW handlers", async () => {
    const page = await open('signInSecurity', locale);
    expect(await page.locator('h1').first().textContent()).toBe(t(locale, 'account.security.title'));
    await page.getByText(t(locale, 'account.security.passkeys.none')).waitFor();
    await page.getByRole('button', { name: t(locale, 'account.security.passkeys.add') }).waitFor();
    await page.getByRole('button', { name: t(locale, 'account.security.app.setUp') }).waitFor();
    await page.context().close();
  });

  it('registration: a field error on blur, then a password set that goes on to the notice', async () => {
    const page = await open('registration', locale);
    await expectErrorOnBlur(page, 'newPassword', 'short', t(locale, 'account.validation.newPassword'));
    await page.locator('input[name="newPassword"]').fill('Passw0rd2026');
    await page.locator('input[name="passwordConfirmation"]').fill('Passw0rd2026');
    await page.getByRole('button', { name: t(locale, 'account.registration.submit') }).click();
    await expect.poll(() => events(page)).toBe('navigate /registrations-complete');
    await page.context().close();
  });
});
