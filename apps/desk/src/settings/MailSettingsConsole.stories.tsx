import type { Meta, StoryObj } from '@storybook/react-vite';
import { staffWorld } from '@pre-admission/api/staff-mocks';
import type { MessageId } from '@pre-admission/i18n';
import { intlOf } from '@pre-admission/i18n/all';
import { expect, userEvent, within } from 'storybook/test';
import { StoryConsole } from '../testing/StoryConsole';

/**
 * The console's mail settings wired: packages/desk's MailSettings in the console's frame, on the staff
 * adapter over `@pre-admission/api/staff-mocks` (getStaffPreferences, setStaffPreferences).
 */
const meta = {
  title: 'Desk/Console/MailSettings',
  component: StoryConsole,
  parameters: { layout: 'fullscreen', msw: { handlers: staffWorld().handlers } },
} satisfies Meta<typeof StoryConsole>;

export default meta;
type Story = StoryObj<typeof meta>;

const text = (globals: Record<string, unknown>) => {
  const intl = intlOf(globals);
  return (id: MessageId) => intl.formatMessage({ id });
};

/**
 * From the staff menu (the daily summary's mail names it): the summary is on; turned off, saved, and read
 * again as off after going to the applications and back.
 */
export const TurnOffFromTheMenu: Story = {
  args: { path: '/applications' },
  play: async ({ canvasElement, globals }) => {
    const t = text(globals);
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('link', { name: t('desk.console.nav.settings') }));
    await canvas.findByRole('heading', { level: 1, name: t('desk.settings.title') });
    await expect(await canvas.findByRole('radio', { name: t('desk.settings.on') })).toBeChecked();
    await userEvent.click(canvas.getByRole('radio', { name: t('desk.settings.off') }));
    await userEvent.click(canvas.getByRole('button', { name: t('desk.settings.save') }));
    await expect(await canvas.findByText(t('desk.settings.saved'))).toBeVisible();

    await userEvent.click(canvas.getByRole('link', { name: t('desk.console.nav.applications') }));
    await canvas.findByRole('heading', { level: 1, name: t('desk.list.title') });
    await userEvent.click(canvas.getByRole('link', { name: t('desk.console.nav.settings') }));
    await expect(await canvas.findByRole('radio', { name: t('desk.settings.off') })).toBeChecked();
    await expect(canvas.getByRole('link', { name: t('desk.console.nav.settings') })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};
