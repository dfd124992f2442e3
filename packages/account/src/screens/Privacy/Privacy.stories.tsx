import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { screenMeta, supportEmail, type AccountSpies } from '../../testing/AccountDecorator';
import { translator } from '../../testing/play';
import { Privacy, type PrivacyProps } from './Privacy';

const meta = {
  title: 'Account/Privacy',
  component: Privacy,
  tags: ['autodocs'],
  // The screen sends no request here: MSW's happy path is there unused.
  ...screenMeta(),
} satisfies Meta<AccountSpies & PrivacyProps>;

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

/**
 * A server whose retention settings differ from the policy's defaults (issue 42: the page shows the settings'
 * values, so the two cannot disagree): two years, ten years (3,653 days, leap days and all) and 90 days.
 */
export const OtherRetentionSettings: Story = {
  args: { retention: { accountUnusedDays: 730, applicationDays: 3653, accessLogDays: 90 } },
  play: async ({ canvasElement, globals }) => {
    const t = translator(globals);
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText(t('account.privacy.retention.item.unused', { unused: 2, unusedUnit: 'year' })),
    ).toBeInTheDocument();
    await expect(
      canvas.getByText(
        t('account.privacy.retention.item.notEnrolled', { applications: 10, applicationsUnit: 'year' }),
      ),
    ).toBeInTheDocument();
    await expect(
      canvas.getByText(t('account.privacy.retention.item.logs', { logs: 90, logsUnit: 'day' })),
    ).toBeInTheDocument();
    // The sentences as written, in the two languages the catalogues hold.
    const { locale } = globals;
    if (locale === 'ja') await expect(canvasElement).toHaveTextContent('アクセス記録は、90日間保存します。');
    if (locale === 'en') await expect(canvasElement).toHaveTextContent('are kept for 90 days.');
  },
};
