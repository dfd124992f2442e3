import type { Meta, StoryObj } from '@storybook/react-vite';
import { handlers, http, problem, registrationHandlers } from '@pre-admission/api/mocks';
import { routes } from '../../routes';
import {
  accountSpies,
  specMaintenance,
  withAccount,
  type AccountSpies,
} from '../../testing/AccountDecorator';
import { watchConsole, heldRequests } from '../../testing/play';
import { tokenPlays } from '../../testing/tokenPasswordPlays';
import { Registration } from './Registration';

const meta = {
  title: 'Account/Registration',
  component: Registration,
  tags: ['autodocs'],
  decorators: [withAccount],
  beforeEach: watchConsole,
  args: { ...accountSpies(), token: 'k3J9sQ2vX8bN1mZ4tY7wR0' },
  parameters: { layout: 'fullscreen', msw: { handlers } },
} satisfies Meta<AccountSpies & { token: string }>;

export default meta;
type Story = StoryObj<typeof meta>;

const plays = tokenPlays(
  {
    title: 'account.registration.title',
    submit: 'account.registration.submit',
    requestNewLink: 'account.invalidLink.requestRegistration',
  },
  routes.registrationComplete,
  routes.registrationRequest,
);

/** `/registrations/{id}`: the email of the registration, the new password and its confirmation. */
export const Default: Story = { play: plays.Default };

export const ValidationErrors: Story = { play: plays.ValidationErrors };

/** The mismatch is checked again when the new password changes after the confirmation. */
export const ConfirmationRechecked: Story = { play: plays.ConfirmationRechecked };

const finishes = heldRequests();
export const Submitting: Story = {
  parameters: {
    msw: {
      handlers: [http.patch('/api/applicant/registrations/{token}', () => finishes.hold()), ...handlers],
    },
  },
  play: plays.Submitting(finishes),
};

export const Registered: Story = { play: plays.Done };

/** docs/behaviour.md#error-catalogue: registration token fetch 404 → 'URL is invalid' and `/`. */
export const InvalidToken: Story = {
  parameters: { msw: { handlers: [registrationHandlers.tokenInvalid, ...handlers] } },
  play: plays.InvalidToken,
};

export const RequestNewLink: Story = {
  parameters: { msw: { handlers: [registrationHandlers.tokenInvalid, ...handlers] } },
  play: plays.RequestNewLink,
};

/** docs/behaviour.md#link-states: the link was already used; the password is set, so only signing in is offered. */
export const LinkUsed: Story = {
  parameters: { msw: { handlers: [registrationHandlers.tokenUsed, ...handlers] } },
  play: plays.linkState('used', false),
};

/** docs/behaviour.md#link-states: the link expired; the alert says when, and offers a new link. */
export const LinkExpired: Story = {
  parameters: { msw: { handlers: [registrationHandlers.tokenExpired, ...handlers] } },
  play: plays.linkState('expired', true),
};

/** docs/behaviour.md#link-states: the expired link's alert sends a new link to the same address. */
export const RenewExpired: Story = {
  parameters: {
    msw: { handlers: [registrationHandlers.tokenExpired, registrationHandlers.renewSucceeds, ...handlers] },
  },
  play: plays.RenewExpired,
};

/** docs/behaviour.md#link-states: renewing past the address's limit (429) says how long to wait. */
export const RenewRefused: Story = {
  parameters: {
    msw: {
      handlers: [registrationHandlers.tokenExpired, registrationHandlers.renewRateLimited, ...handlers],
    },
  },
  play: plays.RenewRefused,
};

/** docs/behaviour.md#link-states: a newer mail went to the same address; use its link. */
export const LinkSuperseded: Story = {
  parameters: { msw: { handlers: [registrationHandlers.tokenSuperseded, ...handlers] } },
  play: plays.linkState('superseded', true),
};

/** docs/behaviour.md#error-catalogue: registration finish errors are only logged (here a token used meanwhile, 404). */
export const TokenUsed: Story = {
  parameters: { msw: { handlers: [registrationHandlers.finishTokenUsed, ...handlers] } },
  play: plays.TokenUsed,
};

/** docs/security.md#common-passwords: a common password is refused on blur (here `Passw0rd`). */
export const CommonPassword: Story = { play: plays.CommonPassword };

/** docs/security.md#common-passwords: the server's 400 common_password shows the same message on the field. */
export const CommonPasswordFromServer: Story = {
  parameters: { msw: { handlers: [registrationHandlers.finishCommonPassword, ...handlers] } },
  play: plays.CommonPasswordFromServer,
};

/** docs/behaviour.md#error-catalogue: a token fetch failing other than 404 is only logged. */
export const LoadFailed: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('/api/applicant/registrations/{token}', () => problem('getRegistration', '500')),
        ...handlers,
      ],
    },
  },
  play: plays.LoadFailed,
};

/** docs/behaviour.md#product: the maintenance notice shows on the registration pages. */
export const MaintenanceNotice: Story = {
  parameters: { account: { maintenance: specMaintenance, now: '2024-08-30T12:00:00+09:00' } },
};
