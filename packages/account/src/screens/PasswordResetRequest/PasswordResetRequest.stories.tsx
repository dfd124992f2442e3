import type { Meta, StoryObj } from '@storybook/react-vite';
import { rateLimitedMessage } from '../../failures/rateLimitedMessage';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { handlers, http, passwordResetHandlers, schemaExamples } from '@pre-admission/api/mocks';
import { routes } from '../../routes';
import { type AccountSpies, screenMeta } from '../../testing/AccountDecorator';
import {
  expectFieldError,
  expectSummaryWith,
  fill,
  input,
  intlOf,
  translator,
  heldSubmitStory,
} from '../../testing/play';
import { PasswordResetRequest } from './PasswordResetRequest';

const meta = {
  title: 'Account/PasswordResetRequest',
  component: PasswordResetRequest,
  tags: ['autodocs'],
  ...screenMeta(),
} satisfies Meta<AccountSpies>;

export default meta;
type Story = StoryObj<typeof meta>;

const email = { email: 'applicant@example.ac.jp' };
const submitButton = (canvasElement: HTMLElement, globals: Record<string, unknown>) =>
  within(canvasElement).getByRole('button', {
    name: translator(globals)('account.passwordResetRequest.submit'),
  });

/** `/password-reset-request`: the email to send the reset URL to. */
export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await expect(
      within(canvasElement).getByRole('heading', { level: 1, name: t('account.passwordResetRequest.title') }),
    ).toBeInTheDocument();
    await expect(input(canvasElement, 'email')).toHaveAttribute('type', 'email');
  },
};

/** docs/behaviour.md#validation: required, then the email pattern, on blur. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await userEvent.click(submitButton(canvasElement, globals));
    await expectSummaryWith(canvasElement, t, t('ui.field.required'));
    await userEvent.type(input(canvasElement, 'email'), 'not an address');
    await userEvent.tab();
    await expectFieldError(canvasElement, 'email', t('account.validation.email'));
  },
};

/** docs/behaviour.md#validation: pending while in flight; a second send is ignored. */
export const Submitting: Story = heldSubmitStory(
  (hold) => http.post('/api/applicant/password-reset-requests', hold),
  email,
  submitButton,
);

/** The mail is sent: on to the notice. */
export const Sent: Story = {
  play: async ({ canvasElement, globals, args }) => {
    await fill(canvasElement, email);
    await userEvent.click(submitButton(canvasElement, globals));
    await waitFor(() => expect(args.navigate).toHaveBeenCalledWith(routes.passwordResetRequestComplete));
  },
};

/**
 * docs/security.md#already-sent: a reset link went to the address less than a minute ago, whoever asked for
 * it (202 with `sentAt`): no new mail, so the form stays and says when the link was sent and when to ask again.
 */
export const AlreadySent: Story = {
  parameters: { msw: { handlers: [passwordResetHandlers.requestAlreadySent, ...handlers] } },
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    const { sentAt, nextSendAllowedAt } = schemaExamples.PasswordResetAccepted;
    await fill(canvasElement, email);
    await userEvent.click(submitButton(canvasElement, globals));
    // The design system's info banner, announced (role="status"; its tone said in words, visually hidden).
    const message = await within(canvasElement).findByRole('status');
    await expect(message).toHaveTextContent(
      t('account.common.linkAlreadySent', { sentAt: new Date(sentAt), nextAt: new Date(nextSendAllowedAt) }),
    );
    await expect(args.navigate).not.toHaveBeenCalled();
  },
};

/** docs/behaviour.md#error-catalogue: reset request 404 → 'email address not found' on the email field. */
export const EmailNotFound: Story = {
  parameters: { msw: { handlers: [passwordResetHandlers.requestEmailNotFound, ...handlers] } },
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    await fill(canvasElement, email);
    await userEvent.click(submitButton(canvasElement, globals));
    await expectSummaryWith(canvasElement, t, t('account.error.emailNotFound'));
    await expectFieldError(canvasElement, 'email', t('account.error.emailNotFound'));
    await expect(args.navigate).not.toHaveBeenCalled();
  },
};

/** 429: the wait from Retry-After. */
export const RateLimited: Story = {
  parameters: { msw: { handlers: [passwordResetHandlers.requestRateLimited, ...handlers] } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await fill(canvasElement, email);
    await userEvent.click(submitButton(canvasElement, globals));
    await expectSummaryWith(canvasElement, t, rateLimitedMessage(intlOf(globals), 60));
  },
};
