// What an applicant does on the site, in their language, found by role and by the catalogue's text.
import type { Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import { exactly, msg, type Locale } from './messages.ts';

export class Applicant {
  private inFlight = 0;

  constructor(
    readonly page: Page,
    readonly locale: Locale,
  ) {
    page.on('request', () => (this.inFlight += 1));
    page.on('requestfinished', () => (this.inFlight -= 1));
    page.on('requestfailed', () => (this.inFlight -= 1));
  }

  /**
   * Waits (at most 5 s) until no request has been in flight for 150 ms: a person reads a new page before
   * typing. (Text typed at once after a client-side navigation is sometimes cleared by a re-render of the
   * page; see the e2e report. The journeys test the journey, not that race.)
   */
  async settle(): Promise<void> {
    const deadline = Date.now() + 5_000;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      if (this.inFlight > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= 150) return;
      await this.page.waitForTimeout(25);
    }
  }

  t(id: string, values?: Record<string, string>): string {
    return msg(this.locale, id, values);
  }

  /** A form field by its label, which may end with the 'Required' tag. */
  field(id: string) {
    const name = escape(this.t(id));
    const tag = escape(this.t('ui.field.requiredTag'));
    return this.page.getByLabel(new RegExp(`^\\s*${name}\\s*(${tag})?\\s*$`));
  }

  button(id: string) {
    return this.page.getByRole('button', { name: exactly(this.t(id)) });
  }

  link(id: string) {
    return this.page.getByRole('link', { name: exactly(this.t(id)) });
  }

  heading(id: string) {
    return this.page.getByRole('heading', { level: 1, name: exactly(this.t(id)) });
  }

  /**
   * Waits until /applications shows the task list: the plan and its lists have loaded (while they load, the
   * page shows the same heading with a loading indicator).
   */
  async seesPlan(): Promise<void> {
    await this.sees('planner.title');
    await this.link('planner.task.kind').waitFor();
  }

  /** Waits until the page shows this h1. */
  async sees(headingId: string): Promise<void> {
    await this.heading(headingId).waitFor();
  }

  /**
   * Whether the h1 shows within a few seconds and is still there a moment later: for `expect.soft`, so a
   * journey records a wrong page and goes on to test the rest.
   */
  async stillSees(headingId: string, timeout = 5_000): Promise<boolean> {
    try {
      await this.heading(headingId).waitFor({ timeout });
      await this.page.waitForTimeout(500);
      return await this.heading(headingId).isVisible();
    } catch {
      return false;
    }
  }

  /** The path of the current URL (without origin and query). */
  path(): string {
    return new URL(this.page.url()).pathname;
  }

  async waitForPath(path: string): Promise<void> {
    await this.page.waitForURL((url) => url.pathname === path);
    await this.settle();
  }

  /**
   * Opens a route by its URL, as an applicant typing it or following a link from a mail, and waits until
   * the app has taken a prerendered page over (its scripts start after the first paint; what a test does
   * before that is tested in prerender.test.ts).
   */
  async open(path: string): Promise<Response | null> {
    const response = await this.page.goto(path);
    await this.page.waitForFunction(
      () => (window as { preAdmissionStart?: { hydrated: boolean } }).preAdmissionStart?.hydrated !== false,
    );
    return response;
  }

  /** The message shown for a field's error (wired by aria-describedby), e.g. after a failed submit. */
  async expectFieldError(fieldId: string, errorId: string): Promise<void> {
    const field = this.field(fieldId);
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(async () => (await accessibleDescription(field)) ?? '').toContain(this.t(errorId));
  }

  async signIn(email: string, password: string): Promise<void> {
    await this.sees('account.signIn.title');
    await this.field('account.field.email').fill(email);
    await this.field('account.field.password').fill(password);
    await this.button('account.signIn.submit').click();
  }

  async signInAndArrive(email: string, password: string): Promise<void> {
    await this.signIn(email, password);
    await this.waitForPath('/applications');
    // docs/behaviour.md#routes: the compact header shows the signed-in account's email (on the account menu's button).
    await this.accountMenuButton().filter({ hasText: email }).waitFor();
  }

  accountMenuButton() {
    return this.page.getByRole('button', { name: new RegExp(escape(this.t('ui.accountMenu.label'))) });
  }

  async openAccountMenu(itemId: string): Promise<void> {
    await this.accountMenuButton().click();
    await this.page.getByRole('menuitem', { name: exactly(this.t(itemId)) }).click();
  }

  async fillNewPassword(password: string): Promise<void> {
    await this.field('account.field.newPassword').fill(password);
    await this.field('account.field.passwordConfirmation').fill(password);
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The accessible description of an element, from aria-describedby (what a screen reader reads after the name). */
async function accessibleDescription(locator: ReturnType<Page['getByLabel']>): Promise<string | undefined> {
  return locator.evaluate((element) => {
    const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  });
}
