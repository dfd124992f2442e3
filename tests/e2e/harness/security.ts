// Steps of the issue 28 journeys (passkeys, the authenticator app, recovery codes): the words the screens
// show, as agreed for issue 28 (notes: "Test ids and words the e2e helper relies on"), and the steps more
// than one file takes. The screens are found by role and accessible name, never by a class.
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { requestId } from './api.ts';
import type { Applicant } from './applicant.ts';
import type { E2E } from './browser.ts';
import { exactly, type Locale } from './messages.ts';
import { msUntilNextStep, timeStep, totp } from './totp.ts';

/** The agreed words (docs/glossary.md: パスキー, 認証アプリ, 2段階認証, リカバリーコード, 本人確認). */
export const words = {
  ja: {
    securityTitle: 'ログインとセキュリティ',
    passkeySignIn: 'パスキーでログイン',
    secondStepTitle: '2段階認証',
    signIn: 'ログイン',
    useRecoveryCode: 'リカバリーコードを使う',
    usePasskey: 'パスキーを使う',
    addPasskey: 'パスキーを追加',
    rename: '名前を変更',
    remove: '削除',
    setUpApp: '認証アプリを設定',
    turnOffApp: '認証アプリを解除',
    renewCodes: 'リカバリーコードを再発行',
    turnOn: '設定する',
    confirmTitle: '本人確認',
    password: 'パスワード',
    confirm: '確認する',
    confirmWithPasskey: 'パスキーで確認',
  },
  en: {
    securityTitle: 'Sign-in and security',
    passkeySignIn: 'Sign in with a passkey',
    secondStepTitle: 'Two-step sign-in',
    signIn: 'Sign in',
    useRecoveryCode: 'Use a recovery code',
    usePasskey: 'Use a passkey',
    addPasskey: 'Add a passkey',
    rename: 'Rename',
    remove: 'Remove',
    setUpApp: 'Set up an authenticator app',
    turnOffApp: 'Turn off the authenticator app',
    renewCodes: 'Get new recovery codes',
    turnOn: 'Turn on',
    confirmTitle: 'Confirm it is you',
    password: 'Password',
    confirm: 'Confirm',
    confirmWithPasskey: 'Confirm with a passkey',
  },
} as const satisfies Record<Locale, Record<string, string>>;

export type Words = (typeof words)[Locale];

