import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  handlers,
  http,
  problem,
  schemaExamples,
  type passwordResetHandlers,
  type registrationHandlers,
} from '@pre-admission/api/mocks';
import type { MessageId } from '@pre-admission/i18n';
import { routes } from '../routes';
import { formatWait } from '../components/MailResend/countdown';
import { sentMailKey } from '../components/MailResend/sentMail';
import { isPasswordCheckLoaded } from '../validation/useCommonPasswordCheck';
import type { AccountSpies } from './AccountDecorator';
import {
  expectFieldError,
  expectLogged,
  expectSummaryWith,
  fill,
  input,
  page,
  intlOf,
  translator,
  heldRequests,
} from './play';

/** The plays shared by the two token pages (registration and password reset): same form, same rules. */
export interface TokenPageText {
  title: MessageId;
  submit: MessageId;
  requestNewLink: MessageId;
}

interface PlayContext {
  canvasElement: HTMLElement;
  globals: Record<string, unknown>;
  args: AccountSpies;
}

export const validPassword = { newPassword: 'Passw0rd2026', passwordConfirmation: 'Passw0rd2026' };

const submitButton = (canvasElement: HTMLElement, globals: Record<string, unknown>, text: TokenPageText) =>
  within(canvasElement).findByRole('button', { name: translator(globals)(text.submit) });

