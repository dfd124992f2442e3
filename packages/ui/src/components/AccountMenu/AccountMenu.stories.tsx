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

export const Open: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button'));
    await within(document.body).findByRole('menu', {}, coldLoad);
  },
};
