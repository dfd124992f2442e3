import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { messagesFor } from '../../testing/messagesFor';
import { Header } from './Header';

const account = {
  email: 'li.wei@example.jp',
  applicationsHref: '/applications',
  changeEmailHref: '/email-change-request',
  changePasswordHref: '/password-change',
  onLogOut: fn(),
};

const meta = {
  title: 'Components/Header',
  component: Header,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Header>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Spec 2 and 9: the top page's 100px banner. */
export const TopPageBanner: Story = {
  args: { variant: 'banner' },
  play: async ({ canvasElement }) => {
    const header = canvasElement.querySelector('header');
    await expect(header?.getBoundingClientRect().height).toBe(100);
  },
};

/** Spec 2 and 9: the 44px header of the other pages, signed out. */
export const Compact: Story = {
  args: { variant: 'compact' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('header')?.getBoundingClientRect().height).toBe(44);
  },
};

export const SignedIn: Story = {
  args: { variant: 'compact', account },
  play: async ({ canvas, globals }) => {
    const t = messagesFor(globals.locale);
    const menu = canvas.getByRole('button', { name: `${t('ui.accountMenu.label')} ${account.email}` });
    await expect(menu).toHaveTextContent(account.email);
    await expect(canvas.getByRole('radiogroup', { name: t('ui.languageSwitch.label') })).toBeInTheDocument();
  },
};

export const LongEmail: Story = {
  args: {
    variant: 'compact',
    account: { ...account, email: 'a.very.long.applicant.address.for.testing@graduate-school.example.ac.jp' },
  },
};

/** At 200 % zoom the header grows and wraps instead of clipping its content. */
export const Zoom200: Story = { args: { variant: 'compact', account }, parameters: { zoom: 2 } };

export const ForcedColors: Story = {
  args: { variant: 'compact', account },
  parameters: { chromatic: { forcedColors: 'active' } },
};
