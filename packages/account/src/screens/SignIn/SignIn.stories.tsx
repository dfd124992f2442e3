import type { Meta, StoryObj } from '@storybook/react-vite';
import { rateLimitedMessage } from '../../failures/rateLimitedMessage';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { handlers, http, sessionHandlers } from '@pre-admission/api/mocks';
import { routes } from '../../routes';
import { passkeyCalls, stubPasskeys } from '../../testing/passkeys';
import { specMaintenance, type AccountSpies, screenMeta } from '../../testing/AccountDecorator';
import {
  expectFieldError,
  expectSummaryWith,
  fill,
  input,
  intlOf,
  page,
  translator,
  heldRequests,
} from '../../testing/play';
import { SignIn } from './SignIn';

const meta = {
  title: 'Account/SignIn',
  component: SignIn,
  tags: ['autodocs'],
  ...screenMeta({ account: { header: 'banner' } }),
  // The browser's passkey dialog is stubbed: no story waits on a real one, and the autofill starts only
  // where a story offers it.
  beforeEach: () => stubPasskeys(),
} satisfies Meta<AccountSpies>;

export default meta;
type Story = StoryObj<typeof meta>;

const credentials = { email: 'applicant@example.ac.jp', password: 'wrong-or-right' };

/** The page as a signed-out visitor first sees it. */
export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: t('account.signIn.title') }),
    ).toBeInTheDocument();
    // docs/security.md#passkeys: the browser may offer passkeys in the email field's suggestions.
    await expect(input(canvasElement, 'email')).toHaveAttribute('autocomplete', 'username webauthn');
    await expect(canvas.getByRole('button', { name: t('account.signIn.passkey') })).toBeInTheDocument();
    await expect(input(canvasElement, 'password')).toHaveAttribute('type', 'password');
    await expect(canvas.getByRole('link', { name: t('account.signIn.forgotPassword') })).toHaveAttribute(
      'href',
      routes.passwordResetRequest,
    );
    await expect(canvas.getByRole('link', { name: t('account.signIn.privacy') })).toHaveAttribute(
      'href',
      routes.privacy,
    );
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** docs/behaviour.md#validation: both fields are required; the summary takes focus and links to each field. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await userEvent.click(within(canvasElement).getByRole('button', { name: t('account.signIn.submit') }));
    await expectSummaryWith(canvasElement, t, t('ui.field.required'));
    await expectFieldError(canvasElement, 'email', t('ui.field.required'));
    await expectFieldError(canvasElement, 'password', t('ui.field.required'));
    // docs/behaviour.md#validation: validated on blur, and the email is left as typed (no NFKC normalisation).
    await userEvent.type(input(canvasElement, 'email'), 'ａｂｃ');
    await userEvent.tab();
    await expectFieldError(canvasElement, 'email', t('account.validation.email'));
    await expect(input(canvasElement, 'email')).toHaveValue('ａｂｃ');
  },
};

const signInRequests = heldRequests();

/** docs/behaviour.md#validation: the button is pending while the request is in flight, and a second send is ignored. */
export const Submitting: Story = {
  parameters: {
    msw: {
      handlers: [http.post('/api/applicant/sessions', () => signInRequests.hold()), ...handlers],
    },
  },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    signInRequests.reset();
    await fill(canvasElement, credentials);
    const submit = within(canvasElement).getByRole('button', { name: t('account.signIn.submit') });
    await userEvent.click(submit);
    await waitFor(() => expect(submit).toHaveAttribute('aria-disabled', 'true'));
    await expect(within(submit).getByRole('progressbar')).toBeInTheDocument();
    await userEvent.click(submit);
    await userEvent.type(input(canvasElement, 'password'), '{Enter}');
    await expect(await signInRequests.settle(submit)).toBe(1);
  },
};

/** A successful sign-in tells the app and goes to /applications. */
export const SignedIn: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    await fill(canvasElement, credentials);
    await userEvent.click(within(canvasElement).getByRole('button', { name: t('account.signIn.submit') }));
    await waitFor(() => expect(args.onSignedIn).toHaveBeenCalledWith(credentials.email));
    await expect(args.navigate).toHaveBeenCalledWith(routes.applications);
  },
};

/** docs/behaviour.md#error-catalogue: sign in 404 → 'account not found' on the email field. */
export const AccountNotFound: Story = {
  parameters: { msw: { handlers: [sessionHandlers.signInAccountNotFound, ...handlers] } },
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    await fill(canvasElement, credentials);
    await userEvent.click(within(canvasElement).getByRole('button', { name: t('account.signIn.submit') }));
    await expectSummaryWith(canvasElement, t, t('account.error.accountNotFound'));
    await expectFieldError(canvasElement, 'email', t('account.error.accountNotFound'));
    await expect(input(canvasElement, 'password')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSignedIn).not.toHaveBeenCalled();
  },
};

