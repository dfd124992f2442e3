import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { routes } from '../../routes';
import { accountSpies, withAccount, type AccountSpies } from '../../testing/AccountDecorator';
import { translator } from '../../testing/play';
import { RegistrationRequestComplete } from './RegistrationRequestComplete';

const meta = {
  title: 'Account/RegistrationRequestComplete',
  component: RegistrationRequestComplete,
  tags: ['autodocs'],
  decorators: [withAccount],
  args: accountSpies(),
  parameters: { layout: 'fullscreen' },
} satisfies Meta<AccountSpies>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Spec 2: a mail was sent with the URL to complete the password registration. */
export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: t('account.registrationRequestComplete.title') }),
    ).toBeInTheDocument();
    await expect(canvas.getByText(t('account.registrationRequestComplete.body'))).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: t('account.common.backToSignIn') })).toHaveAttribute(
      'href',
      routes.signIn,
    );
  },
};
