import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormattedMessage } from 'react-intl';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { coldLoad, overlayExit } from '../../testing/coldLoad';
import { messagesFor } from '../../testing/messagesFor';
import { AlertDialog } from './AlertDialog';

const meta = {
  title: 'Components/AlertDialog',
  component: AlertDialog,
  tags: ['autodocs'],
  args: { title: '', isOpen: true, onOk: fn() },
  render: function Render(args, { globals }) {
    const t = messagesFor(globals.locale);
    const [open, setOpen] = useState(args.isOpen);
    return (
      <AlertDialog
        {...args}
        title={t('demo.alert.title')}
        isOpen={open}
        onOk={() => {
          args.onOk();
          setOpen(false);
        }}
      >
        <p>
          <FormattedMessage id="demo.alert.body" />
        </p>
      </AlertDialog>
    );
  },
} satisfies Meta<typeof AlertDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** docs/behaviour.md#error-catalogue: "URL is invalid". Focus starts on OK; OK calls back, and the screen navigates to `/`. */
export const UrlIsInvalid: Story = {
  play: async ({ args, globals }) => {
    const t = messagesFor(globals.locale);
    const dialog = await within(document.body).findByRole(
      'alertdialog',
      { name: t('demo.alert.title') },
      coldLoad,
    );
    const ok = within(dialog).getByRole('button', { name: t('ui.alertDialog.ok') });
    await waitFor(() => expect(ok).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(args.onOk).toHaveBeenCalledTimes(1);
    await waitFor(
      () => expect(within(document.body).queryByRole('alertdialog')).not.toBeInTheDocument(),
      overlayExit,
    );
  },
};

/** A click outside does not dismiss it: the applicant must acknowledge it. */
export const NotDismissedOutside: Story = {
  play: async ({ args }) => {
    await within(document.body).findByRole('alertdialog', {}, coldLoad);
    await userEvent.click(document.body);
    await expect(within(document.body).getByRole('alertdialog')).toBeInTheDocument();
    await expect(args.onOk).not.toHaveBeenCalled();
  },
};

export const Escape: Story = {
  play: async ({ args }) => {
    await within(document.body).findByRole('alertdialog', {}, coldLoad);
    await userEvent.keyboard('{Escape}');
    await expect(args.onOk).toHaveBeenCalledTimes(1);
    // Closed for good before the screenshot (two runs caught it at different points of closing).
    await waitFor(
      () => expect(within(document.body).queryByRole('alertdialog')).not.toBeInTheDocument(),
      overlayExit,
    );
  },
};

export const Zoom200: Story = { parameters: { zoom: 2 } };