/** docs/behaviour.md#error-catalogue: sign in 403 → 'password is incorrect' on the password field. */
export const WrongPassword: Story = {
  parameters: { msw: { handlers: [sessionHandlers.signInWrongPassword, ...handlers] } },
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    await fill(canvasElement, credentials);
    await userEvent.click(within(canvasElement).getByRole('button', { name: t('account.signIn.submit') }));
    await expectSummaryWith(canvasElement, t, t('account.error.wrongPassword'));
    await expectFieldError(canvasElement, 'password', t('account.error.wrongPassword'));
    await expect(input(canvasElement, 'email')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(args.onSignedIn).not.toHaveBeenCalled();
  },
};

/** 429: the wait from Retry-After (120 s in the mock) is said in the error summary. */
export const RateLimited: Story = {
  parameters: { msw: { handlers: [sessionHandlers.signInRateLimited, ...handlers] } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const intl = intlOf(globals);
    await fill(canvasElement, credentials);
    await userEvent.click(within(canvasElement).getByRole('button', { name: t('account.signIn.submit') }));
    await expectSummaryWith(canvasElement, t, rateLimitedMessage(intl, 120));
  },
};

/**
 * Issue 39 item 7: a wait is not a mistake in what was typed, so its summary is not headed "check what you
 * entered" (入力内容をご確認ください): it says the sign-in could not be done, and what was typed stays.
 */
export const RateLimitedNotAnInputError: Story = {
  name: 'issue 39 item 7: the rate-limit message is not under "check what you entered"',
  parameters: { msw: { handlers: [sessionHandlers.signInRateLimited, ...handlers] } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await fill(canvasElement, credentials);
    await userEvent.click(within(canvasElement).getByRole('button', { name: t('account.signIn.submit') }));
    const summary = await within(canvasElement).findByRole('group', {
      name: t('ui.errorSummary.titleNotDone'),
    });
    await expect(summary).not.toHaveTextContent(t('ui.errorSummary.title'));
    await expect(input(canvasElement, 'email')).toHaveValue(credentials.email);
  },
};

/** docs/behaviour.md#error-catalogue: the session check answers 403 → terminated → 'session was disconnected'. */
export const SessionDisconnected: Story = {
  parameters: {
    account: { header: 'banner', session: 'check' },
    msw: { handlers: [sessionHandlers.terminated, ...handlers] },
  },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent(t('account.signIn.sessionDisconnected.title'));
  },
};

/**
 * docs/behaviour.md#session: signed out by the session timeout. The sign-in page says why, as a status (not
 * the 'session was disconnected' alert, which stays for a revoked session).
 */
export const SignedOutAfterTimeout: Story = {
  parameters: {
    account: { header: 'banner', session: { status: 'signedOut', timedOutAfterMinutes: 30 } },
  },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const status = await within(canvasElement).findByRole('status');
    await expect(status).toHaveTextContent(t('account.signIn.timedOut.title'));
    await expect(status).toHaveTextContent(t('account.signIn.timedOut.body', { minutes: 30 }));
    await expect(within(canvasElement).queryByRole('alert')).not.toBeInTheDocument();
  },
};

/** docs/behaviour.md#product: the maintenance stop is announced while its end time has not passed. */
export const MaintenanceNotice: Story = {
  parameters: {
    account: { header: 'banner', maintenance: specMaintenance, now: '2024-09-02T09:59:00+09:00' },
  },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await expect(within(canvasElement).getByText(t('account.maintenance.title'))).toBeInTheDocument();
  },
};

/** docs/behaviour.md#product: once the end time has passed, the notice is gone. */
export const MaintenanceOver: Story = {
  parameters: {
    account: { header: 'banner', maintenance: specMaintenance, now: '2024-09-02T10:00:00+09:00' },
  },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await expect(within(canvasElement).queryByText(t('account.maintenance.title'))).not.toBeInTheDocument();
  },
};

/** docs/behaviour.md#routes: the browser recommendation dialog: Chrome, Edge, Firefox, and Safari on macOS only. */
export const RecommendedBrowsers: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: t('account.signIn.browsers.open') }),
    );
    const dialog = await page(canvasElement).findByRole('dialog', {
      name: t('account.signIn.browsers.title'),
    });
    // Product names, the same in both languages.
    for (const name of ['Chrome', 'Edge', 'Firefox', 'Safari']) {
      await expect(within(dialog).getByRole('link', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
    }
  },
};

/** The register button starts a registration. */
export const Register: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    await userEvent.click(within(canvasElement).getByRole('button', { name: t('account.signIn.register') }));
    await expect(args.navigate).toHaveBeenCalledWith(routes.registrationRequest);
  },
};

/** WCAG 1.4.10: at 200 % zoom the page reflows into one column, nothing cut off, with an error shown. */
export const Zoom200WithErrors: Story = {
  parameters: { zoom: 2, msw: { handlers: [sessionHandlers.signInWrongPassword, ...handlers] } },
  play: WrongPassword.play,
};

