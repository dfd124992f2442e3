import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  handlers,
  passwordResetHandlers,
  registrationHandlers,
  schemaExamples,
} from '@pre-admission/api/mocks';
import { PasswordResetRequestComplete } from '../../screens/PasswordResetRequestComplete';
import { RegistrationRequestComplete } from '../../screens/RegistrationRequestComplete';
import { accountSpies, withAccount, type AccountSpies } from '../../testing/AccountDecorator';
import { intlOf, translator, type Translate } from '../../testing/play';
import { formatWait } from './countdown';
import { rememberSentMail, sentMailKey } from './sentMail';

/**
 * "Send the email again" on a "mail sent" page (docs/behaviour.md#link-states, send again), shown on the
 * registration's page; the reset's and the email change's use the same component. The clock is pinned, so
 * each countdown stands still at a known number of seconds.
 */
const meta = {
  title: 'Account/MailResend',
  tags: ['autodocs'],
  decorators: [withAccount],
  args: accountSpies(),
  render: () => <RegistrationRequestComplete />,
  parameters: { layout: 'fullscreen', msw: { handlers } },
} satisfies Meta<AccountSpies>;

export default meta;
type Story = StoryObj<typeof meta>;

const email = 'applicant@example.ac.jp';
/** The contract's example 202 allows the next mail at 08:31:00; the stories' clock is near it. */
const nextAllowed = new Date(schemaExamples.MailAccepted.nextSendAllowedAt);
const at = (seconds: number) => new Date(nextAllowed.getTime() + seconds * 1000);

/** Stores the sent mail as the request form does, and removes it after the story. */
const sentMail = (nextSendAllowedAt: Date) => () => {
  rememberSentMail('registration', { email, nextSendAllowedAt });
  return () => sessionStorage.removeItem(sentMailKey('registration'));
};

const resendButton = (canvasElement: HTMLElement, t: Translate) =>
  within(canvasElement).getByRole('button', { name: t('account.mailResend.button') });
const liveRegion = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('[data-testid="mail-resend-announcement"]')!;

/** The hints (spam folder, the desk as the sender, the address) and an enabled button: the wait is over. */
export const CanSend: Story = {
  beforeEach: sentMail(at(-60)),
  parameters: { account: { now: at(0).toISOString() } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t('account.common.mailNotArriving'))).toBeInTheDocument();
    await expect(canvas.getByText(t('account.mailResend.sender'))).toBeInTheDocument();
    await expect(canvas.getByText(t('account.mailResend.address', { email }))).toBeInTheDocument();
    await expect(resendButton(canvasElement, t)).toBeEnabled();
    await expect(canvasElement.querySelector('[data-testid="mail-resend-countdown"]')).toBeNull();
    await expect(liveRegion(canvasElement)).toHaveTextContent('');
  },
};

/**
 * 42 seconds before the next mail is allowed: the button is disabled, the countdown (not a live region)
 * shows the wait, and the polite live region says once when sending will be possible.
 */
export const CoolingDown: Story = {
  beforeEach: sentMail(at(0)),
  parameters: { account: { now: at(-42).toISOString() } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const wait = formatWait(intlOf(globals), 42);
    await expect(resendButton(canvasElement, t)).toBeDisabled();
    const countdown = within(canvasElement).getByTestId('mail-resend-countdown');
    await expect(countdown).toHaveTextContent(t('account.mailResend.countdown', { wait }));
    await expect(countdown.closest('[aria-live], [role="status"], [role="alert"]')).toBeNull();
    const live = liveRegion(canvasElement);
    await expect(live).toHaveAttribute('role', 'status');
    await waitFor(() => expect(live).toHaveTextContent(t('account.mailResend.announceWait', { wait })));
  },
};

/** Sent again (202): the message takes focus, the wait the server named starts (60 s from the clock). */
export const SentAgain: Story = {
  beforeEach: sentMail(at(-120)),
  parameters: { account: { now: at(-60).toISOString() } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await userEvent.click(resendButton(canvasElement, t));
    const message = await within(canvasElement).findByText(t('account.mailResend.sent', { email }));
    await waitFor(() => expect(message).toHaveFocus());
    await expect(resendButton(canvasElement, t)).toBeDisabled();
    await expect(within(canvasElement).getByTestId('mail-resend-countdown')).toHaveTextContent(
      t('account.mailResend.countdown', { wait: formatWait(intlOf(globals), 60) }),
    );
    // The instant is stored, so a reload counts down to the same moment.
    await expect(JSON.parse(sessionStorage.getItem(sentMailKey('registration'))!)).toEqual({
      email,
      nextSendAllowedAt: nextAllowed.toISOString(),
    });
  },
};

/** 429 (the address's limit): a clear message with the wait from Retry-After, never a failure screen. */
export const Refused: Story = {
  beforeEach: sentMail(at(-120)),
  parameters: {
    account: { now: at(-60).toISOString() },
    msw: { handlers: [registrationHandlers.requestRateLimited, ...handlers] },
  },
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    const wait = formatWait(intlOf(globals), 60);
    await userEvent.click(resendButton(canvasElement, t));
    const message = await within(canvasElement).findByText(t('account.mailResend.refused', { wait }));
    await waitFor(() => expect(message).toHaveFocus());
    await expect(resendButton(canvasElement, t)).toBeDisabled();
    await expect(within(canvasElement).getByTestId('mail-resend-countdown')).toHaveTextContent(
      t('account.mailResend.countdown', { wait }),
    );
    await expect(args.reportError).not.toHaveBeenCalled();
  },
};

/**
 * On the reset's page, a 202 with `sentAt` (docs/security.md#already-sent): someone asked for a reset link to
 * the address a moment ago, so none was sent now; the message says when that one was sent and when to ask again.
 */
export const AlreadySent: Story = {
  beforeEach: () => {
    rememberSentMail('passwordReset', { email, nextSendAllowedAt: at(-120) });
    return () => sessionStorage.removeItem(sentMailKey('passwordReset'));
  },
  render: () => <PasswordResetRequestComplete />,
  parameters: {
    account: { now: at(-60).toISOString() },
    msw: { handlers: [passwordResetHandlers.requestAlreadySent, ...handlers] },
  },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const { sentAt, nextSendAllowedAt } = schemaExamples.PasswordResetAccepted;
    await userEvent.click(resendButton(canvasElement, t));
    const message = await within(canvasElement).findByText(
      t('account.common.linkAlreadySent', { sentAt: new Date(sentAt), nextAt: new Date(nextSendAllowedAt) }),
    );
    await waitFor(() => expect(message).toHaveFocus());
    await expect(within(canvasElement).getByTestId('mail-resend-countdown')).toHaveTextContent(
      t('account.mailResend.countdown', { wait: formatWait(intlOf(globals), 60) }),
    );
  },
};
