import type { Meta, StoryObj } from '@storybook/react-vite';
import { rateLimitedMessage } from '../../failures/rateLimitedMessage';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  emailChangeAfterConfirmation,
  emailChangeHandlers,
  handlers,
  http,
  MOCK_PASSWORD,
  problem,
  schemaExamples,
} from '@pre-admission/api/mocks';
import { routes } from '../../routes';
import { type AccountSpies, screenMeta, signedIn } from '../../testing/AccountDecorator';
import {
  expectFieldError,
  expectSummaryWith,
  fill,
  input,
  intlOf,
  page,
  translator,
  heldSubmitStory,
} from '../../testing/play';
import { EmailChangeRequest } from './EmailChangeRequest';

const meta = {
  title: 'Account/EmailChangeRequest',
  component: EmailChangeRequest,
  tags: ['autodocs'],
  ...screenMeta({ account: signedIn }),
} satisfies Meta<AccountSpies>;

export default meta;
type Story = StoryObj<typeof meta>;

const newEmail = { email: 'new.address@example.com' };
const submitButton = (canvasElement: HTMLElement, globals: Record<string, unknown>) =>
  within(canvasElement).getByRole('button', {
    name: translator(globals)('account.emailChangeRequest.submit'),
  });

/** `/email-change-request` (signed in): the current address and the new one. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText('applicant@example.ac.jp').length).toBeGreaterThan(0);
    await expect(input(canvasElement, 'email')).toHaveValue('');
  },
};

/** docs/behaviour.md#routes: Cancel goes to /applications. */
export const Cancel: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    await userEvent.click(within(canvasElement).getByRole('button', { name: t('account.common.cancel') }));
    await expect(args.navigate).toHaveBeenCalledWith(routes.applications);
  },
};

/** docs/behaviour.md#validation: required, then the email pattern, on blur. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await userEvent.click(submitButton(canvasElement, globals));
    await expectSummaryWith(canvasElement, t, t('ui.field.required'));
    await userEvent.type(input(canvasElement, 'email'), 'new.address@');
    await userEvent.tab();
    await expectFieldError(canvasElement, 'email', t('account.validation.email'));
  },
};

/** docs/behaviour.md#validation: pending while in flight; a second send is ignored. */
export const Submitting: Story = heldSubmitStory(
  (hold) => http.post('/api/applicant/email-change-requests', hold),
  newEmail,
  submitButton,
);

/** The mail is sent: on to the notice. */
export const Sent: Story = {
  play: async ({ canvasElement, globals, args }) => {
    await fill(canvasElement, newEmail);
    await userEvent.click(submitButton(canvasElement, globals));
    await waitFor(() => expect(args.navigate).toHaveBeenCalledWith(routes.emailChangeRequestComplete));
  },
};

/**
 * Issue 39, item 1 (docs/security.md#recent-sign-in): a sign-in older than the window asks "Confirm it is you"
 * first; once confirmed, the request is sent again and the mail goes, without another press.
 */
export const ConfirmItIsYou: Story = {
  parameters: { msw: { handlers: [...emailChangeAfterConfirmation(), ...handlers] } },
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    await fill(canvasElement, newEmail);
    await userEvent.click(submitButton(canvasElement, globals));
    const confirming = await page(canvasElement).findByRole('dialog', {
      name: t('account.security.confirm.title'),
    });
    await expect(args.navigate).not.toHaveBeenCalled();
    await fill(confirming, { password: MOCK_PASSWORD });
    await userEvent.click(
      within(confirming).getByRole('button', { name: t('account.security.confirm.submit') }),
    );
    await waitFor(() => expect(args.navigate).toHaveBeenCalledWith(routes.emailChangeRequestComplete));
    // The dialog closes once the password is confirmed (its exit animation ends before the screenshot: on a
    // loaded machine it was caught mid-way, emptied and still shown).
    await waitFor(() => expect(confirming).not.toBeInTheDocument(), { timeout: 10_000 });
  },
};

/** docs/behaviour.md#error-catalogue: email change request 404 → `/` (the session is gone, so the app is told first). */
export const NoSession: Story = {
  parameters: { msw: { handlers: [emailChangeHandlers.requestNoSession, ...handlers] } },
  play: async ({ canvasElement, globals, args }) => {
    await fill(canvasElement, newEmail);
    await userEvent.click(submitButton(canvasElement, globals));
    await waitFor(() => expect(args.navigate).toHaveBeenCalledWith(routes.signIn));
    await expect(args.onSignedOut).toHaveBeenCalled();
  },
};

