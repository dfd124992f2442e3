import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { coldLoad } from '../../testing/coldLoad';
import { messagesFor } from '../../testing/messagesFor';
import { Button } from '../Button';
import { Header } from '../Header';
import { ToastProvider, useToast } from './Toast';

function ShowToast({ locale }: { locale: unknown }) {
  const t = messagesFor(locale);
  const toast = useToast();
  return (
    <Button
      variant="secondary"
      onPress={() => toast.error({ title: t('demo.toast.title'), text: t('demo.toast.text') })}
    >
      {t('demo.toast.title')}
    </Button>
  );
}

/** The toast region lives in UiProvider (every story has one); a screen calls `useToast().error(...)`. */
const meta = {
  title: 'Components/Toast',
  component: ToastProvider,
  tags: ['autodocs'],
  args: { children: null },
  render: (_args, { globals }) => <ShowToast locale={globals.locale} />,
} satisfies Meta<typeof ToastProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

// The region's code loads with the first toast, so it appears a moment after the first press.
const region = (locale: unknown) =>
  within(document.body).findByRole('region', { name: messagesFor(locale)('ui.toast.region') }, coldLoad);

/** docs/behaviour.md#error-catalogue: email change 409, a titled error toast; closable. */
export const ErrorToastClose: Story = {
  play: async ({ canvas, globals }) => {
    const t = messagesFor(globals.locale);
    await userEvent.click(canvas.getByRole('button', { name: t('demo.toast.title') }));
    const toast = await within(await region(globals.locale)).findByRole('alertdialog');
    await expect(toast).toHaveTextContent(t('demo.toast.text'));
    await userEvent.click(within(toast).getByRole('button', { name: t('ui.toast.close') }));
    await waitFor(() => expect(within(document.body).queryByRole('alertdialog')).not.toBeInTheDocument());
  },
};

/** docs/behaviour.md#constants: the toast goes away by itself after 6000 ms, not before. */
export const ErrorToastTimeout: Story = {
  play: async ({ canvas, globals }) => {
    const t = messagesFor(globals.locale);
    // Measured from before the press: the toast's timer cannot start earlier, so on a slow machine the
    // elapsed time only grows, and a toast that left before its 6000 ms still fails.
    const pressedAt = performance.now();
    await userEvent.click(canvas.getByRole('button', { name: t('demo.toast.title') }));
    // Move the pointer away: react-aria pauses the timer while the toast is hovered.
    await userEvent.unhover(canvas.getByRole('button'));
    await within(document.body).findByRole('alertdialog', {}, coldLoad);
    // Wait for it to go, then check when it went: not before its 6000 ms.
    await waitFor(() => expect(within(document.body).queryByRole('alertdialog')).not.toBeInTheDocument(), {
      timeout: 8000,
    });
    await expect(performance.now() - pressedAt).toBeGreaterThanOrEqual(6000);
  },
};

export const LongJapaneseText: Story = {
  render: function Render(_args, { globals }) {
    const t = messagesFor(globals.locale);
    const toast = useToast();
    return (
      <Button
        variant="secondary"
        onPress={() => toast.error({ title: t('demo.maintenance.title'), text: t('demo.longText') })}
      >
        {t('demo.maintenance.title')}
      </Button>
    );
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button'));
    await within(document.body).findByRole('alertdialog', {}, coldLoad);
  },
};

/**
 * No region until the first toast (its code is not on the first load); then the region, a landmark named
 * 通知 / Notifications, appears with the toast in it, and the toast's text is an atomic alert, so screen
 * readers announce it as they did when the region was loaded up front.
 */
export const AnnouncedOnFirstToast: Story = {
  play: async ({ canvas, globals }) => {
    const t = messagesFor(globals.locale);
    await expect(within(document.body).queryByRole('region', { name: t('ui.toast.region') })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: t('demo.toast.title') }));
    const toast = await within(await region(globals.locale)).findByRole('alertdialog');
    const alert = within(toast).getByRole('alert');
    await expect(alert).toHaveAttribute('aria-atomic', 'true');
    await expect(alert).toHaveTextContent(t('demo.toast.title'));
    await expect(alert).toHaveTextContent(t('demo.toast.text'));
    await userEvent.click(within(toast).getByRole('button', { name: t('ui.toast.close') }));
    await waitFor(() => expect(within(document.body).queryByRole('alertdialog')).not.toBeInTheDocument());
  },
};

const overlaps = (a: DOMRect, b: DOMRect) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** A toast never covers the header's controls (language switch, account menu). */
export const LeavesHeaderControlsFree: Story = {
  render: (_args, { globals }) => (
    <>
      <Header
        variant="banner"
        account={{
          email: 'li.wei@example.jp',
          applicationsHref: '/applications',
          changeEmailHref: '/email-change-request',
          changePasswordHref: '/password-change',
          onLogOut: () => undefined,
        }}
      />
      <ShowToast locale={globals.locale} />
    </>
  ),
  parameters: { layout: 'fullscreen' },
  play: async ({ canvas, globals }) => {
    const t = messagesFor(globals.locale);
    await userEvent.click(canvas.getByRole('button', { name: t('demo.toast.title') }));
    const toast = await within(await region(globals.locale)).findByRole('alertdialog');
    const controls = [
      canvas.getByRole('radiogroup', { name: t('ui.languageSwitch.label') }),
      canvas.getByRole('button', { name: `${t('ui.accountMenu.label')} li.wei@example.jp` }),
    ];
    for (const control of controls)
      await expect(overlaps(toast.getBoundingClientRect(), control.getBoundingClientRect())).toBe(false);
    await userEvent.click(within(toast).getByRole('button', { name: t('ui.toast.close') }));
    await waitFor(() => expect(within(document.body).queryByRole('alertdialog')).not.toBeInTheDocument());
  },
};
