import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { routes } from '../../routes';
import { accountSpies, withAccount, type AccountSpies } from '../../testing/AccountDecorator';
import { translator } from '../../testing/play';
import { PasswordChangeComplete } from './PasswordChangeComplete';

const meta = {
  title: 'Account/PasswordChangeComplete',
  component: PasswordChangeComplete,
  tags: ['autodocs'],
  decorators: [withAccount],
  args: accountSpies(),
  parameters: { layout: 'fullscreen' },
} satisfies Meta<AccountSpies>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Spec 2, 4: the password is changed and the applicant is signed out. */
export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: t('account.passwordChangeComplete.title') }),
    ).toBeInTheDocument();
    await expect(canvas.getByText(t('account.passwordChangeComplete.body'))).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: t('account.common.toTopPage') })).toHaveAttribute(
      'href',
      routes.signIn,
    );
  },
};
