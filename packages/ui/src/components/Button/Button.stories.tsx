import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormattedMessage } from 'react-intl';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from './Button';

const meta = {
  title: 'Components/Button',
  component: Button,
  tags: ['autodocs'],
  args: { children: <FormattedMessage id="demo.signIn" />, variant: 'primary', onPress: fn() },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button'));
    await expect(args.onPress).toHaveBeenCalledTimes(1);
  },
};

export const Secondary: Story = {
  args: { variant: 'secondary', children: <FormattedMessage id="demo.register" /> },
};

export const Quiet: Story = {
  args: { variant: 'quiet', children: <FormattedMessage id="demo.link.forgotPassword" /> },
};

export const Focused: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button')).toHaveFocus();
    await expect(canvas.getByRole('button')).toHaveAttribute('data-focus-visible');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button'), { pointerEventsCheck: 0 });
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

/** docs/behaviour.md#validation: while a request is in flight a second press is ignored, and the pending state is announced. */
export const Pending: Story = {
  args: { isPending: true },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button');
    await userEvent.click(button);
    await userEvent.click(button);
    await expect(args.onPress).not.toHaveBeenCalled();
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(within(button).getByRole('progressbar')).toBeInTheDocument();
  },
};

/** Pressing starts a pretend request: the button goes pending, and further presses do nothing. */
export const PendingAfterPress: Story = {
  render: function Render(args) {
    const [pending, setPending] = useState(false);
    return (
      <Button
        {...args}
        isPending={pending}
        onPress={(event) => {
          args.onPress?.(event);
          setPending(true);
        }}
      />
    );
  },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button');
    await userEvent.click(button);
    await userEvent.click(button);
    await userEvent.keyboard('{Enter}');
    await expect(args.onPress).toHaveBeenCalledTimes(1);
    await expect(button).toHaveFocus();
  },
};

export const LongJapaneseText: Story = {
  args: { children: <FormattedMessage id="demo.maintenance.title" />, fullWidth: true },
};

/** Forced colours (Windows High Contrast): the button keeps a visible edge. Chromatic snapshots it so. */
export const ForcedColors: Story = {
  args: { variant: 'secondary' },
  parameters: { chromatic: { forcedColors: 'active' } },
};

export const Zoom200: Story = {
  args: { children: <FormattedMessage id="demo.maintenance.title" /> },
  parameters: { zoom: 2 },
};