/** The subjects of the change notices (apps/api/src/mail.ts `notices`; each subject has both languages). */
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

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An accessible name that has both texts in it ("Remove" and the passkey's name), in either order. */
export const nameWith = (action: string, name: string): RegExp =>
  new RegExp(`^(?=.*${escape(action)})(?=.*${escape(name)})`, 's');

/** axe on the page as it is now; the failure lists each violation with its nodes (as the other journeys do). */
export async function expectNoViolations(page: Page, state: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
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

/** The screens of issue 28 as one applicant meets them. */
export class Security {
  readonly w: Words;

  constructor(readonly a: Applicant) {
    this.w = words[a.locale];
  }

  get page(): Page {
    return this.a.page;
  }

  heading(text: string): Locator {
    return this.page.getByRole('heading', { level: 1, name: exactly(text) });
  }

  button(text: string): Locator {
    return this.page.getByRole('button', { name: exactly(text) });
  }

  /** The account menu → Sign-in and security. */
  async openFromMenu(): Promise<void> {
    await this.a.accountMenuButton().click();
    await this.page.getByRole('menuitem', { name: exactly(this.w.securityTitle) }).click();
    await this.a.waitForPath(paths.security);
    await this.heading(this.w.securityTitle).waitFor();
  }

  async open(): Promise<void> {
    await this.a.open(paths.security);
    await this.heading(this.w.securityTitle).waitFor();
    await this.a.settle();
  }

  async signOut(): Promise<void> {
    await this.a.openAccountMenu('ui.accountMenu.logOut');
    await this.a.waitForPath(paths.signIn);
    await this.a.sees('account.signIn.title');
  }

  /** The passkey's Rename and Remove buttons: it is listed when they are. */
  renameButton(name: string): Locator {
    return this.page.getByRole('button', { name: nameWith(this.w.rename, name) });
  }

  removeButton(name: string): Locator {
    return this.page.getByRole('button', { name: nameWith(this.w.remove, name) });
  }

  /** The dialog open now, if any (a name field, a question before a removal, "Confirm it is you"). */
  openDialog(): Locator {
    return this.page.getByRole('dialog').or(this.page.getByRole('alertdialog'));
  }

  /**
   * Adds a passkey (the browser's ceremony runs against the page's virtual authenticator) named `name`: the
   * screen asks for the name in a dialog before or after the ceremony, or lists it under the device's default
   * name, which is then renamed.
   */
  async addPasskey(name: string, password: string): Promise<void> {
    const before = await this.page.getByRole('button', { name: new RegExp(escape(this.w.rename)) }).count();
    await this.button(this.w.addPasskey).click();
    const listed = this.page.getByRole('button', { name: new RegExp(escape(this.w.rename)) }).nth(before);
    const dialog = this.openDialog();
    await listed.or(dialog).first().waitFor();
    if (await this.confirmation().isVisible()) {
      await this.confirmWithPassword(password);
      await listed.or(dialog).first().waitFor();
    }
    if (await dialog.isVisible()) {
      await dialog.getByRole('textbox').fill(name);
      await dialog.getByRole('textbox').press('Enter');
      await dialog.waitFor({ state: 'detached' });
    } else {
      const shown = (await listed.getAttribute('aria-label')) ?? (await listed.textContent()) ?? '';
      if (!shown.includes(name)) await this.renamePasskeyFrom(listed, name);
    }
    await this.renameButton(name).waitFor();
  }

  /** Renames the passkey whose Rename button is `rename`: its field (in a dialog, or in place), Enter. */
  async renamePasskeyFrom(rename: Locator, name: string): Promise<void> {
    await rename.click();
    const dialog = this.openDialog();
    const field = (await dialog.isVisible())
      ? dialog.getByRole('textbox')
      : this.page.getByRole('main').getByRole('textbox');
    await field.fill(name);
    await field.press('Enter');
    await this.renameButton(name).waitFor();
  }

  async renamePasskey(from: string, to: string): Promise<void> {
    await this.renamePasskeyFrom(this.renameButton(from), to);
  }

  /**
   * Removes a passkey: its Remove button, the screen's question (if it asks) answered with Remove, and
   * "Confirm it is you" with the password when the sign-in is older than the window (`expectConfirmation`
   * says whether it must be asked). Waits until it is no longer listed.
   */
  async removePasskey(name: string, password: string, expectConfirmation: boolean): Promise<void> {
    await this.removeButton(name).click();
    let confirmed = false;
    for (let round = 0; round < 3 && (await this.removeButton(name).count()) > 0; round += 1) {
      const dialog = this.openDialog();
      await dialog
        .first()
        .waitFor({ timeout: 5_000 })
        .catch(() => undefined);
      if (await this.confirmation().isVisible()) {
        await this.confirmWithPassword(password);
        confirmed = true;
      } else if (await dialog.first().isVisible()) {
        await dialog
          .first()
          .getByRole('button', { name: new RegExp(escape(this.w.remove)) })
          .click();
      } else {
        // Confirmed, and the screen leaves the removal to be asked again.
        await this.removeButton(name).click();
      }
      await this.removeButton(name)
        .waitFor({ state: 'detached', timeout: 3_000 })
        .catch(() => undefined);
    }
    await this.removeButton(name).waitFor({ state: 'detached' });
    expect(confirmed, 'asked to confirm it is you').toBe(expectConfirmation);
  }

  /** The "Confirm it is you" dialog. */
  confirmation(): Locator {
    return this.page.getByRole('dialog', { name: exactly(this.w.confirmTitle) });
  }

  /** Answers the "Confirm it is you" dialog with the password (it must be showing). */
  async confirmWithPassword(password: string): Promise<void> {
    const dialog = this.confirmation();
    await dialog.getByLabel(new RegExp(`^\\s*${escape(this.w.password)}`)).fill(password);
    await dialog.getByRole('button', { name: exactly(this.w.confirm) }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  /** The Base32 key the set-up shows. */
  async authenticatorKey(): Promise<string> {
    const key = this.page.getByTestId('authenticator-key');
    await key.waitFor();
    const text = ((await key.textContent()) ?? '').replace(/\s+/g, '');
    expect(text, 'the key is Base32 of 160 bits').toMatch(/^[A-Z2-7]{32}$/);
    return text;
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

  /** The code field of the app's set-up (the only textbox of the page while it is set up). */
  setupCodeField(): Locator {
    return this.page.getByRole('main').getByRole('textbox');
  }

  /** On the second step page: from the app's code to a recovery code (a button or a link). */
  async switchToRecoveryCode(): Promise<void> {
    const name = exactly(this.w.useRecoveryCode);
    await this.page.getByRole('button', { name }).or(this.page.getByRole('link', { name })).click();
    await expect.poll(() => this.secondStepField().count()).toBe(1);
  }

  /** The one textbox of the second step page (the code, or the recovery code after switching). */
  secondStepField(): Locator {
    return this.page.getByRole('main').getByRole('textbox');
  }

  /** Waits for the second step page. */
  async seesSecondStep(): Promise<void> {
    await this.a.waitForPath(paths.secondStep);
    await this.heading(this.w.secondStepTitle).waitFor();
    await expect.poll(() => this.secondStepField().count()).toBe(1);
  }

  /** Types a code on the second step page and sends it. */
  async sendSecondStep(code: string): Promise<void> {
    await this.secondStepField().fill(code);
    await this.button(this.w.signIn).click();
  }

  /** The second step refused what was typed: the field says it is wrong, and the page stays. */
  async expectSecondStepRefused(): Promise<void> {
    await expect.poll(() => this.secondStepField().getAttribute('aria-invalid')).toBe('true');
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
