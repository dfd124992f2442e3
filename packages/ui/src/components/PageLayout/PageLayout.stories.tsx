import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormattedMessage } from 'react-intl';
import { expect, userEvent } from 'storybook/test';
import { messagesFor } from '../../testing/messagesFor';
import { Header } from '../Header';
import { PageLayout } from './PageLayout';

const meta = {
  title: 'Components/PageLayout',
  component: PageLayout,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: {
    header: <Header variant="compact" />,
    children: (
      <p>
        <FormattedMessage id="demo.longText" />
      </p>
    ),
  },
} satisfies Meta<typeof PageLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The skip link is the first stop of the keyboard and moves focus to the main content. */
export const Default: Story = {
  play: async ({ canvas, globals }) => {
    const t = messagesFor(globals.locale);
    await userEvent.tab();
    const skip = canvas.getByRole('link', { name: t('ui.pageLayout.skipLink') });
    await expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('main')).toHaveFocus();
  },
};

/** docs/behaviour.md#constants: the content column is 800px wide at most. */
export const ContentWidth: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('main').getBoundingClientRect().width).toBeLessThanOrEqual(800);
  },
};

export const Zoom200: Story = { parameters: { zoom: 2 } };
