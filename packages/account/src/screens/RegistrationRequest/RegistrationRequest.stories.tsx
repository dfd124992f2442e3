import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { rateLimitedMessage } from '../../failures/rateLimitedMessage';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import {
  handlers,
  http,
  networkError,
  problem,
  registrationHandlers,
  schemaExamples,
} from '@pre-admission/api/mocks';
import { AccountProvider, useAccount } from '../../AccountContext';
import { routes } from '../../routes';
import { RegistrationRequestComplete } from '../RegistrationRequestComplete';
import { specMaintenance, supportEmail, type AccountSpies, screenMeta } from '../../testing/AccountDecorator';
import {
  expectFieldError,
  expectSummaryWith,
  fill,
  input,
  intlOf,
  translator,
  heldSubmitStory,
} from '../../testing/play';
import { RegistrationRequest } from './RegistrationRequest';

const meta = {
  title: 'Account/RegistrationRequest',
  component: RegistrationRequest,
  tags: ['autodocs'],
  ...screenMeta(),
} satisfies Meta<AccountSpies>;

export default meta;
type Story = StoryObj<typeof meta>;

const email = { email: 'applicant@example.ac.jp' };
const submitButton = (canvasElement: HTMLElement, globals: Record<string, unknown>) =>
  within(canvasElement).getByRole('button', {
    name: translator(globals)('account.registrationRequest.submit'),
  });
const send = (canvasElement: HTMLElement, globals: Record<string, unknown>) =>
  userEvent.click(submitButton(canvasElement, globals));

/** docs/behaviour.md#routes: the notes (a long-lived address, one account per person, whom to contact) and the email. */
export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByText(t('account.registrationRequest.notes.longLived'))).toBeInTheDocument();
    await expect(canvas.getByText(t('account.registrationRequest.notes.oneAccount'))).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: supportEmail })).toHaveAttribute(
      'href',
      `mailto:${supportEmail}`,
    );
  },
};

/** docs/behaviour.md#validation: required, then a standard email pattern, validated on blur. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await send(canvasElement, globals);
    await expectSummaryWith(canvasElement, t, t('ui.field.required'));
    await expectFieldError(canvasElement, 'email', t('ui.field.required'));
    await userEvent.type(input(canvasElement, 'email'), 'applicant@');
    await userEvent.tab();
    await expectFieldError(canvasElement, 'email', t('account.validation.email'));
  },
};

/** docs/behaviour.md#validation: pending while in flight; a second send is ignored. */
export const Submitting: Story = heldSubmitStory(
  (hold) => http.post('/api/applicant/registrations', hold),
  email,
  submitButton,
  'email',
);

/** The mail is sent: on to the notice. */
export const Sent: Story = {
  play: async ({ canvasElement, globals, args }) => {
    await fill(canvasElement, email);
    await send(canvasElement, globals);
    await waitFor(() => expect(args.navigate).toHaveBeenCalledWith(routes.registrationRequestComplete));
  },
};

/** The form, then the notice once the app would navigate there: the page a submit leads to. */
function OnToTheNotice() {
  const account = useAccount();
  const [sent, setSent] = useState(false);
  const navigate: typeof account.navigate = (href, options) => {
    account.navigate(href, options);
    if (href === routes.registrationRequestComplete) setSent(true);
  };
  return (
    <AccountProvider value={{ ...account, navigate }}>
      {sent ? <RegistrationRequestComplete /> : <RegistrationRequest />}
    </AccountProvider>
  );
}

const busyAnnouncement = () => document.querySelector('[data-live-announcer] [role="img"]');

/**
 * The notice reached by a submit passes axe: the pending button's "busy" announcement (an image named by
 * the button) does not outlive the button (axe role-img-alt). The server answers only once that
 * announcement has been made, so it is there to outlive.
 */
