// Steps of the issue 28 journeys (passkeys, the authenticator app, recovery codes) that more than one file
// takes, and the messages the screens show. The screens are found by role and accessible name, never by a class.
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect, onTestFinished } from 'vitest';
import { requestId } from './api.ts';
import type { Applicant } from './applicant.ts';
import type { E2E } from './browser.ts';
import { exactly, type Locale } from './messages.ts';
import { msUntilNextStep, timeStep, totp } from './totp.ts';
import { analyze } from './axe.ts';

/**
 * The catalogue's messages of the issue 28 screens (packages/i18n), so that the journeys follow the copy; the
 * words are the agreed ones (docs/glossary.md: パスキー, 認証アプリ, 2段階認証, リカバリーコード, 本人確認).
 */
export const ids = {
  securityTitle: 'account.security.title',
  addPasskey: 'account.security.passkeys.add',
  rename: 'account.security.passkeys.rename',
  removeTitle: 'account.security.passkeys.removeTitle',
  remove: 'account.security.passkeys.remove',
  setUpApp: 'account.security.app.setUp',
  appCode: 'account.security.app.code',
  turnOn: 'account.security.app.turnOn',
  turnOff: 'account.security.app.turnOff',
  turnOffTitle: 'account.security.app.turnOffTitle',
  renewCodes: 'account.security.codes.renew',
  renewTitle: 'account.security.codes.renewTitle',
  codesSaved: 'account.security.codes.done',
  confirmTitle: 'account.security.confirm.title',
  confirm: 'account.security.confirm.submit',
  passkeySignIn: 'account.signIn.passkey',
  secondStepTitle: 'account.secondStep.title',
  useRecoveryCode: 'account.secondStep.useRecoveryCode',
} as const;

/** The subjects of the change notices (apps/api/src/mail/templates.ts `notices`; each subject has both languages). */
export const noticeSubjects = {
  passkeyAdded: 'A passkey was added to your account',
  passkeyRemoved: 'A passkey was removed from your account',
  authenticatorAppOn: 'Two-step sign-in was turned on',
  authenticatorAppOff: 'Two-step sign-in was turned off',
  recoveryCodesRenewed: 'New recovery codes were made',
} as const;

export const paths = {
  security: '/sign-in-and-security',
  secondStep: '/sign-in/second-step',
  plan: '/applications',
  signIn: '/',
} as const;

/** axe on the page as it is now; the failure lists each violation with its nodes (as the other journeys do). */
export async function expectNoViolations(page: Page, state: string): Promise<void> {
  const { violations } = await analyze(page, state);
  const report = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(report, `axe violations on ${state} (${page.url()})`).toEqual([]);
}

/** A page of its own context at 360 px (a phone), as the bad-network journey photographs it. */
export async function phone(e2e: E2E, locale: Locale): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.newContext(locale);
  const page = await context.newPage();
  await page.setViewportSize({ width: 360, height: 800 });
  return { context, page };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An accessible name that starts with the action and has the passkey's name in it. */
const nameWith = (action: string, name: string): RegExp =>
  new RegExp(`^\\s*${escape(action)}(?=.*${escape(name)})`, 's');

/** The screens of issue 28 as one applicant meets them. */
export class Security {
  constructor(readonly a: Applicant) {}

  get page(): Page {
    return this.a.page;
  }

  t(id: string, values?: Record<string, string>): string {
    return this.a.t(id, values);
  }

  heading(id: string): Locator {
    return this.page.getByRole('heading', { level: 1, name: exactly(this.t(id)) });
  }

  button(id: string, values?: Record<string, string>): Locator {
    return this.page.getByRole('button', { name: exactly(this.t(id, values)) });
  }

  dialog(id: string, values?: Record<string, string>): Locator {
    return this.page.getByRole('dialog', { name: exactly(this.t(id, values)) });
  }

  /** The account menu → Sign-in and security (the item has the page's name). */
  async openFromMenu(): Promise<void> {
    await this.a.accountMenuButton().click();
    await this.page.getByRole('menuitem', { name: exactly(this.t(ids.securityTitle)) }).click();
    await this.a.waitForPath(paths.security);
    await this.heading(ids.securityTitle).waitFor();
    await this.loaded();
  }

  async open(): Promise<void> {
    await this.a.open(paths.security);
    await this.heading(ids.securityTitle).waitFor();
    await this.loaded();
  }

  /** The page's sections are there (they load after the heading). */
  private async loaded(): Promise<void> {
    await this.button(ids.addPasskey).waitFor();
    await this.a.settle();
  }

  async signOut(): Promise<void> {
    await this.a.openAccountMenu('ui.accountMenu.logOut');
    await this.a.waitForPath(paths.signIn);
    await this.a.sees('account.signIn.title');
  }

