import type { Meta, StoryObj } from '@storybook/react-vite';
import { rateLimitedMessage } from '../../failures/rateLimitedMessage';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { SecondStepMethod } from '@pre-admission/api';
import { handlers, mockSecondStep, sessionHandlers } from '@pre-admission/api/mocks';
import { routes } from '../../routes';
import { type AccountSpies, screenMeta } from '../../testing/AccountDecorator';
import { stubPasskeys } from '../../testing/passkeys';
import { expectFieldError, expectSummaryWith, input, intlOf, translator } from '../../testing/play';
import { SignInSecondStep } from './SignInSecondStep';

const email = 'applicant@example.ac.jp';

/** The sign-in's answer as sign-in keeps it for the tab; the browser's passkey dialog stubbed. */
const pendingWith =
  (methods: SecondStepMethod[], answer: 'assertion' | 'cancel' | 'pending' = 'pending') =>
  () => {
    sessionStorage.setItem('pre-admission.secondStep', JSON.stringify({ email, methods }));
    const restore = stubPasskeys({ answer });
    return () => {
      restore();
      sessionStorage.removeItem('pre-admission.secondStep');
      sessionStorage.removeItem('pre-admission.signInAgain');
    };
  };

const meta = {
  title: 'Account/SignInSecondStep',
  component: SignInSecondStep,
  tags: ['autodocs'],
  ...screenMeta(),
  beforeEach: pendingWith(['authenticatorApp', 'recoveryCode']),
} satisfies Meta<AccountSpies>;

export default meta;
type Story = StoryObj<typeof meta>;

const signIn = (canvasElement: HTMLElement, t: ReturnType<typeof translator>) =>
  userEvent.click(within(canvasElement).getByRole('button', { name: t('account.signIn.submit') }));

/** The code from the authenticator app: one field, six digits, then signed in and on to the plan. */
export const Code: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: t('account.secondStep.title') }),
    ).toBeVisible();
    await expect(canvas.getAllByRole('textbox')).toHaveLength(1);
    const code = input(canvasElement, 'code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(canvas.getByRole('button', { name: t('account.secondStep.useRecoveryCode') })).toBeVisible();
    // A Japanese keyboard's full-width digits, in two groups: the code as the server takes it.
    await userEvent.type(code, '４９２ ０３９');
    await signIn(canvasElement, t);
    await waitFor(() => expect(args.onSignedIn).toHaveBeenCalledWith('applicant@example.com'));
    await expect(args.navigate).toHaveBeenCalledWith(routes.applications, { replace: true });
    await expect(sessionStorage.getItem('pre-admission.secondStep')).toBeNull();
  },
};

/** A code that is not six digits is said on the field before any request. */
export const CodeInvalid: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await signIn(canvasElement, t);
    await expectFieldError(canvasElement, 'code', t('ui.field.required'));
    await userEvent.type(input(canvasElement, 'code'), '12ab');
    await signIn(canvasElement, t);
    await expectFieldError(canvasElement, 'code', t('account.validation.codeFormat'));
  },
};

/** 403 wrong_code: on the field and in the summary; the page stays for the next code. */
export const WrongCode: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    await userEvent.type(input(canvasElement, 'code'), '000000');
    await signIn(canvasElement, t);
    await expectSummaryWith(canvasElement, t, t('account.error.wrongCode'));
    await expectFieldError(canvasElement, 'code', t('account.error.wrongCode'));
    await expect(args.onSignedIn).not.toHaveBeenCalled();
  },
};

/**
 * Issue 39, item 2: ten wrong codes in a row stop codes (403 second_factor_locked): the field says why and what
 * brings them back (a password reset, which keeps the app), and that a passkey still works.
 */
export const CodesLocked: Story = {
  parameters: { msw: { handlers: [sessionHandlers.finishSignInCodesLocked, ...handlers] } },
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    await userEvent.type(input(canvasElement, 'code'), '492039');
    await signIn(canvasElement, t);
    await expectFieldError(canvasElement, 'code', t('account.error.codesLocked'));
    await expect(args.onSignedIn).not.toHaveBeenCalled();
  },
};

