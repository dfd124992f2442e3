import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { routes } from '../../routes';
import { accountSpies, withAccount, type AccountSpies } from '../../testing/AccountDecorator';
import { translator } from '../../testing/play';
import { EmailChangeRequestComplete } from './EmailChangeRequestComplete';

const meta = {
  title: 'Account/EmailChangeRequestComplete',
  component: EmailChangeRequestComplete,
  tags: ['autodocs'],
  decorators: [withAccount],
  args: accountSpies(),
  parameters: { layout: 'fullscreen' },
} satisfies Meta<AccountSpies>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Spec 2: the confirmation mail went to the new address. */
export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: t('account.emailChangeRequestComplete.title') }),
    ).toBeInTheDocument();
    await expect(canvas.getByText(t('account.emailChangeRequestComplete.body'))).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: t('account.common.backToApplications') })).toHaveAttribute(
      'href',
      routes.applications,
    );
  },
};
