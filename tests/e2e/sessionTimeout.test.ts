// docs/behaviour.md#session, the session timeout, as an applicant with two tabs meets it: a server of this
// file's own with short settings (20 seconds idle, the warning 15 seconds before), so nothing waits long.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Server } from './harness/api.ts';
import { Applicant } from './harness/applicant.ts';
import { uniqueEmail } from './harness/browser.ts';
import { Mailbox } from './harness/mailbox.ts';
import { resultsDir, startServer, type RunningServer } from './harness/processes.ts';

const IDLE_SECONDS = 20;
const WARNING_SECONDS = 15;
const password = 'Passw0rdTimeout';

let server: RunningServer;
let browser: Browser;
let scratch: string;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'pre-admission-timeout-'));
  server = await startServer({
    webDist: inject('webDist'),
    dataDir: join(scratch, 'pglite'),
    logFile: join(resultsDir, 'server-timeout.log'),
    env: {
      SESSION_IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS),
      SESSION_WARNING_SECONDS: String(WARNING_SECONDS),
    },
  });
  browser = await chromium.connect(inject('wsEndpoint'));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe('the session timeout across two tabs', () => {
  it('warns in both tabs, "Stay signed in" in one closes both, then both sign out with the reason', async () => {
    const api = new Server(server.baseUrl, new Mailbox(server.baseUrl));
    const email = uniqueEmail('timeout');
    await api.createAccount(email, password);
    const context = await browser.newContext({
      baseURL: server.baseUrl,
      locale: 'en-GB',
      timezoneId: 'Asia/Tokyo',
      storageState: {
        cookies: [],
        origins: [{ origin: server.baseUrl, localStorage: [{ name: 'pre-admission.locale', value: 'en' }] }],
      },
    });
    context.setDefaultTimeout(15_000);
    try {
      await api.signIn(context, email, password);
      const first = new Applicant(await context.newPage(), 'en');
      const second = new Applicant(await context.newPage(), 'en');
      await first.page.goto('/applications');
      await second.page.goto('/applications');
      const warningIn = (a: Applicant) =>
        a.page.getByRole('alertdialog', { name: a.t('account.sessionTimeout.title') });

      // Five seconds after the last use, both tabs warn, with the same end.
      await warningIn(first).waitFor({ timeout: 15_000 });
      await warningIn(second).waitFor({ timeout: 15_000 });
      await expect(warningIn(first).getByRole('status').textContent()).resolves.toMatch(/seconds\.$/);

      // What a screen reader is told, read from the accessibility tree: the alert dialog by its title and
      // one polite status sentence (role status), which stays the same while the visible countdown ticks
      // (20-second steps: 15 seconds left reads as 20). Kept for the closing note in the results folder.
      const spoken = `- status: ${first.t('account.sessionTimeout.announceSeconds', { seconds: '20' })}`;
      const tree = await warningIn(first).ariaSnapshot();
      expect(tree).toContain(`- alertdialog "${first.t('account.sessionTimeout.title')}"`);
      expect(tree).toContain(spoken);
      const countdown = warningIn(first).getByText(/^Time left:/);
      const shown = await countdown.textContent();
      await expect.poll(() => countdown.textContent(), { timeout: 5_000 }).not.toBe(shown);
      expect(await warningIn(first).ariaSnapshot()).toContain(spoken);
      writeFileSync(join(resultsDir, 'session-timeout-accessibility-tree.txt'), `${tree}\n`);

      // "Stay signed in" in one tab extends the session and closes the warning in both.
      await warningIn(first)
        .getByRole('button', { name: first.t('account.sessionTimeout.stay') })
        .click();
      await warningIn(first).waitFor({ state: 'detached' });
      await warningIn(second).waitFor({ state: 'detached' });
      const current = await context.request.get(`${server.baseUrl}/api/applicant/sessions/current`);
      expect(current.status()).toBe(200);
      expect(((await current.json()) as { expiresInSeconds: number }).expiresInSeconds).toBeGreaterThan(
        WARNING_SECONDS - 2,
      );

      // Left alone, it warns again and ends: both tabs are on `/`, saying why, and the server agrees.
      await warningIn(second).waitFor({ timeout: 15_000 });
      for (const a of [first, second]) {
        await a.page.waitForURL((url) => url.pathname === '/', { timeout: 25_000 });
        await a.page
          .getByRole('status')
          .filter({ hasText: a.t('account.signIn.timedOut.title') })
          .waitFor();
        // The body is a plural message (msg() fills plain placeholders only): its words, with the minute.
        await a.page.getByText(/signed out after 1 minute without activity/).waitFor();
        expect(await a.page.getByText(a.t('account.signIn.sessionDisconnected.title')).count()).toBe(0);
      }
      const after = await context.request.get(`${server.baseUrl}/api/applicant/sessions/current`);
      expect(after.status()).toBe(401);
    } finally {
      await context.close();
    }
  });
});
