import type { Meta, StoryObj } from '@storybook/react-vite';
import { registrationHandlers } from '@pre-admission/api/mocks';
import { routes } from '../../routes';
import { specMaintenance, tokenPageMeta, type AccountSpies } from '../../testing/AccountDecorator';
import { tokenPageStories } from '../../testing/tokenPasswordPlays';
import { Registration } from './Registration';

const meta = {
  title: 'Account/Registration',
  component: Registration,
  tags: ['autodocs'],
  ...tokenPageMeta(),
} satisfies Meta<AccountSpies & { token: string }>;

export default meta;
type Story = StoryObj<typeof meta>;

const stories = tokenPageStories(
  {
    title: 'account.registration.title',
    submit: 'account.registration.submit',
    requestNewLink: 'account.invalidLink.requestRegistration',
  },
  routes.registrationComplete,
  routes.registrationRequest,
  {
    flowHandlers: registrationHandlers,
    byToken: '/api/applicant/registrations/{token}',
    readOperation: 'getRegistration',
  },
);

/** `/registrations/{id}`: the email of the registration, the new password and its confirmation. */
export const Default: Story = stories.Default;

export const ValidationErrors: Story = stories.ValidationErrors;

/** The mismatch is checked again when the new password changes after the confirmation. */
export const ConfirmationRechecked: Story = stories.ConfirmationRechecked;

export const Submitting: Story = stories.Submitting;

export const Registered: Story = stories.Done;

/** docs/behaviour.md#error-catalogue: registration token fetch 404 → 'URL is invalid' and `/`. */
export const InvalidToken: Story = stories.InvalidToken;

export const RequestNewLink: Story = stories.RequestNewLink;

/** docs/behaviour.md#link-states: the link was already used; the password is set, so only signing in is offered. */
export const LinkUsed: Story = stories.linkState('used', false);

/** docs/behaviour.md#link-states: the link expired; the alert says when, and offers a new link. */
export const LinkExpired: Story = stories.linkState('expired', true);

/** docs/behaviour.md#link-states: the expired link's alert sends a new link to the same address. */
export const RenewExpired: Story = stories.RenewExpired;

/** docs/behaviour.md#link-states: renewing past the address's limit (429) says how long to wait. */
export const RenewRefused: Story = stories.RenewRefused;

/** docs/behaviour.md#link-states: a newer mail went to the same address; use its link. */
export const LinkSuperseded: Story = stories.linkState('superseded', true);

/** docs/behaviour.md#error-catalogue: registration finish errors are only logged (here a token used meanwhile, 404). */
export const TokenUsed: Story = stories.TokenUsed;

/** docs/security.md#common-passwords: a common password is refused on blur (here `Passw0rd`). */
export const CommonPassword: Story = stories.CommonPassword;

/** docs/security.md#common-passwords: the server's 400 common_password shows the same message on the field. */
export const CommonPasswordFromServer: Story = stories.CommonPasswordFromServer;

/** docs/behaviour.md#error-catalogue: a token fetch failing other than 404 is only logged. */
export const LoadFailed: Story = stories.LoadFailed;

/** docs/behaviour.md#product: the maintenance notice shows on the registration pages. */
export const MaintenanceNotice: Story = {
  parameters: { account: { maintenance: specMaintenance, now: '2024-08-30T12:00:00+09:00' } },
};
