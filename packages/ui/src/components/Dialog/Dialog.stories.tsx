import { lazy, Suspense, useContext, useRef, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormattedMessage } from 'react-intl';
import {
  OverlayTriggerStateContext,
  PopoverContext,
  Provider,
  RootMenuTriggerStateContext,
} from 'react-aria-components';
import { useMenuTriggerState, type RootMenuTriggerState } from 'react-stately/useMenuTriggerState';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { coldLoad, overlayExit } from '../../testing/coldLoad';
import { messagesFor } from '../../testing/messagesFor';
import { Button } from '../Button';
import { useHasBeenTrue } from '../../overlays/useHasBeenTrue';
import { Dialog, loadDialogModal, type DialogProps } from './Dialog';
import { DialogTrigger, DialogTriggerContext } from './DialogTrigger';

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
    await waitFor(
      () => expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument(),
      overlayExit,
    );
    await waitFor(() => expect(trigger).toHaveFocus());

    await userEvent.keyboard('{Enter}');
    await within(document.body).findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(
      () => expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument(),
      overlayExit,
    );
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
    await waitFor(
      () => expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument(),
      overlayExit,
    );
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** A Dialog whose modal chunk arrives only when the play releases it: a slow network, made certain. */
function SlowDialog({ release, ...props }: DialogProps & { release: Promise<void> }) {
  const trigger = useContext(DialogTriggerContext);
  const [Modal] = useState(() =>
    lazy(async () => {
      await release;
      return { default: (await loadDialogModal()).DialogModal };
    }),
  );
  const hasOpened = useHasBeenTrue(trigger?.state.isOpen ?? false);
  return hasOpened ? (
    <Suspense fallback={null}>
      <Modal {...props} trigger={trigger} />
    </Suspense>
  ) : null;
}

let releaseChunk = () => {};

/**
 * While the modal's chunk loads there is no dialog yet: the button neither says it is expanded nor names
 * in aria-controls an id that is not in the document (axe aria-valid-attr-value). Every change of the
 * button's attributes is checked as it happens, not only the end state.
 */
export const TriggerNamesOnlyAnExistingDialog: Story = {
  render: function Render(args, { globals }) {
    const t = messagesFor(globals.locale);
    const [release] = useState(() => new Promise<void>((resolve) => (releaseChunk = resolve)));
    return (
      <DialogTrigger>
        <Button variant="quiet">{t('demo.dialog.title')}</Button>
        <SlowDialog {...args} title={t('demo.dialog.title')} release={release}>
          <p>
            <FormattedMessage id="demo.dialog.body" />
          </p>
        </SlowDialog>
      </DialogTrigger>
    );
  },
  play: async ({ canvas, globals }) => {
    const t = messagesFor(globals.locale);
    const trigger = canvas.getByRole('button', { name: t('demo.dialog.title') });
    const seen: string[] = [];
    const check = () => {
      const controls = trigger.getAttribute('aria-controls');
      if (controls && !document.getElementById(controls)) seen.push(`aria-controls=${controls}, no such id`);
      if (trigger.getAttribute('aria-expanded') === 'true' && !within(document.body).queryByRole('dialog'))
        seen.push('aria-expanded=true, no dialog');
    };
    const observer = new MutationObserver(check);
    observer.observe(trigger, { attributes: true, attributeFilter: ['aria-controls', 'aria-expanded'] });
    try {
      await userEvent.click(trigger);
      // The chunk is still on its way.
      await expect(trigger).not.toHaveAttribute('aria-controls');
      await expect(trigger).not.toHaveAttribute('aria-expanded', 'true');
      releaseChunk();
      const dialog = await within(document.body).findByRole('dialog', {}, coldLoad);
      await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'true'));
      await expect(trigger).toHaveAttribute('aria-controls', dialog.id);
      await userEvent.keyboard('{Escape}');
      await waitFor(
        () => expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument(),
        overlayExit,
      );
      await expect(trigger).not.toHaveAttribute('aria-controls');
    } finally {
      observer.disconnect();
    }
    await expect(seen).toEqual([]);
  },
};

let openMenu: RootMenuTriggerState | undefined;

/**
 * A dialog opened from inside an open menu (the contexts AccountMenuPopover provides around its items) is
 * not part of that menu: the modal does not reset the menu's RootMenuTriggerState and Popover contexts (it
 * would load the Menu chunk), so it must take nothing from them. It opens only when its own button is
 * pressed, is named by its heading, takes focus, and Close and Escape close it alone: the menu stays open.
 */
export const WithinAMenu: Story = {
  // The same button as BrowserRecommendation: its picture says nothing more.
  parameters: { visual: false },
  render: function Render(args, { globals }) {
    const t = messagesFor(globals.locale);
    const menu = useMenuTriggerState({ defaultOpen: true });
    const menuTriggerRef = useRef<HTMLButtonElement>(null);
    openMenu = menu;
    return (
      <Provider
        values={[
          [OverlayTriggerStateContext, menu],
          [RootMenuTriggerStateContext, menu],
          [PopoverContext, { trigger: 'MenuTrigger', triggerRef: menuTriggerRef }],
        ]}
      >
        <DialogTrigger>
          <Button variant="quiet">{t('demo.dialog.title')}</Button>
          <Dialog {...args} title={t('demo.dialog.title')}>
            <p>
              <FormattedMessage id="demo.dialog.body" />
            </p>
          </Dialog>
        </DialogTrigger>
      </Provider>
    );
  },
  play: async ({ canvas, globals }) => {
    const t = messagesFor(globals.locale);
    const trigger = canvas.getByRole('button', { name: t('demo.dialog.title') });
    // The menu's open state does not open the dialog.
    await expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(trigger);
    const dialog = await within(document.body).findByRole(
      'dialog',
      { name: t('demo.dialog.title') },
      coldLoad,
    );
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await userEvent.click(within(dialog).getByRole('button', { name: t('ui.dialog.close') }));
    await waitFor(
      () => expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument(),
      overlayExit,
    );
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(openMenu?.isOpen).toBe(true);

    await userEvent.keyboard('{Enter}');
    await within(document.body).findByRole('dialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(
      () => expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument(),
      overlayExit,
    );
    await waitFor(() => expect(trigger).toHaveFocus());
    await expect(openMenu?.isOpen).toBe(true);
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