  /**
   * The passkey's Rename and Remove buttons: the action, and the passkey's name for a screen reader (however
   * the screen words it). The passkey is listed when they are.
   */
  renameButton(name: string): Locator {
    return this.page.getByRole('button', { name: nameWith(this.t(ids.rename), name) });
  }

  removeButton(name: string): Locator {
    return this.page.getByRole('button', { name: nameWith(this.t(ids.remove), name) });
  }

  confirmation(): Locator {
    return this.dialog(ids.confirmTitle);
  }

  /** Answers "Confirm it is you" with the password (it must be showing). */
  async confirmWithPassword(password: string): Promise<void> {
    const dialog = this.confirmation();
    await dialog.waitFor();
    // The only password field of the page while the dialog is open.
    await this.a.field('account.field.password').fill(password);
    await dialog.getByRole('button', { name: exactly(this.t(ids.confirm)) }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  /**
   * Waits until `done` shows; answers "Confirm it is you" with the password if it comes first. Returns
   * whether it was asked.
   */
  async untilDone(done: Locator, password: string): Promise<boolean> {
    await done.or(this.confirmation()).first().waitFor();
    if (!(await this.confirmation().isVisible())) return false;
    await this.confirmWithPassword(password);
    await done.waitFor();
    return true;
  }

  /**
   * Adds a passkey named `name`: the dialog's name field (the device's name is suggested), Continue, the
   * browser's ceremony with the page's virtual authenticator. Returns whether "Confirm it is you" was asked.
   */
  async addPasskey(name: string, password: string): Promise<boolean> {
    await this.button(ids.addPasskey).click();
    const dialog = this.dialog(ids.addPasskey);
    await dialog.getByRole('textbox').fill(name);
    await dialog.getByRole('textbox').press('Enter');
    const asked = await this.untilDone(this.renameButton(name), password);
    await dialog.waitFor({ state: 'detached' });
    return asked;
  }

  async renamePasskey(from: string, to: string): Promise<void> {
    await this.renameButton(from).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByRole('textbox').fill(to);
    await dialog.getByRole('textbox').press('Enter');
    await this.renameButton(to).waitFor();
    await dialog.waitFor({ state: 'detached' });
  }

  /** Removes a passkey (its dialog's Remove). Returns whether "Confirm it is you" was asked. */
  async removePasskey(name: string, password: string): Promise<boolean> {
    await this.removeButton(name).click();
    const dialog = this.dialog(ids.removeTitle, { name });
    await dialog.getByRole('button', { name: exactly(this.t(ids.remove)) }).click();
    const gone = this.page.getByText(this.t('account.security.passkeys.removedNotice'));
    const asked = await this.untilDone(gone, password);
    await this.removeButton(name).waitFor({ state: 'detached' });
    return asked;
  }

  /** The Base32 key the set-up shows (in groups, for typing). */
  async authenticatorKey(): Promise<string> {
    const key = this.page.getByTestId('authenticator-key');
    await key.waitFor();
    const text = ((await key.textContent()) ?? '').replace(/\s+/g, '');
    expect(text, 'the key is Base32 of 160 bits').toMatch(/^[A-Z2-7]{32}$/);
    return text;
  }

  /** Types the code into the set-up and turns the app on; returns the recovery codes it shows. */
  async turnAppOn(code: string, password: string): Promise<string[]> {
    const field = this.a.field(ids.appCode);
    await field.fill(code);
    await this.button(ids.turnOn).click();
    await this.untilDone(this.page.getByTestId('recovery-codes'), password);
    return this.recoveryCodes();
  }

  /** The recovery codes shown (once), in their list. */
  async recoveryCodes(): Promise<string[]> {
    const list = this.page.getByTestId('recovery-codes');
    await list.waitFor();
    const codes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);
    expect(new Set(codes).size).toBe(10);
    return codes;
  }

  /** "I have saved the codes": the list goes. */
  async savedCodes(): Promise<void> {
    await this.button(ids.codesSaved).click();
    await this.page.getByTestId('recovery-codes').waitFor({ state: 'detached' });
  }

  /** Get new recovery codes (its dialog's button has the same name); returns them. */
  async renewCodes(password: string): Promise<string[]> {
    await this.button(ids.renewCodes).click();
    await this.dialog(ids.renewTitle)
      .getByRole('button', { name: exactly(this.t(ids.renewCodes)) })
      .click();
    await this.untilDone(this.page.getByTestId('recovery-codes'), password);
    return this.recoveryCodes();
  }

  async turnAppOff(password: string): Promise<void> {
    await this.button(ids.turnOff).click();
    await this.dialog(ids.turnOffTitle)
      .getByRole('button', { name: exactly(this.t(ids.turnOff)) })
      .click();
    await this.untilDone(this.button(ids.setUpApp), password);
  }

  /** The one textbox of the second step page (the code, or the recovery code after switching). */
  secondStepField(): Locator {
    return this.page.getByRole('main').getByRole('textbox');
  }

  async seesSecondStep(): Promise<void> {
    await this.a.waitForPath(paths.secondStep);
    await this.heading(ids.secondStepTitle).waitFor();
    await expect.poll(() => this.secondStepField().count()).toBe(1);
  }

  /** On the second step page: from the app's code to a recovery code (a button or a link). */
  async switchToRecoveryCode(): Promise<void> {
    const name = exactly(this.t(ids.useRecoveryCode));
    await this.page.getByRole('button', { name }).or(this.page.getByRole('link', { name })).click();
    await this.a.field('account.field.recoveryCode').waitFor();
  }

  /** Types a code on the second step page and sends it. */
  async sendSecondStep(code: string): Promise<void> {
    await this.secondStepField().fill(code);
    await this.page
      .getByRole('main')
      .getByRole('button', { name: exactly(this.t('account.signIn.submit')) })
      .click();
  }

  /** The second step refused what was typed: the field says so, and the page stays. */
  async expectSecondStepRefused(errorId: string): Promise<void> {
    await expect.poll(() => this.secondStepField().getAttribute('aria-invalid')).toBe('true');
    await this.page.getByText(this.t(errorId)).first().waitFor();
    expect(this.a.path()).toBe(paths.secondStep);
  }

  /** The subjects of the change notices an address has had, newest first. */
  static async notices(e2e: E2E, address: string): Promise<string[]> {
    return (await e2e.mailbox.mailsTo(address))
      .map((mail) => mail.subject)
      .filter((subject) => subject.includes('のお知らせ'));
  }
}

/**
 * A code the server has not yet accepted: the server refuses a code of a step at or before the last one it
 * accepted (no reuse within the window), so after using the code of step `usedStep`, wait for the next step.
 */
export async function freshCode(
  key: string,
  usedStep: number | undefined,
): Promise<{ code: string; step: number }> {
  if (usedStep !== undefined && timeStep() <= usedStep) {
    await new Promise((resolve) => setTimeout(resolve, msUntilNextStep() + 200));
  }
  // Not in the last second of a step either: the code must still be current when the server checks it
  // (±1 step is accepted, but a step at or before usedStep is not).
  if (msUntilNextStep() < 1_500) await new Promise((resolve) => setTimeout(resolve, msUntilNextStep() + 200));
  return { code: totp(key), step: timeStep() };
}

/**
 * The codes a phone shows, on the server's clock: rather than wait up to 30 s for the step after a used code,
 * the test moves the server's clock (`e2e.setServerClock`) into the next step. The clock only moves forward,
 * and is put back when the test ends. For tests on the run's shared server, which run one file at a time.
 */
export class CodeClock {
  private offsetMs = 0;

