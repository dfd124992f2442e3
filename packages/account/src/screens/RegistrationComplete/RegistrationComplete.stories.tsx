import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { routes } from '../../routes';
import { accountSpies, withAccount, type AccountSpies } from '../../testing/AccountDecorator';
import { translator } from '../../testing/play';
import { RegistrationComplete } from './RegistrationComplete';

const meta = {
  title: 'Account/RegistrationComplete',
  component: RegistrationComplete,
  tags: ['autodocs'],
  decorators: [withAccount],
  args: accountSpies(),
  parameters: { layout: 'fullscreen' },
} satisfies Meta<AccountSpies>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Spec 2: registration done; sign in from the top page. */
export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: t('account.registrationComplete.title') }),
    ).toBeInTheDocument();
    await expect(canvas.getByText(t('account.registrationComplete.body'))).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: t('account.common.toTopPage') })).toHaveAttribute(
      'href',
      routes.signIn,
    );
  },
};
