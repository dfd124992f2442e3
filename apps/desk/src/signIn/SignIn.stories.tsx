import type { Meta, StoryObj } from '@storybook/react-vite';
import { mockStaffCredentials, staffWorld } from '@pre-admission/api/staff-mocks';
import type { MessageId } from '@pre-admission/i18n';
import { intlOf } from '@pre-admission/i18n/all';
import { expect, userEvent, within } from 'storybook/test';
import { StoryConsole } from '../testing/StoryConsole';

/** The staff sign-in, its second step, the second factor's set-up and the invitation, in the console's frame. */
const meta = {
  title: 'Desk/Sign-in',
  component: StoryConsole,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof StoryConsole>;

export default meta;
type Story = StoryObj<typeof meta>;

const text = (globals: Record<string, unknown>) => {
  const intl = intlOf(globals);
  return (id: MessageId, values: Record<string, string | number> = {}) => intl.formatMessage({ id }, values);
};
const signedOut = { msw: { handlers: staffWorld({ session: 'signedOut' }).handlers } };

/** No staff session (or only an applicant's): the sign-in page. */
export const SignIn: Story = {
  args: { path: '/sign-in' },
  parameters: signedOut,
  play: async ({ canvasElement, globals }) => {
    const t = text(globals);
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('desk.signIn.title') }),
    ).toBeVisible();
    await expect(canvas.getByLabelText(t('desk.signIn.email'), { exact: false })).toHaveAttribute(
      'autocomplete',
      'username',
    );
    await expect(canvas.queryByRole('button', { name: t('desk.console.signOut') })).not.toBeInTheDocument();
  },
};

/** A wrong password (or an address that is no staff's): said on the password field, nothing more. */
export const WrongPassword: Story = {
  args: { path: '/sign-in' },
  parameters: signedOut,
  play: async ({ canvasElement, globals }) => {
    const t = text(globals);
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByLabelText(t('desk.signIn.email'), { exact: false }),
      mockStaffCredentials.email,
    );
    await userEvent.type(canvas.getByLabelText(t('desk.signIn.password'), { exact: false }), 'not-it-2026');
    await userEvent.click(canvas.getByRole('button', { name: t('desk.signIn.submit') }));
    await expect(
      (await canvas.findAllByText(t('desk.signIn.error.wrongPassword'))).length,
    ).toBeGreaterThanOrEqual(1);
    await expect(canvas.getByRole('heading', { level: 1, name: t('desk.signIn.title') })).toBeVisible();
  },
};

/** The right password: the second step asks for the authenticator app's code. */
export const SecondStep: Story = {
  args: { path: '/sign-in' },
  parameters: signedOut,
  play: async ({ canvasElement, globals }) => {
    const t = text(globals);
    const canvas = within(canvasElement);
    await userEvent.type(
      await canvas.findByLabelText(t('desk.signIn.email'), { exact: false }),
      mockStaffCredentials.email,
    );
    await userEvent.type(
      canvas.getByLabelText(t('desk.signIn.password'), { exact: false }),
      mockStaffCredentials.password,
    );
    await userEvent.click(canvas.getByRole('button', { name: t('desk.signIn.submit') }));
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('desk.secondStep.title') }),
    ).toBeVisible();
    await expect(canvas.getByText(t('desk.secondStep.lead.code'))).toBeVisible();
    await expect(canvas.getByRole('button', { name: t('desk.secondStep.useRecoveryCode') })).toBeVisible();
  },
};

/** A wrong code: said on the code field; the second step stays. */
export const SecondStepWrongCode: Story = {
  ...SecondStep,
  play: async (context) => {
    await SecondStep.play!(context);
    const t = text(context.globals);
    const canvas = within(context.canvasElement);
    await userEvent.type(canvas.getByLabelText(t('desk.secondStep.code'), { exact: false }), '000000');
    await userEvent.click(canvas.getByRole('button', { name: t('desk.secondStep.submit') }));
    await expect(
      (await canvas.findAllByText(t('desk.secondStep.error.wrongCode'))).length,
    ).toBeGreaterThanOrEqual(1);
  },
};

/** An invited account signed in without a second factor: it must add one before anything else. */
export const SecondFactorRequired: Story = {
  args: { path: '/second-factor' },
  parameters: { msw: { handlers: staffWorld({ session: 'secondFactorRequired' }).handlers } },
  play: async ({ canvasElement, globals }) => {
    const t = text(globals);
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('desk.secondFactor.title') }),
    ).toBeVisible();
    await expect(
      canvas.queryByRole('link', { name: t('desk.console.nav.applications') }),
    ).not.toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: t('desk.console.signOut') })).toBeVisible();
  },
};

/** The set-up under way: the key to type into the app, and the code it then shows. */
export const AuthenticatorAppSetup: Story = {
  ...SecondFactorRequired,
  play: async (context) => {
    await SecondFactorRequired.play!(context);
    const t = text(context.globals);
    const canvas = within(context.canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: t('desk.secondFactor.app.start') }));
    await expect(await canvas.findByText('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBeVisible();
    await expect(canvas.getByLabelText(t('desk.secondFactor.app.code'), { exact: false })).toBeVisible();
  },
};

/** The invitation's link: the account and its role, and the new password. */
export const Invitation: Story = {
  args: { path: '/invitations/live-token' },
  parameters: signedOut,
  play: async ({ canvasElement, globals }) => {
    const t = text(globals);
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('desk.invitation.title') }),
    ).toBeVisible();
    await expect(canvas.getByText('office.informatics@example.ac.jp', { exact: false })).toBeVisible();
  },
};

/** A used or expired invitation: says so, and leads to sign-in. */
export const InvitationInvalid: Story = {
  args: { path: '/invitations/expired' },
  parameters: signedOut,
  play: async ({ canvasElement, globals }) => {
    const t = text(globals);
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('heading', { level: 1, name: t('desk.invitation.invalid.title') }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: t('desk.invitation.toSignIn') })).toBeVisible();
  },
};
