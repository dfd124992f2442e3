import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { messagesFor } from '../../testing/messagesFor';
import { LoadingIndicator } from './LoadingIndicator';

const meta = {
  title: 'Components/LoadingIndicator',
  component: LoadingIndicator,
  tags: ['autodocs'],
} satisfies Meta<typeof LoadingIndicator>;

export default meta;
type Story = StoryObj<typeof meta>;

/** docs/behaviour.md#routes: shown instead of the routes while the session loads; a named, indeterminate progressbar. */
export const Default: Story = {
  play: async ({ canvas, globals }) => {
    const t = messagesFor(globals.locale);
    const bar = canvas.getByRole('progressbar', { name: t('ui.loading.label') });
    await expect(bar).not.toHaveAttribute('aria-valuenow');
  },
};

export const ForcedColors: Story = { parameters: { chromatic: { forcedColors: 'active' } } };