export const SentOnToTheNotice: Story = {
  render: () => <OnToTheNotice />,
  parameters: {
    msw: {
      handlers: [
        http.post('/api/applicant/registrations', async ({ response }) => {
          await waitFor(() => expect(busyAnnouncement()).not.toBeNull(), { timeout: 5000 });
          return response(202).json(schemaExamples.MailAccepted);
        }),
        ...handlers,
      ],
    },
  },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await fill(canvasElement, email);
    await send(canvasElement, globals);
    await within(canvasElement).findByRole('heading', {
      level: 1,
      name: t('account.registrationRequestComplete.title'),
    });
    for (const node of document.querySelectorAll('[data-live-announcer] [aria-labelledby]')) {
      const ids = (node.getAttribute('aria-labelledby') ?? '').split(' ');
      await expect(ids.some((id) => document.getElementById(id))).toBe(true);
    }
  },
};

/** docs/behaviour.md#error-catalogue: registration request 409 → 'already registered email address' on the email field. */
export const EmailAlreadyRegistered: Story = {
  parameters: { msw: { handlers: [registrationHandlers.requestEmailAlreadyRegistered, ...handlers] } },
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    await fill(canvasElement, email);
    await send(canvasElement, globals);
    await expectSummaryWith(canvasElement, t, t('account.error.emailAlreadyRegistered'));
    await expectFieldError(canvasElement, 'email', t('account.error.emailAlreadyRegistered'));
    await expect(args.navigate).not.toHaveBeenCalled();
  },
};

/** The id the server logged, in its problem's `instance` (docs/hosting.md#request-ids). */
const requestId = '187654321:2048';

/**
 * docs/behaviour.md#error-catalogue (issue 27): a 5xx is the form's to say. The summary says it went wrong
 * on our side, to try again, the desk and the reference to quote; what was typed stays; nothing goes to the
 * app's failure page.
 */
export const ServerError: Story = {
  parameters: {
    msw: {
      handlers: [
        http.post('/api/applicant/registrations', () =>
          problem('requestRegistration', '500', {}, { instance: requestId }),
        ),
        ...handlers,
      ],
    },
    pseudoLocale: { allow: [requestId, supportEmail] },
  },
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    await fill(canvasElement, email);
    await send(canvasElement, globals);
    await expectSummaryWith(canvasElement, t, t('ui.failure.server'));
    await expectSummaryWith(canvasElement, t, t('ui.failure.contact', { email: supportEmail }));
    await expectSummaryWith(canvasElement, t, t('ui.failure.reference', { requestId }));
    await expect(input(canvasElement, 'email')).toHaveValue(email.email);
    await expect(args.reportError).not.toHaveBeenCalled();
  },
};

/**
 * Issue 27: the request got no answer (a train tunnel). Never "your browser is not supported": the summary
 * says the site could not be reached and to try again; what was typed stays, and pressing the button again
 * sends it.
 */
export const NetworkFailure: Story = {
  parameters: {
    msw: { handlers: [http.post('/api/applicant/registrations', () => networkError()), ...handlers] },
  },
  play: async ({ canvasElement, globals, args }) => {
    const t = translator(globals);
    await fill(canvasElement, email);
    await send(canvasElement, globals);
    await expectSummaryWith(canvasElement, t, t('ui.failure.network'));
    await expect(input(canvasElement, 'email')).toHaveValue(email.email);
    await expect(args.reportError).not.toHaveBeenCalled();
  },
};

/** 429: the wait from Retry-After. */
export const RateLimited: Story = {
  parameters: { msw: { handlers: [registrationHandlers.requestRateLimited, ...handlers] } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    await fill(canvasElement, email);
    await send(canvasElement, globals);
    await expectSummaryWith(canvasElement, t, rateLimitedMessage(intlOf(globals), 60));
  },
};

/** docs/behaviour.md#product: the maintenance notice shows on the registration pages too. */
export const MaintenanceNotice: Story = {
  parameters: { account: { maintenance: specMaintenance, now: '2024-08-30T12:00:00+09:00' } },
  play: async ({ canvasElement, globals }) => {
    await expect(
      within(canvasElement).getByText(translator(globals)('account.maintenance.title')),
    ).toBeInTheDocument();
  },
};
