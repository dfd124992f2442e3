import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { screenMeta, supportEmail, type AccountSpies } from '../../testing/AccountDecorator';
import { translator } from '../../testing/play';
import { Privacy } from './Privacy';

const meta = {
  title: 'Account/Privacy',
  component: Privacy,
  tags: ['autodocs'],
  // The screen sends no request here: MSW's happy path is there unused.
  ...screenMeta(),
} satisfies Meta<AccountSpies>;

export default meta;
type Story = StoryObj<typeof meta>;

/** docs/behaviour.md#routes: use, management, retention period and cookies, then whom to ask. */
export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    for (const id of [
      'account.privacy.use.title',
      'account.privacy.management.title',
      'account.privacy.retention.title',
      'account.privacy.cookies.title',
      'account.privacy.contact.title',
    ] as const) {
      await expect(canvas.getByRole('heading', { level: 2, name: t(id) })).toBeInTheDocument();
    }
    await expect(canvas.getByRole('link', { name: supportEmail })).toHaveAttribute(
      'href',
      `mailto:${supportEmail}`,
    );
  },
};
