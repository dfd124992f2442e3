import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { messagesFor } from '../../testing/messagesFor';
import { NetworkNotice } from './NetworkNotice';

const meta = {
  title: 'Components/NetworkNotice',
  component: NetworkNotice,
  tags: ['autodocs'],
  args: { offline: false, failed: false, onRetry: fn() },
} satisfies Meta<typeof NetworkNotice>;

export default meta;
type Story = StoryObj<typeof meta>;

/** All is well: the live region is there, empty, so that a notice that appears later is announced. */
export const Online: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
  },
};

/** docs/behaviour.md#error-catalogue: while the browser is offline, the notice says so. */
export const Offline: Story = {
  args: { offline: true },
  play: async ({ canvas, globals }) => {
    const t = messagesFor(globals.locale);
    await expect(canvas.getByRole('status')).toHaveTextContent(t('ui.networkNotice.offline'));
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

/** The page's data got no answer: the site could not be reached, and "Try again" loads it again. */
export const Failed: Story = {
  args: { failed: true },
  play: async ({ canvas, globals, args }) => {
    const t = messagesFor(globals.locale);
    await expect(canvas.getByRole('status')).toHaveTextContent(t('ui.networkNotice.failed'));
    await userEvent.click(canvas.getByRole('button', { name: t('ui.networkNotice.retry') }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};