const tokenPlays = (text: TokenPageText, completeHref: string, requestHref: string) => ({
  /** Shows the email the token belongs to; no referrer leaves the page. */
  async Default({ canvasElement, globals }: PlayContext) {
    const t = translator(globals);
    const canvas = within(canvasElement);
    // Once the link is read: until then the heading says it is being checked (issue 27, defect 2).
    await expect(await canvas.findByText(schemaExamples.TokenRequest.email)).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { level: 1, name: t(text.title) })).toBeInTheDocument();
    await expect(
      canvasElement.ownerDocument.head.querySelector('meta[name="referrer"][content="no-referrer"]'),
    ).not.toBeNull();
  },

  /** docs/behaviour.md#validation: the new password's rule, and the confirmation must match; validated on blur. */
  async ValidationErrors({ canvasElement, globals }: PlayContext) {
    const t = translator(globals);
    await userEvent.click(await submitButton(canvasElement, globals, text));
    await expectSummaryWith(canvasElement, t, t('ui.field.required'));
    await userEvent.type(input(canvasElement, 'newPassword'), 'password');
    await userEvent.tab();
    await expectFieldError(canvasElement, 'newPassword', t('account.validation.newPassword'));
    await userEvent.type(input(canvasElement, 'passwordConfirmation'), 'passw0rd');
    await userEvent.tab();
    await expectFieldError(canvasElement, 'passwordConfirmation', t('account.validation.passwordMismatch'));
  },

  /**
   * The confirmation follows the new password: its mismatch is checked again when the new password is
   * edited after it, and goes away when they match again.
   */
  async ConfirmationRechecked({ canvasElement, globals }: PlayContext) {
    const t = translator(globals);
    await submitButton(canvasElement, globals, text);
    await userEvent.type(input(canvasElement, 'newPassword'), 'Passw0rd2026');
    await userEvent.tab();
    await userEvent.type(input(canvasElement, 'passwordConfirmation'), 'Passw0rd2026');
    await userEvent.tab();
    const confirmation = input(canvasElement, 'passwordConfirmation');
    await expect(confirmation).not.toHaveAttribute('aria-invalid');
    await userEvent.type(input(canvasElement, 'newPassword'), 'x');
    await userEvent.tab();
    await expectFieldError(canvasElement, 'passwordConfirmation', t('account.validation.passwordMismatch'));
    await userEvent.type(input(canvasElement, 'newPassword'), '{Backspace}');
    await userEvent.tab();
    await waitFor(() => expect(confirmation).not.toHaveAttribute('aria-invalid'));
  },

  /** docs/behaviour.md#validation: pending while in flight; a second send is ignored (`requests` counts what reached the server). */
  Submitting: (requests: ReturnType<typeof heldRequests>) =>
    async function play({ canvasElement, globals }: PlayContext) {
      const button = await submitButton(canvasElement, globals, text);
      requests.reset();
      await fill(canvasElement, validPassword);
      await userEvent.click(button);
      await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
      await userEvent.click(button);
      await userEvent.type(input(canvasElement, 'passwordConfirmation'), '{Enter}');
      await expect(await requests.settle(button)).toBe(1);
    },

  /** The token is spent: on to the completion page, replacing the token page in the history. */
  async Done({ canvasElement, globals, args }: PlayContext) {
    const button = await submitButton(canvasElement, globals, text);
    await fill(canvasElement, validPassword);
    await userEvent.click(button);
    await waitFor(() => expect(args.navigate).toHaveBeenCalledWith(completeHref, { replace: true }));
  },

  /**
   * docs/security.md#common-passwords: a password from every breach list fits the rule but is refused on blur,
   * whatever its case, with the message the server's 400 brings.
   */
  async CommonPassword({ canvasElement, globals }: PlayContext) {
    const t = translator(globals);
    await submitButton(canvasElement, globals, text);
    await waitFor(() => expect(isPasswordCheckLoaded()).toBe(true));
    await userEvent.type(input(canvasElement, 'newPassword'), 'Passw0rd');
    await userEvent.tab();
    await expectFieldError(canvasElement, 'newPassword', t('account.validation.commonPassword'));
  },

  /**
   * docs/security.md#common-passwords: the server refuses the new password (400 common_password): the same
   * message on the field and in the error summary; the page stays, with what was typed.
   */
  async CommonPasswordFromServer({ canvasElement, globals, args }: PlayContext) {
    const t = translator(globals);
    const button = await submitButton(canvasElement, globals, text);
    await fill(canvasElement, validPassword);
    await userEvent.click(button);
    await expectSummaryWith(canvasElement, t, t('account.validation.commonPassword'));
    await expectFieldError(canvasElement, 'newPassword', t('account.validation.commonPassword'));
    await expect(input(canvasElement, 'newPassword')).toHaveValue(validPassword.newPassword);
    await expect(args.navigate).not.toHaveBeenCalled();
    await expect(args.reportError).not.toHaveBeenCalled();
  },

  /** docs/behaviour.md#error-catalogue: token read 404 → the alert 'URL is invalid'; OK returns to `/`, replacing the dead link. */
  async InvalidToken({ canvasElement, globals, args }: PlayContext) {
    const t = translator(globals);
    const alert = await page(canvasElement).findByRole('alertdialog', {
      name: t('account.invalidLink.title'),
    });
    await waitFor(() =>
      expect(within(alert).getByRole('button', { name: t('ui.alertDialog.ok') })).toHaveFocus(),
    );
    await userEvent.click(within(alert).getByRole('button', { name: t('ui.alertDialog.ok') }));
    await expect(args.navigate).toHaveBeenCalledWith(routes.signIn, { replace: true });
  },

  /**
   * docs/behaviour.md#link-states: a refused link's alert says why (its title and body), and whether a new
   * link is offered; OK returns to `/`.
   */
  linkState(code: 'used' | 'expired' | 'superseded', offersNewLink: boolean) {
    return async ({ canvasElement, globals, args }: PlayContext) => {
      const t = translator(globals);
      const flow = completeHref === routes.registrationComplete ? 'registration' : 'passwordReset';
      const title =
        code === 'used' ? `account.linkState.used.${flow}.title` : `account.linkState.${code}.title`;
      const alert = await page(canvasElement).findByRole('alertdialog', { name: t(title as MessageId) });
      if (code === 'expired') {
        // The contract's example: expired at 2026-11-21T09:30:00Z, written in the page's language.
        const body = t('account.linkState.expired.body', { expiredAt: new Date('2026-11-21T09:30:00Z') });
        await waitFor(() => expect(within(alert).getByText(body)).toBeVisible());
      }
      const newLink = within(alert).queryByRole('button', { name: t(text.requestNewLink) });
      await expect(newLink !== null).toBe(offersNewLink);
      await userEvent.click(within(alert).getByRole('button', { name: t('ui.alertDialog.ok') }));
      await expect(args.navigate).toHaveBeenCalledWith(routes.signIn, { replace: true });
    };
  },

  /** The alert also offers a new link: a used or expired link is the common case. */
  async RequestNewLink({ canvasElement, globals, args }: PlayContext) {
    const t = translator(globals);
    const alert = await page(canvasElement).findByRole('alertdialog', {
      name: t('account.invalidLink.title'),
    });
    await userEvent.click(within(alert).getByRole('button', { name: t(text.requestNewLink) }));
    await expect(args.navigate).toHaveBeenCalledWith(requestHref, { replace: true });
  },

  /** docs/behaviour.md#error-catalogue only logs finish errors; the kit also shows a short toast, so the applicant is not left waiting. */
  async TokenUsed({ canvasElement, globals, args }: PlayContext) {
    const t = translator(globals);
    const button = await submitButton(canvasElement, globals, text);
    await fill(canvasElement, validPassword);
    await userEvent.click(button);
    const toast = await page(canvasElement).findByText(t('account.error.linkUsed'));
    await expect(toast).toBeInTheDocument();
    await expectLogged('warn', 404);
    await expect(args.navigate).not.toHaveBeenCalled();
    await expect(args.reportError).not.toHaveBeenCalled();
  },

  /** docs/behaviour.md#error-catalogue: other token read errors are only logged; the page says it could not load, and a toast shows. */
  async LoadFailed({ canvasElement, globals, args }: PlayContext) {
    const t = translator(globals);
    await expect(
      await within(canvasElement).findByText(t('account.tokenPage.loadFailed')),
    ).toBeInTheDocument();
    await expect(await page(canvasElement).findByText(t('account.error.generic.title'))).toBeInTheDocument();
    await expectLogged('error', 500);
    await expect(args.reportError).not.toHaveBeenCalled();
  },

  /**
   * docs/behaviour.md#link-states: an expired link's alert sends a new link to the same address (typed by
   * nobody: the server knows it), then goes to the "mail sent" page, which keeps the wait (not the address).
   */
  async RenewExpired({ canvasElement, globals, args }: PlayContext) {
    const t = translator(globals);
    const alert = await page(canvasElement).findByRole('alertdialog', {
      name: t('account.linkState.expired.title'),
    });
    await userEvent.click(within(alert).getByRole('button', { name: t('account.linkState.expired.renew') }));
    const flow = completeHref === routes.registrationComplete ? 'registration' : 'passwordReset';
    const sentHref =
      flow === 'registration' ? routes.registrationRequestComplete : routes.passwordResetRequestComplete;
    await waitFor(() => expect(args.navigate).toHaveBeenCalledWith(sentHref, { replace: true }));
    await expect(JSON.parse(sessionStorage.getItem(sentMailKey(flow))!)).toEqual({
      nextSendAllowedAt: schemaExamples.MailAccepted.nextSendAllowedAt.replace('Z', '.000Z'),
    });
    sessionStorage.removeItem(sentMailKey(flow));
  },

  /** A renewal past the address's limit (429): the alert says how long to wait; nothing else happens. */
  async RenewRefused({ canvasElement, globals, args }: PlayContext) {
    const t = translator(globals);
    const alert = await page(canvasElement).findByRole('alertdialog', {
      name: t('account.linkState.expired.title'),
    });
    await userEvent.click(within(alert).getByRole('button', { name: t('account.linkState.expired.renew') }));
    const wait = formatWait(intlOf(globals), 60);
    await expect(
      await within(alert).findByText(t('account.mailResend.refused', { wait })),
    ).toBeInTheDocument();
    await expect(args.navigate).not.toHaveBeenCalled();
    await expect(args.reportError).not.toHaveBeenCalled();
  },
});

