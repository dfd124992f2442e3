import type { ReactNode } from 'react';
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

/** docs/behaviour.md#routes and #constants: the top page's 100px banner. */
export const TopPageBanner: Story = {
  args: { variant: 'banner' },
  play: async ({ canvasElement }) => {
    const header = canvasElement.querySelector('header');
    await expect(header?.getBoundingClientRect().height).toBe(100);
  },
};

/** docs/behaviour.md#routes and #constants: the 44px header of the other pages, signed out. */
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

/** At 200 % zoom the header keeps its height; the title and the email shorten with an ellipsis. */
export const Zoom200: Story = { args: { variant: 'compact', account }, parameters: { zoom: 2 } };

/** A phone 320px wide (WCAG 1.4.10's reflow width). */
const narrow = (Story: () => ReactNode) => (
  <div style={{ width: 320 }}>
    <Story />
  </div>
);

/** The header's heights are exact at every width: on a 320px screen nothing wraps below it. */
const fitsIn = (height: number) =>
  async function play({ canvasElement }: { canvasElement: HTMLElement }) {
    const header = canvasElement.querySelector('header');
    if (!header) throw new Error('no header');
    await expect(header.getBoundingClientRect().height).toBe(height);
    // Every control is inside the header's box, none pushed out of it or off the screen.
    const box = header.getBoundingClientRect();
    for (const control of header.querySelectorAll('a, button')) {
      const rect = control.getBoundingClientRect();
      await expect(rect.top).toBeGreaterThanOrEqual(box.top);
      await expect(rect.bottom).toBeLessThanOrEqual(box.bottom);
      await expect(rect.right).toBeLessThanOrEqual(box.right);
    }
  };

export const NarrowBanner: Story = {
  args: { variant: 'banner' },
  decorators: [narrow],
  play: fitsIn(100),
};

export const NarrowCompactSignedIn: Story = {
  args: {
    variant: 'compact',
    account: { ...account, email: 'a.very.long.applicant.address.for.testing@graduate-school.example.ac.jp' },
  },
  decorators: [narrow],
  play: fitsIn(44),
};

export const ForcedColors: Story = {
  args: { variant: 'compact', account },
  parameters: { chromatic: { forcedColors: 'active' } },
};
