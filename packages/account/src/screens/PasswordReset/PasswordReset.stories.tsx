import type { Meta, StoryObj } from '@storybook/react-vite';
import { passwordResetHandlers } from '@pre-admission/api/mocks';
import { routes } from '../../routes';
import { tokenPageMeta, type AccountSpies } from '../../testing/AccountDecorator';
import { tokenPageStories } from '../../testing/tokenPasswordPlays';
import { PasswordReset } from './PasswordReset';

const meta = {
  title: 'Account/PasswordReset',
  component: PasswordReset,
  tags: ['autodocs'],
  ...tokenPageMeta(),
} satisfies Meta<AccountSpies & { token: string }>;

export default meta;
type Story = StoryObj<typeof meta>;

const stories = tokenPageStories(
  {
    title: 'account.passwordReset.title',
    submit: 'account.passwordReset.submit',
    requestNewLink: 'account.invalidLink.requestPasswordReset',
  },
  routes.passwordResetComplete,
  routes.passwordResetRequest,
  {
    flowHandlers: passwordResetHandlers,
    byToken: '/api/applicant/password-reset-requests/{token}',
    readOperation: 'getPasswordReset',
  },
);

/** `/password-reset/{id}`: the email of the reset request, the new password and its confirmation. */
export const Default: Story = stories.Default;

export const ValidationErrors: Story = stories.ValidationErrors;

export const Submitting: Story = stories.Submitting;

export const PasswordSet: Story = stories.Done;

/** docs/behaviour.md#error-catalogue: reset token fetch 404 → 'URL is invalid' and `/`. */
export const InvalidToken: Story = stories.InvalidToken;

/** docs/behaviour.md#link-states: the link was already used; sign in, or request a new one. */
export const LinkUsed: Story = stories.linkState('used', true);

/** docs/behaviour.md#link-states: the link expired (after an hour); the alert says when. */
export const LinkExpired: Story = stories.linkState('expired', true);

/** docs/behaviour.md#link-states: the expired link's alert sends a new link to the same address. */
export const RenewExpired: Story = stories.RenewExpired;

/** docs/behaviour.md#link-states: renewing past the address's limit (429) says how long to wait. */
export const RenewRefused: Story = stories.RenewRefused;

export const RequestNewLink: Story = stories.RequestNewLink;

/** docs/behaviour.md#error-catalogue: reset finish errors are only logged (here a token used meanwhile, 404). */
export const TokenUsed: Story = stories.TokenUsed;

/** docs/security.md#common-passwords: a common password is refused on blur (here `Passw0rd`). */
export const CommonPassword: Story = stories.CommonPassword;

/** docs/security.md#common-passwords: the server's 400 common_password shows the same message on the field. */
export const CommonPasswordFromServer: Story = stories.CommonPasswordFromServer;

/** A token fetch failing other than 404 is logged, and the page says it could not load. */
export const LoadFailed: Story = stories.LoadFailed;