const showEmailInUseToast = async ({
  canvasElement,
  globals,
}: {
  canvasElement: HTMLElement;
  globals: Record<string, unknown>;
}) => {
  const t = translator(globals);
  await fill(canvasElement, newEmail);
  await userEvent.click(submitButton(canvasElement, globals));
  const toast = await page(canvasElement).findByRole('alertdialog', {
    name: t('account.error.emailChangeFailed'),
  });
  await expect(within(toast).getByText(t('account.error.emailInUse'))).toBeInTheDocument();
  return toast;
};

/** docs/behaviour.md#error-catalogue: email change request 409 → the error toast 'failed to change email address' / 'already in use'. */
export const EmailInUse: Story = {
  parameters: { msw: { handlers: [emailChangeHandlers.requestEmailInUse, ...handlers] } },
  play: async (context) => {
    await showEmailInUseToast(context);
    await expect(context.args.navigate).not.toHaveBeenCalled();
    await expect(input(context.canvasElement, 'email')).not.toHaveAttribute('aria-invalid', 'true');
  },
};

/** The toast is closable (docs/behaviour.md#error-catalogue); otherwise it goes after 6 s (ui ToastProvider, docs/behaviour.md#constants). */
export const EmailInUseDismissed: Story = {
  parameters: { msw: { handlers: [emailChangeHandlers.requestEmailInUse, ...handlers] } },
  play: async (context) => {
    const toast = await showEmailInUseToast(context);
    const t = translator(context.globals);
    await userEvent.click(within(toast).getByRole('button', { name: t('ui.toast.close') }));
    await waitFor(() => expect(toast).not.toBeInTheDocument());
  },
};

/** 429: the wait from Retry-After. */
export const RateLimited: Story = {
  parameters: { msw: { handlers: [emailChangeHandlers.requestRateLimited, ...handlers] } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await fill(canvasElement, newEmail);
    await userEvent.click(submitButton(canvasElement, globals));
    await expectSummaryWith(canvasElement, t, rateLimitedMessage(intlOf(globals), 60));
  },
};

// The EmailInUseThenSent story's server: 409 for the first request, 202 for the next.
let requestsSoFar = 0;
const inUseThenSent = http.post('/api/applicant/email-change-requests', ({ response }) => {
  requestsSoFar += 1;
  return requestsSoFar === 1
    ? problem('requestEmailChange', '409')
    : response(202).json(schemaExamples.MailAccepted);
});

/**
 * Issue 27, defect 4: after a 409, a new address that is accepted leaves no "already in use" toast behind:
 * the screen's error toasts go when its request succeeds (and when it unmounts), so none covers the lead
 * text of the "mail sent" page it goes on to.
 */
export const EmailInUseThenSent: Story = {
  parameters: { msw: { handlers: [inUseThenSent, ...handlers] } },
  beforeEach: () => {
    requestsSoFar = 0;
  },
  play: async (context) => {
    const { canvasElement, globals, args } = context;
    const toast = await showEmailInUseToast(context);
    await fill(canvasElement, { email: 'another.address@example.com' });
    await userEvent.click(submitButton(canvasElement, globals));
    await waitFor(() => expect(args.navigate).toHaveBeenCalledWith(routes.emailChangeRequestComplete));
    await waitFor(() => expect(toast).not.toBeInTheDocument());
    await expect(page(canvasElement).queryByRole('alertdialog')).toBeNull();
  },
};

/**
 * Issue 27, defect 4: the applicant's own current address is refused with its own message on the field
 * (400 same_as_current), not the "already in use" toast, which they could not act on.
 */
export const SameAsCurrent: Story = {
  parameters: { msw: { handlers: [emailChangeHandlers.requestSameAsCurrent, ...handlers] } },
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    await fill(canvasElement, { email: 'applicant@example.ac.jp' });
    await userEvent.click(submitButton(canvasElement, globals));
    await expectSummaryWith(canvasElement, t, t('account.validation.sameAsCurrentEmail'));
    await expectFieldError(canvasElement, 'email', t('account.validation.sameAsCurrentEmail'));
    await expect(page(canvasElement).queryByText(t('account.error.emailInUse'))).toBeNull();
    await expect(args.navigate).not.toHaveBeenCalled();
  },
};
