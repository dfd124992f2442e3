import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormattedMessage } from 'react-intl';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { coldLoad } from '../../testing/coldLoad';
import { messagesFor } from '../../testing/messagesFor';
import { Button } from '../Button';
import { Dialog } from './Dialog';
import { DialogTrigger } from './DialogTrigger';

const meta = {
  title: 'Components/Dialog',
  component: Dialog,
  tags: ['autodocs'],
  args: { title: '', children: null },
  render: function Render(args, { globals }) {
    const t = messagesFor(globals.locale);
    return (
      <DialogTrigger>
        <Button variant="quiet">{t('demo.dialog.title')}</Button>
        <Dialog {...args} title={t('demo.dialog.title')}>
          <p>
            <FormattedMessage id="demo.dialog.body" />
          </p>
        </Dialog>
      </DialogTrigger>
    );
  },
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The sign-in page's browser recommendation: opens from its button, Close and Escape return focus. */
export const BrowserRecommendation: Story = {
  play: async ({ canvas, globals }) => {
    const t = messagesFor(globals.locale);
    const trigger = canvas.getByRole('button', { name: t('demo.dialog.title') });
    await userEvent.click(trigger);
    const dialog = await within(document.body).findByRole(
      'dialog',
      { name: t('demo.dialog.title') },
      coldLoad,
    );
    await userEvent.click(within(dialog).getByRole('button', { name: t('ui.dialog.close') }));
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());

    await userEvent.keyboard('{Enter}');
    await within(document.body).findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** Opened from the keyboard (its code loads then): focus moves into the dialog, and Escape returns it. */
export const ByKeyboard: Story = {
  play: async ({ canvas, globals }) => {
    const t = messagesFor(globals.locale);
    const trigger = canvas.getByRole('button', { name: t('demo.dialog.title') });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const dialog = await within(document.body).findByRole(
      'dialog',
      { name: t('demo.dialog.title') },
      coldLoad,
    );
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await userEvent.tab();
    await expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const Open: Story = {
  render: function Render(args, { globals }) {
    const t = messagesFor(globals.locale);
    return (
      <Dialog {...args} title={t('demo.dialog.title')} isOpen>
        <p>
          <FormattedMessage id="demo.longText" />
        </p>
      </Dialog>
    );
  },
};

export const Zoom200: Story = { ...Open, parameters: { zoom: 2 } };
