import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { routes } from '../../routes';
import { accountSpies, withAccount, type AccountSpies } from '../../testing/AccountDecorator';
import { translator } from '../../testing/play';
import { PasswordResetRequestComplete } from './PasswordResetRequestComplete';

const meta = {
  title: 'Account/PasswordResetRequestComplete',
  component: PasswordResetRequestComplete,
  tags: ['autodocs'],
  decorators: [withAccount],
  args: accountSpies(),
  parameters: { layout: 'fullscreen' },
} satisfies Meta<AccountSpies>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Spec 2: the mail with the reset URL was sent. */
export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: t('account.passwordResetRequestComplete.title') }),
    ).toBeInTheDocument();
    await expect(canvas.getByText(t('account.passwordResetRequestComplete.body'))).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: t('account.common.backToSignIn') })).toHaveAttribute(
      'href',
      routes.signIn,
    );
  },
};
