import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { coldLoad } from '../../testing/coldLoad';
import { messagesFor } from '../../testing/messagesFor';
import { AccountMenu } from './AccountMenu';

const meta = {
  title: 'Components/AccountMenu',
  component: AccountMenu,
  tags: ['autodocs'],
  args: {
    applicationsHref: '/applications',
    changeEmailHref: '/email-change-request',
    changePasswordHref: '/password-change',
    onLogOut: fn(),
  },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof AccountMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** docs/behaviour.md#routes: Applications, Change email, Change password, Log out, all by keyboard. */
export const ByKeyboard: Story = {
  play: async ({ canvas, args, globals }) => {
    const t = messagesFor(globals.locale);
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: t('ui.accountMenu.label') })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    const menu = await within(document.body).findByRole(
      'menu',
      { name: t('ui.accountMenu.label') },
      coldLoad,
    );
    const items = within(menu).getAllByRole('menuitem');
    await expect(items.map((item) => item.textContent)).toEqual([
      t('ui.accountMenu.applications'),
      t('ui.accountMenu.changeEmail'),
      t('ui.accountMenu.changePassword'),
      t('ui.accountMenu.logOut'),
    ]);
    await waitFor(() => expect(items[0]).toHaveFocus());
    await expect(items[1]).toHaveAttribute('href', '/email-change-request');
    await userEvent.keyboard('{End}');
    await expect(items[3]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onLogOut).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(within(document.body).queryByRole('menu')).not.toBeInTheDocument());
  },
};

/**
 * Issue 39 item 4: the menu button's pattern (WAI-ARIA APG): Tab in the open menu closes it and moves on to
 * what follows the button, Shift+Tab to the button; focus is never held in the menu.
 */
export const TabLeavesTheMenu: Story = {
  name: 'issue 39 item 4: Tab leaves the open account menu',
  decorators: [
    (Story, { globals }) => (
      <div style={{ display: 'flex', gap: 16 }}>
        <Story />
        <a href="#after">{messagesFor(globals.locale)('ui.problemPage.home')}</a>
      </div>
    ),
  ],
  play: async ({ canvas, globals }) => {
    const t = messagesFor(globals.locale);
    const trigger = canvas.getByRole('button', { name: t('ui.accountMenu.label') });
    await userEvent.tab();
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    const menu = await within(document.body).findByRole('menu', {}, coldLoad);
    await waitFor(() => expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus());
    await userEvent.tab();
    await waitFor(() => expect(within(document.body).queryByRole('menu')).not.toBeInTheDocument());
    await expect(canvas.getByRole('link', { name: t('ui.problemPage.home') })).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await within(document.body).findByRole('menu');
    await userEvent.tab({ shift: true });
    await waitFor(() => expect(within(document.body).queryByRole('menu')).not.toBeInTheDocument());
    await expect(trigger).toHaveFocus();
  },
};

export const Open: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button'));
    await within(document.body).findByRole('menu', {}, coldLoad);
  },
};
