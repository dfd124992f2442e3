// Per test file: one connection to the run's Chromium (and, when asked, a server of the file's own); per
// test: fresh contexts, closed afterwards, with a screenshot of every open page saved to test-results/e2e/
// when the test fails.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { Server } from './api.ts';
import { Mailbox } from './mailbox.ts';
import type { Locale } from './messages.ts';
import { resultsDir, startServer, type RunningServer } from './processes.ts';

export interface E2E {
  baseUrl: string;
  mailbox: Mailbox;
  /** Direct API calls for preconditions (accounts, tokens, signed-in contexts). */
  server: Server;
  /** A new browser context (its own cookies and storage) whose saved language is `locale`. */
  newContext(locale: Locale): Promise<BrowserContext>;
  newPage(locale: Locale): Promise<Page>;
  /** Moves the server's clock (0 puts it back). */
  setServerClock(offsetMs: number): Promise<void>;
}

const safe = (name: string) => name.replace(/[^\w\u3040-\u30ff\u4e00-\u9fff-]+/g, '_').slice(0, 120);

export interface E2EOptions {
  /**
   * Runs this file against a server of its own, started with these settings added (short timeouts, say),
   * on a fresh database; its log goes to test-results/e2e/server-<name>.log. Without it, the run's server.
   */
  ownServer?: { name: string; env: Record<string, string>; hostname?: '127.0.0.1' | 'localhost' };
}

export function useE2E(options: E2EOptions = {}): E2E {
  const { ownServer } = options;
  let baseUrl = ownServer ? '' : inject('baseUrl');
  let own: { server: RunningServer; scratch: string } | undefined;
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    if (ownServer) {
      const scratch = mkdtempSync(join(tmpdir(), `pre-admission-${ownServer.name}-`));
      own = {
        scratch,
        server: await startServer({
          webDist: inject('webDist'),
          deskDist: inject('deskDist'),
          dataDir: join(scratch, 'pglite'),
          logFile: join(resultsDir, `server-${ownServer.name}.log`),
          env: ownServer.env,
          hostname: ownServer.hostname,
        }),
      };
      baseUrl = own.server.baseUrl;
    }
    browser = await chromium.connect(inject('wsEndpoint'));
  });
  afterAll(async () => {
    await browser?.close();
    await own?.server.stop();
    if (own) rmSync(own.scratch, { recursive: true, force: true });
  });
  const started = () => {
    if (!baseUrl) throw new Error('the server is not started yet: use it inside a test or a hook');
    return baseUrl;
  };
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      mkdirSync(resultsDir, { recursive: true });
      let n = 0;
      for (const context of contexts) {
        for (const page of context.pages()) {
          n += 1;
          const file = join(resultsDir, `${safe(task.fullName ?? task.name)}-${n}.png`);
          await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
          console.error(`e2e: screenshot of ${page.url()} in ${file}`);
        }
      }
      if (pageErrors.length > 0) console.error(`e2e: page errors:\n${pageErrors.join('\n')}`);
    }
    pageErrors.length = 0;
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    contexts = [];
  });

  const newContext = async (locale: Locale) => {
    if (!browser) throw new Error('the browser is not connected yet');
    const baseUrl = started();
    const context = await browser.newContext({
      baseURL: baseUrl,
      locale: locale === 'ja' ? 'ja-JP' : 'en-GB',
      timezoneId: 'Asia/Tokyo',
      viewport: { width: 1024, height: 768 },
      storageState: {
        cookies: [],
        origins: [{ origin: baseUrl, localStorage: [{ name: 'pre-admission.locale', value: locale }] }],
      },
    });
    context.setDefaultTimeout(10_000);
    context.on('page', (page) =>
      page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`)),
    );
    contexts.push(context);
    return context;
  };

  // Getters, since a file's own server has its address only once started (both clients hold no state).
  return {
    get baseUrl() {
      return started();
    },
    get mailbox() {
      return new Mailbox(started());
    },
    get server() {
      return new Server(started(), new Mailbox(started()));
    },
    newContext,
    async newPage(locale) {
      return (await newContext(locale)).newPage();
    },
    async setServerClock(offsetMs) {
      const response = await fetch(`${started()}/__e2e/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ offsetMs }),
      });
      if (!response.ok) throw new Error(`POST /__e2e/clock answered ${response.status}`);
    },
  };
}

/** A unique address per test, so tests share the run's database without meeting. */
let counter = 0;
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}.${process.pid}.${Date.now().toString(36)}${counter}@example.com`;
}