const signInButton = (canvasElement: HTMLElement, t: ReturnType<typeof translator>) =>
  within(canvasElement).getByRole('button', { name: t('account.signIn.submit') });
const passkeyButton = (canvasElement: HTMLElement, t: ReturnType<typeof translator>) =>
  within(canvasElement).getByRole('button', { name: t('account.signIn.passkey') });

/** docs/security.md#passkeys: the button, the browser's dialog, then signed in as by a password. */
export const PasskeySignIn: Story = {
  beforeEach: () => stubPasskeys({ answer: 'assertion' }),
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    await userEvent.click(passkeyButton(canvasElement, t));
    await waitFor(() => expect(args.onSignedIn).toHaveBeenCalledWith('applicant@example.com'));
    await expect(args.navigate).toHaveBeenCalledWith(routes.applications);
  },
};

/** The applicant closed the passkey dialog: a calm message, no error, and what was typed stays. */
export const PasskeyCancelled: Story = {
  beforeEach: () => stubPasskeys({ answer: 'cancel' }),
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    await userEvent.type(input(canvasElement, 'email'), credentials.email);
    await userEvent.click(passkeyButton(canvasElement, t));
    const status = await within(canvasElement).findByRole('status');
    await expect(status).toHaveTextContent(t('account.signIn.passkeyCancelled.title'));
    await expect(within(canvasElement).queryByRole('alert')).not.toBeInTheDocument();
    await expect(input(canvasElement, 'email')).toHaveValue(credentials.email);
    await expect(args.reportError).not.toHaveBeenCalled();
    await expect(args.onSignedIn).not.toHaveBeenCalled();
  },
};

/** 403 passkey_refused: the error toast; the page stays for another try or the password. */
export const PasskeyRefused: Story = {
  beforeEach: () => stubPasskeys({ answer: 'assertion' }),
  parameters: { msw: { handlers: [sessionHandlers.passkeySignInRefused, ...handlers] } },
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    await userEvent.click(passkeyButton(canvasElement, t));
    await expect(await page(canvasElement).findByText(t('account.error.passkeyRefused.title'))).toBeVisible();
    await expect(args.onSignedIn).not.toHaveBeenCalled();
  },
};

/** The browser's passkey autofill starts with the page: the email field offers the passkeys. */
export const PasskeyAutofill: Story = {
  beforeEach: () => stubPasskeys({ autofill: true }),
  play: async () => {
    await waitFor(() => expect(passkeyCalls).toContainEqual({ mediation: 'conditional' }));
  },
};

const warnings: unknown[][] = [];

/** The autofill could not start (the server's options failed): only logged; the page is as without it. */
export const PasskeyAutofillUnavailable: Story = {
  beforeEach: () => {
    warnings.length = 0;
    const original = console.warn;
    console.warn = (...data: unknown[]) => void warnings.push(data);
    const restore = stubPasskeys({ autofill: true });
    return () => {
      console.warn = original;
      restore();
    };
  },
  parameters: { msw: { handlers: [sessionHandlers.passkeyOptionsFails, ...handlers] } },
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    await waitFor(() =>
      expect(warnings.map(([message]) => message)).toContain('[account] The passkey autofill did not start.'),
    );
    await expect(within(canvasElement).queryByRole('alert')).not.toBeInTheDocument();
    await expect(passkeyButton(canvasElement, t)).toBeEnabled();
    await expect(args.reportError).not.toHaveBeenCalled();
  },
};

/** docs/security.md#second-factor: a right password of an account with the app goes on to the second step. */
export const SecondStepNext: Story = {
  parameters: { msw: { handlers: [sessionHandlers.signInSecondStep, ...handlers] } },
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    await fill(canvasElement, credentials);
    await userEvent.click(signInButton(canvasElement, t));
    await waitFor(() => expect(args.navigate).toHaveBeenCalledWith(routes.signInSecondStep));
    await expect(args.onSignedIn).not.toHaveBeenCalled();
    await expect(JSON.parse(sessionStorage.getItem('pre-admission.secondStep') ?? '{}')).toEqual({
      email: credentials.email,
      methods: ['authenticatorApp', 'recoveryCode'],
    });
  },
};

/** The second step ran out (401 no_second_step): sign in again, the address kept. */
export const SignInAgain: Story = {
  beforeEach: () => {
    sessionStorage.setItem('pre-admission.signInAgain', credentials.email);
    return stubPasskeys();
  },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const status = await within(canvasElement).findByRole('status');
    await expect(status).toHaveTextContent(t('account.signIn.secondStepExpired.title'));
    await expect(input(canvasElement, 'email')).toHaveValue(credentials.email);
    await expect(sessionStorage.getItem('pre-admission.signInAgain')).toBeNull();
  },
};