/** A token page's mocks: the flow's handlers (registration's or password reset's), and where its token is read and spent. */
interface TokenPageMocks {
  flowHandlers: Pick<
    typeof registrationHandlers & typeof passwordResetHandlers,
    | 'tokenInvalid'
    | 'tokenUsed'
    | 'tokenExpired'
    | 'renewSucceeds'
    | 'renewRateLimited'
    | 'finishTokenUsed'
    | 'finishCommonPassword'
  > & { tokenSuperseded?: typeof registrationHandlers.tokenSuperseded };
  /** The token's path: read with GET, spent with PATCH. */
  byToken: '/api/applicant/registrations/{token}' | '/api/applicant/password-reset-requests/{token}';
  readOperation: 'getRegistration' | 'getPasswordReset';
}

/** A story whose handlers come before the default ones. */
const withHandlers = <Play>(first: typeof handlers, play: Play) => ({
  parameters: { msw: { handlers: [...first, ...handlers] } },
  play,
});

/**
 * The stories shared by the two token pages: each page's file exports those it shows, under its own names
 * (the screenshot baselines are keyed by them), with what is particular to its flow.
 */
export function tokenPageStories(
  text: TokenPageText,
  completeHref: string,
  requestHref: string,
  { flowHandlers, byToken, readOperation }: TokenPageMocks,
) {
  const plays = tokenPlays(text, completeHref, requestHref);
  const finishes = heldRequests();
  return {
    Default: { play: plays.Default },
    ValidationErrors: { play: plays.ValidationErrors },
    ConfirmationRechecked: { play: plays.ConfirmationRechecked },
    Submitting: withHandlers([http.patch(byToken, () => finishes.hold())], plays.Submitting(finishes)),
    Done: { play: plays.Done },
    InvalidToken: withHandlers([flowHandlers.tokenInvalid], plays.InvalidToken),
    RequestNewLink: withHandlers([flowHandlers.tokenInvalid], plays.RequestNewLink),
    linkState(code: 'used' | 'expired' | 'superseded', offersNewLink: boolean) {
      const handler = {
        used: flowHandlers.tokenUsed,
        expired: flowHandlers.tokenExpired,
        superseded: flowHandlers.tokenSuperseded,
      }[code];
      if (!handler) throw new Error(`No handler for a ${code} link`);
      return withHandlers([handler], plays.linkState(code, offersNewLink));
    },
    RenewExpired: withHandlers([flowHandlers.tokenExpired, flowHandlers.renewSucceeds], plays.RenewExpired),
    RenewRefused: withHandlers(
      [flowHandlers.tokenExpired, flowHandlers.renewRateLimited],
      plays.RenewRefused,
    ),
    TokenUsed: withHandlers([flowHandlers.finishTokenUsed], plays.TokenUsed),
    CommonPassword: { play: plays.CommonPassword },
    CommonPasswordFromServer: withHandlers(
      [flowHandlers.finishCommonPassword],
      plays.CommonPasswordFromServer,
    ),
    LoadFailed: withHandlers([http.get(byToken, () => problem(readOperation, '500'))], plays.LoadFailed),
  };
}