  constructor(private readonly e2e: E2E) {
    onTestFinished(() => e2e.setServerClock(0));
  }

  /** The step the server's clock is in now. */
  step(): number {
    return timeStep(Date.now() + this.offsetMs);
  }

  /**
   * A code of a step after `usedStep` (of the current step when it is undefined), with 5 s at least before
   * its step ends: the server's clock is moved 2 s into the next step when either is not so.
   */
  async code(key: string, usedStep: number | undefined): Promise<{ code: string; step: number }> {
    const now = () => Date.now() + this.offsetMs;
    if ((usedStep !== undefined && this.step() <= usedStep) || msUntilNextStep(now()) < 5_000) {
      this.offsetMs += msUntilNextStep(now()) + 2_000;
      await this.e2e.setServerClock(this.offsetMs);
    }
    const at = now();
    return { code: totp(key, { at }), step: timeStep(at) };
  }
}

/**
 * Sets the authenticator app up through the API for a signed-in context (the precondition of tests that are
 * not about the set-up screen): returns the key, the step of the code used, and the recovery codes.
 */
export async function turnOnAppByApi(
  e2e: E2E,
  context: BrowserContext,
): Promise<{ key: string; step: number; recoveryCodes: string[] }> {
  const headers = () => ({ 'x-request-id': requestId() });
  const setup = await context.request.post(`${e2e.baseUrl}/api/applicant/authenticator-app/setup`, {
    headers: headers(),
  });
  if (setup.status() !== 200) throw new Error(`set-up: ${setup.status()} ${await setup.text()}`);
  const { key } = (await setup.json()) as { key: string };
  const { code, step } = await freshCode(key, undefined);
  const on = await context.request.put(`${e2e.baseUrl}/api/applicant/authenticator-app`, {
    headers: headers(),
    data: { code },
  });
  if (on.status() !== 200) throw new Error(`turn on: ${on.status()} ${await on.text()}`);
  const { recoveryCodes } = (await on.json()) as { recoveryCodes: string[] };
  return { key, step, recoveryCodes };
}
