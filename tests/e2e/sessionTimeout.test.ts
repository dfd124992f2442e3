// docs/behaviour.md#session, the session timeout, as an applicant with two tabs meets it: a server of this
// file's own with short settings (20 seconds idle, the warning 15 seconds before), so nothing waits long.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Applicant } from './harness/applicant.ts';
import { uniqueEmail, useE2E } from './harness/browser.ts';
import { resultsDir } from './harness/processes.ts';

const IDLE_SECONDS = 20;
const WARNING_SECONDS = 15;
// No word of the address ('timeout') in it: the site refuses such a password (docs/security.md#common-passwords).
const password = 'Passw0rdIdle9';

describe('the session timeout across two tabs', () => {
  const e2e = useE2E({
    ownServer: {
      name: 'timeout',
      env: {
        SESSION_IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS),
        SESSION_WARNING_SECONDS: String(WARNING_SECONDS),
      },
    },
  });

  it('warns in both tabs, "Stay signed in" in one closes both, then both sign out with the reason', async () => {
    const email = uniqueEmail('timeout');
    await e2e.server.createAccount(email, password);
    const context = await e2e.newContext('en');
    context.setDefaultTimeout(15_000);
    await e2e.server.signIn(context, email, password);
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
    const current = await context.request.get(`${e2e.baseUrl}/api/applicant/sessions/current`);
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
    const after = await context.request.get(`${e2e.baseUrl}/api/applicant/sessions/current`);
    expect(after.status()).toBe(401);
  });
});
