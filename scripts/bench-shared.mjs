// What the web benches share (scripts/bench-web.mjs, scripts/bench-compare.mjs, scripts/bundle-breakdown.mjs):
// building apps/web as `npm run build -w @pre-admission/web` does, serving it with the real server in
// production's behaviour on a throwaway PGlite, one Lighthouse run in Debian's Chromium, and a real Chromium
// load of a page until the network has been quiet for a while (what a first visit fetches, idle work included).
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { productionServerEnv } from '@pre-admission/api-server/scripts/productionServerEnv';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const chromePath =
  process.env.CHROMIUM_PATH ||
  execFileSync('sh', ['-c', 'command -v chromium || echo /usr/bin/chromium']).toString().trim();
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')}: exit ${code}`)),
    );
  });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function waitFor(url, timeoutMs, init) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url, init)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export const median = (values) => {
  const sorted = values.filter((value) => typeof value === 'number').sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** apps/web built into `outDir`, with the public pages' HTML prerendered as its own build does. */
export async function buildWeb(outDir) {
  await run(join(root, 'node_modules/.bin/vite'), [
    'build',
    'apps/web',
    '--outDir',
    outDir,
    '--emptyOutDir',
    '--logLevel',
    'warn',
  ]);
  await run(join(root, 'node_modules/.bin/tsx'), ['apps/web/scripts/prerender.ts', outDir], {
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

/**
 * One Lighthouse run (default config: the mobile preset, simulated throttling) in a fresh Chromium, of the
 * categories asked (performance and accessibility unless `categories` says otherwise).
 */
export async function lighthouseRun(
  url,
  { cookie, reportDir, categories = ['performance', 'accessibility'] } = {},
) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
    });
    const { lhr } = result;
    if (reportDir) {
      mkdirSync(reportDir, { recursive: true });
      const name = `${new URL(url).pathname.replace(/\W+/g, '_') || '_'}-${new Date().toISOString().replace(/\W/g, '')}.json`;
      writeFileSync(join(reportDir, name), result.report);
    }
    const audit = (id) => lhr.audits[id]?.numericValue;
    const scripts = lhr.audits['resource-summary']?.details?.items?.find(
      (item) => item.resourceType === 'script',
    );
    return {
      // The module exports no version; each report names the one that measured it.
      version: lhr.lighthouseVersion,
      error: lhr.runtimeError?.code,
      // Where the page ended: a signed-in route whose session was refused would end on `/`.
      finalPath: new URL(lhr.finalDisplayedUrl).pathname,
      performance:
        lhr.categories.performance.score === null ? undefined : lhr.categories.performance.score * 100,
      accessibility:
        lhr.categories.accessibility.score === null ? undefined : lhr.categories.accessibility.score * 100,
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      bytes: audit('total-byte-weight'),
      scriptBytes: scripts?.transferSize,
      // Every category's score (0-100), and the audits that cost it points: each weighted audit of the
      // category that did not pass (score under 0.9; an audit without a score, informative, is left out).
      scores: Object.fromEntries(
        categories.map((id) => [
          id,
          lhr.categories[id].score === null ? undefined : lhr.categories[id].score * 100,
        ]),
      ),
      failing: Object.fromEntries(
        categories.map((id) => [
          id,
          lhr.categories[id].auditRefs
            .filter((ref) => ref.weight > 0 && typeof lhr.audits[ref.id]?.score === 'number')
            .filter((ref) => lhr.audits[ref.id].score < 0.9)
            .map((ref) => ({ id: ref.id, score: lhr.audits[ref.id].score })),
        ]),
      ),
      failedAudits: Object.values(lhr.audits)
        .filter((a) => lhr.categories.accessibility.auditRefs.some((ref) => ref.id === a.id) && a.score === 0)
        .map((a) => a.id),
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * Lighthouse, run again at most twice when it (seen with 12, in Debian's Chromium) misses the navigation's
 * start (NO_NAVSTART) and measures nothing, instead of leaving a hole.
 */
export async function lighthouseRunRetried(url, options, onRetry) {
  let result = await lighthouseRun(url, options);
  for (let retry = 1; result.error === 'NO_NAVSTART' && retry <= 2; retry += 1) {
    onRetry?.(result.error);
    result = await lighthouseRun(url, options);
  }
  return result;
}

/** Accepts and discards every mail: the pages measured send none, but production needs SMTP_URL. */
async function startSmtpSink() {
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise((resolve) => sink.listen(0, '127.0.0.1', resolve));
  return { url: `smtp://127.0.0.1:${sink.server.address().port}`, close: () => sink.close() };
}

/**
 * The server as `npm start` starts it (apps/api/src/main.ts, production's behaviour: response validation off)
 * serving `webDist`, on a throwaway PGlite in `dataDir` (or DATABASE_URL when `databaseUrl` is given) where an
 * applicant is already signed in with a saved plan (apps/api/scripts/signedInApplicant.ts). Returns its
 * origin, the session cookie, the account's e-mail and password, the addresses of more accounts with that
 * password to sign in to (`signInEmails`), the child process and stop(). `prepare(origin)`, when given, runs
 * after that and before the server starts (PGlite's folder is one process's at a time); what it returns is
 * answered as `prepared`.
 */
export async function startProjectServer({ webDist, dataDir, port, databaseUrl, env = {}, prepare }) {
  port ??= await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const [cookie, email, password, signInEmails] = execFileSync(
    process.execPath,
    ['apps/api/scripts/signedInApplicant.ts', origin, dataDir],
    { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl } },
  )
    .toString()
    .trim()
    .split('\n');
  const prepared = await prepare?.(origin);
  const smtpSink = await startSmtpSink();
  const child = spawn(process.execPath, ['apps/api/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...productionServerEnv({ port, publicUrl: origin, smtpUrl: smtpSink.url, dataDir, databaseUrl }),
      // Production's behaviour without its start-up refusals: production demands an https PUBLIC_URL, and the
      // browser here speaks plain http, so its Origin would be foreign. NODE_ENV changes nothing else but
      // the response validation's default, switched off as production does (docs/operations.md#settings).
      NODE_ENV: 'test',
      VALIDATE_RESPONSES: '0',
      WEB_DIST: webDist,
      PROVIDER_STATES: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  await waitFor(`${origin}/api/health`, 60_000);
  return {
    origin,
    cookie,
    email,
    password,
    signInEmails: signInEmails.split(' '),
    prepared,
    child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
        await exited;
        clearTimeout(timer);
      }
      smtpSink.close();
    },
  };
}

/**
 * The scripts the document itself names: its script and module-preload tags, and the start-up script's
 * data-entry and data-preloads (apps/web/scripts/prerender.ts: the page's hydration set, fetched after the load
 * event). What else a visit fetches is idle work or later.
 */
function startupScripts(html, pageUrl) {
  const base = new URL(html.match(/<base\s+href="([^"]*)"/i)?.[1] ?? '', pageUrl);
  const names = [];
  for (const [, attribute, value] of html.matchAll(/\b(src|href|data-entry|data-preloads)="([^"]*)"/gi)) {
    if (attribute === 'href' || attribute === 'src') {
      if (/\.m?js(\?|$)/.test(value)) names.push(value);
    } else names.push(...value.split(/\s+/).filter(Boolean));
  }
  return new Set(names.map((name) => new URL(name, base).href));
}

/**
 * A real first visit: Debian's Chromium (playwright-core, a fresh context: no cache, no service worker yet)
 * loads `url` and waits until no request has started or been pending for `quietMs` (the app's idle work
 * included). Returns every response: its URL, resource type, status, the header and (encoded) body bytes
 * on the wire, its content type and encoding, and whether the document names it as a start-up script
 * (startupScripts); and the document's render-blocking stylesheets.
 */
export async function loadUntilIdle(url, { quietMs = 5000, timeoutMs = 60_000 } = {}) {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    headless: true,
  });
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const pending = new Set();
    const finished = [];
    let lastActivity = Date.now();
    page.on('request', (request) => {
      pending.add(request);
      lastActivity = Date.now();
    });
    const settle = async (request) => {
      const response = await request.response();
      if (response) {
        const sizes = await request.sizes();
        const headers = await response.allHeaders();
        finished.push({
          url: request.url(),
          type: request.resourceType(),
          status: response.status(),
          headerBytes: sizes.responseHeadersSize,
          bodyBytes: sizes.responseBodySize,
          contentType: (headers['content-type'] ?? '').split(';')[0],
          encoding: headers['content-encoding'] ?? '',
        });
      }
      pending.delete(request);
      lastActivity = Date.now();
    };
    page.on('requestfinished', (request) => void settle(request));
    page.on('requestfailed', (request) => {
      pending.delete(request);
      lastActivity = Date.now();
    });
    const document = await page.goto(url, { waitUntil: 'load' });
    const html = (await document?.text()) ?? '';
    const deadline = Date.now() + timeoutMs;
    while (pending.size > 0 || Date.now() - lastActivity < quietMs) {
      if (Date.now() > deadline) throw new Error(`${url}: the network was never quiet for ${quietMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Stylesheets the document as served names (not limited to print): each blocks the first paint; those a
    // script adds later do not.
    const renderBlockingCss = (html.match(/<link\b[^>]*>/gi) ?? []).filter(
      (tag) => /\brel=["']?stylesheet/i.test(tag) && !/\bmedia=["']?print/i.test(tag),
    ).length;
    await context.close();
    const startup = startupScripts(html, document?.url() ?? url);
    return {
      responses: finished.map((response) => ({
        ...response,
        startup: startup.has(response.url),
      })),
      renderBlockingCss,
    };
  } finally {
    await browser.close();
  }
}
