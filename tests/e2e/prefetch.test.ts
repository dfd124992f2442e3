// Prefetch on intent (issue 29, docs/behaviour.md#start-up-loading), in Chromium against the built site: the
// sign-in page fetches at idle only the screens one step ahead; a link's screen when the link comes into view
// or is hovered; the other language when its switch option is hovered.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2E } from './harness/browser.ts';
import { exactly, msg } from './harness/messages.ts';

/** The names of the chunks under /assets/ the page has fetched so far (`Privacy` for assets/Privacy-….js). */
function chunksFetched(page: Page): Set<string> {
  const names = new Set<string>();
  page.on('request', (request) => {
    const match = /\/assets\/([\w.]+?)-[\w-]+\.js$/.exec(new URL(request.url()).pathname);
    if (match) names.add(match[1]!);
  });
  return names;
}

describe('prefetch on intent', () => {
  const e2e = useE2E();

  const openSignIn = async (height: number) => {
    const page = await e2e.newPage('en');
    await page.setViewportSize({ width: 1280, height });
    const fetched = chunksFetched(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    // The idle work runs one task per idle period.
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
    return { page, fetched };
  };

  // (react-query comes with the sign-in page's maintenance read: not a screen, not counted here.)
  it('fetches at idle the screens one step ahead, and no screen the sign-in page does not link to', async () => {
    const { fetched } = await openSignIn(2000);
    expect(fetched.has('RegistrationRequest')).toBe(true);
    expect(fetched.has('PasswordResetRequest')).toBe(true);
    for (const screen of ['EmailChangeRequest', 'PasswordChange', 'SignInSecurity', 'Applications']) {
      expect(fetched.has(screen), screen).toBe(false);
    }
    // The privacy link is in view in a tall window: its screen is fetched without any interaction.
    expect(fetched.has('Privacy')).toBe(true);
    // Not the other language until its switch is hovered.
    expect(fetched.has('ja')).toBe(false);
  });

  it('fetches a link out of view when it is hovered, and the other language when its option is', async () => {
    const { page, fetched } = await openSignIn(300);
    expect(fetched.has('Privacy')).toBe(false);
    // A pointer over the link, without scrolling it into view.
    await page
      .getByRole('link', { name: exactly(msg('en', 'account.signIn.privacy')) })
      .dispatchEvent('pointerover');
    await expect.poll(() => fetched.has('Privacy')).toBe(true);
    await page.getByRole('radio', { name: '日本語' }).dispatchEvent('pointerover');
    await expect.poll(() => fetched.has('ja')).toBe(true);
  });
});