/** The phone is lost: a recovery code instead, case and hyphens as the applicant types them. */
export const RecoveryCode: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: t('account.secondStep.useRecoveryCode') }));
    await expect(canvas.getByText(t('account.secondStep.lead.recoveryCode'))).toBeVisible();
    await expect(canvas.getAllByRole('textbox')).toHaveLength(1);
    await userEvent.type(input(canvasElement, 'code'), 'aaaa-bbbb-cccc');
    await signIn(canvasElement, t);
    await expectFieldError(canvasElement, 'code', t('account.error.wrongRecoveryCode'));
    await userEvent.clear(input(canvasElement, 'code'));
    await userEvent.type(input(canvasElement, 'code'), mockSecondStep.recoveryCode.toUpperCase());
    await signIn(canvasElement, t);
    await waitFor(() => expect(args.onSignedIn).toHaveBeenCalled());
    await expect(
      canvas.getByRole('button', { name: t('account.secondStep.useAuthenticatorApp') }),
    ).toBeVisible();
  },
};

/** An account with a passkey too: it is offered, and it signs in. */
export const PasskeyOffered: Story = {
  beforeEach: pendingWith(['authenticatorApp', 'recoveryCode', 'passkey'], 'assertion'),
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: t('account.secondStep.usePasskey') }));
    await expect(canvas.queryByRole('textbox')).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: t('account.signIn.passkey') }));
    await waitFor(() => expect(args.onSignedIn).toHaveBeenCalled());
  },
};

/** The passkey dialog closed: a calm message, the other ways still there. */
export const PasskeyCancelled: Story = {
  beforeEach: pendingWith(['passkey', 'recoveryCode'], 'cancel'),
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: t('account.signIn.passkey') }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      t('account.secondStep.passkeyCancelled'),
    );
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    await expect(args.reportError).not.toHaveBeenCalled();
  },
};

/** 401 no_second_step (five minutes, or used): back to sign-in, which asks to sign in again, the address kept. */
export const Expired: Story = {
  parameters: { msw: { handlers: [sessionHandlers.finishSignInExpired, ...handlers] } },
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    await userEvent.type(input(canvasElement, 'code'), mockSecondStep.code);
    await signIn(canvasElement, t);
    await waitFor(() => expect(args.navigate).toHaveBeenCalledWith(routes.signIn, { replace: true }));
    await expect(sessionStorage.getItem('pre-admission.signInAgain')).toBe(email);
    await expect(sessionStorage.getItem('pre-admission.secondStep')).toBeNull();
  },
};

/** 429: wrong codes count as wrong passwords; the summary says how long to wait (5 minutes in the mock). */
export const RateLimited: Story = {
  parameters: { msw: { handlers: [sessionHandlers.finishSignInRateLimited, ...handlers] } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const intl = intlOf(globals);
    await userEvent.type(input(canvasElement, 'code'), mockSecondStep.code);
    await signIn(canvasElement, t);
    await expectSummaryWith(canvasElement, t, rateLimitedMessage(intl, 300));
  },
};

/** A 500: the form's summary says so with the reference to quote; the code stays. */
export const ServerError: Story = {
  parameters: { msw: { handlers: [sessionHandlers.finishSignInServerError, ...handlers] } },
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    await userEvent.type(input(canvasElement, 'code'), mockSecondStep.code);
    await signIn(canvasElement, t);
    await within(canvasElement).findByRole('alert');
    await expect(input(canvasElement, 'code')).toHaveValue(mockSecondStep.code);
    await expect(args.reportError).not.toHaveBeenCalled();
  },
};

/** A reload without the sign-in's answer (another tab, storage cleared): back to sign-in. */
export const NothingPending: Story = {
  beforeEach: () => {
    sessionStorage.removeItem('pre-admission.secondStep');
    return stubPasskeys();
  },
  play: async ({ args }) => {
    await waitFor(() => expect(args.navigate).toHaveBeenCalledWith(routes.signIn, { replace: true }));
  },
};
