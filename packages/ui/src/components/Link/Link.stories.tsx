import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormattedMessage } from 'react-intl';
import { expect, userEvent } from 'storybook/test';
import { messagesFor } from '../../testing/messagesFor';
import { Link } from './Link';

const meta = {
  title: 'Components/Link',
  component: Link,
  tags: ['autodocs'],
  args: { href: '/password-reset-request', children: <FormattedMessage id="demo.link.forgotPassword" /> },
} satisfies Meta<typeof Link>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Internal: goes through the router given to UiProvider (here Storybook's `navigate` action). */
export const Internal: Story = {
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link');
    await expect(link).toHaveAttribute('href', '/password-reset-request');
    await expect(link).not.toHaveAttribute('target');
  },
};

/** External: a new tab, and it says so in its accessible name. */
export const External: Story = {
  args: {
    href: 'https://www.example.ac.jp/',
    external: true,
    children: <FormattedMessage id="demo.link.university" />,
  },
  play: async ({ canvas, globals }) => {
    const t = messagesFor(globals.locale);
    const link = canvas.getByRole('link');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toHaveAccessibleName(expect.stringContaining(t('demo.link.university')));
    await expect(link).toHaveAccessibleName(expect.stringContaining(t('ui.link.newTab')));
  },
};

export const Focused: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('link')).toHaveFocus();
  },
};

export const LongJapaneseText: Story = {
  args: {
    external: true,
    href: 'https://www.example.ac.jp/',
    children: <FormattedMessage id="demo.longText" />,
  },
};

export const ForcedColors: Story = { ...External, parameters: { chromatic: { forcedColors: 'active' } } };
