import type { Meta, StoryObj } from '@storybook/react-vite';
import { handlers, http, passwordResetHandlers, problem } from '@pre-admission/api/mocks';
import { routes } from '../../routes';
import { accountSpies, withAccount, type AccountSpies } from '../../testing/AccountDecorator';
import { watchConsole, heldRequests } from '../../testing/play';
import { tokenPlays } from '../../testing/tokenPasswordPlays';
import { PasswordReset } from './PasswordReset';

const meta = {
  title: 'Account/PasswordReset',
  component: PasswordReset,
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
    title: 'account.passwordReset.title',
    submit: 'account.passwordReset.submit',
    requestNewLink: 'account.invalidLink.requestPasswordReset',
  },
  routes.passwordResetComplete,
  routes.passwordResetRequest,
);

/** `/password-reset/{id}`: the email of the reset request, the new password and its confirmation. */
export const Default: Story = { play: plays.Default };

export const ValidationErrors: Story = { play: plays.ValidationErrors };

const finishes = heldRequests();
export const Submitting: Story = {
  parameters: {
    msw: {
      handlers: [
        http.patch('/api/applicant/password-reset-requests/{token}', () => finishes.hold()),
        ...handlers,
      ],
    },
  },
  play: plays.Submitting(finishes),
};

export const PasswordSet: Story = { play: plays.Done };

/** docs/behaviour.md#error-catalogue: reset token fetch 404 → 'URL is invalid' and `/`. */
export const InvalidToken: Story = {
  parameters: { msw: { handlers: [passwordResetHandlers.tokenInvalid, ...handlers] } },
  play: plays.InvalidToken,
};

/** docs/behaviour.md#link-states: the link was already used; sign in, or request a new one. */
export const LinkUsed: Story = {
  parameters: { msw: { handlers: [passwordResetHandlers.tokenUsed, ...handlers] } },
  play: plays.linkState('used', true),
};

/** docs/behaviour.md#link-states: the link expired (after an hour); the alert says when. */
export const LinkExpired: Story = {
  parameters: { msw: { handlers: [passwordResetHandlers.tokenExpired, ...handlers] } },
  play: plays.linkState('expired', true),
};

/** docs/behaviour.md#link-states: the expired link's alert sends a new link to the same address. */
export const RenewExpired: Story = {
  parameters: {
    msw: { handlers: [passwordResetHandlers.tokenExpired, passwordResetHandlers.renewSucceeds, ...handlers] },
  },
  play: plays.RenewExpired,
};

/** docs/behaviour.md#link-states: renewing past the address's limit (429) says how long to wait. */
export const RenewRefused: Story = {
  parameters: {
    msw: {
      handlers: [passwordResetHandlers.tokenExpired, passwordResetHandlers.renewRateLimited, ...handlers],
    },
  },
  play: plays.RenewRefused,
};

export const RequestNewLink: Story = {
  parameters: { msw: { handlers: [passwordResetHandlers.tokenInvalid, ...handlers] } },
  play: plays.RequestNewLink,
};

/** docs/behaviour.md#error-catalogue: reset finish errors are only logged (here a token used meanwhile, 404). */
export const TokenUsed: Story = {
  parameters: { msw: { handlers: [passwordResetHandlers.finishTokenUsed, ...handlers] } },
  play: plays.TokenUsed,
};

/** docs/security.md#common-passwords: a common password is refused on blur (here `Passw0rd`). */
export const CommonPassword: Story = { play: plays.CommonPassword };

/** docs/security.md#common-passwords: the server's 400 common_password shows the same message on the field. */
export const CommonPasswordFromServer: Story = {
  parameters: { msw: { handlers: [passwordResetHandlers.finishCommonPassword, ...handlers] } },
  play: plays.CommonPasswordFromServer,
};

/** A token fetch failing other than 404 is logged, and the page says it could not load. */
export const LoadFailed: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('/api/applicant/password-reset-requests/{token}', () => problem('getPasswordReset', '500')),
        ...handlers,
      ],
    },
  },
  play: plays.LoadFailed,
};
