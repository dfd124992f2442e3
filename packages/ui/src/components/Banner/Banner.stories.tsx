import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormattedMessage } from 'react-intl';
import { expect } from 'storybook/test';
import { messagesFor } from '../../testing/messagesFor';
import { Banner } from './Banner';

const meta = {
  title: 'Components/Banner',
  component: Banner,
  tags: ['autodocs'],
  args: { tone: 'warning', children: <FormattedMessage id="demo.maintenance.text" /> },
  render: function Render(args, { globals }) {
    const t = messagesFor(globals.locale);
    return (
      <Banner
        {...args}
        title={args.title ?? (args.tone === 'warning' ? t('demo.maintenance.title') : undefined)}
      />
    );
  },
} satisfies Meta<typeof Banner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** docs/behaviour.md#product: the maintenance notice on the sign-in and registration pages. Read in page order, not announced. */
export const Maintenance: Story = {
  play: async ({ canvas, globals }) => {
    const t = messagesFor(globals.locale);
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    await expect(canvas.getByText(t('ui.banner.warning'))).toBeInTheDocument();
  },
};

/** docs/behaviour.md#error-catalogue: "session was disconnected" on the sign-in page, announced when it appears. */
export const SessionDisconnected: Story = {
  args: { tone: 'error', announce: true, children: <FormattedMessage id="demo.session.text" /> },
  play: async ({ canvas, globals }) => {
    const t = messagesFor(globals.locale);
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('demo.session.text'));
  },
};

export const Info: Story = {
  args: { tone: 'info', children: <FormattedMessage id="demo.description.email" /> },
};

export const LongJapaneseText: Story = {
  args: { tone: 'info', children: <FormattedMessage id="demo.longText" /> },
};

export const Zoom200: Story = { parameters: { zoom: 2 } };

export const ForcedColors: Story = { parameters: { chromatic: { forcedColors: 'active' } } };
