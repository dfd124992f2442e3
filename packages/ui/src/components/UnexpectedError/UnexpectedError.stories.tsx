import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { messagesFor } from '../../testing/messagesFor';
import { UnexpectedError } from './UnexpectedError';

const meta = {
  title: 'Screens/UnexpectedError',
  component: UnexpectedError,
  tags: ['autodocs'],
  // The error's own message is data (what the failed call said), shown as it came.
  parameters: { pseudoLocale: { allow: ['Request failed with status code 500'] } },
} satisfies Meta<typeof UnexpectedError>;

export default meta;
type Story = StoryObj<typeof meta>;

const ja = messagesFor('ja');

/** docs/behaviour.md#routes: the heading is Japanese in both languages; the message comes first when there is one. */
export const WithMessage: Story = {
  args: {
    message: 'Request failed with status code 500',
    status: 500,
    stack:
      'Error: Request failed with status code 500\n    at fetchApplicant (client.ts:42:11)\n    at async load (session.ts:18:5)',
  },
  play: async ({ canvas, args }) => {
    const heading = canvas.getByRole('heading', { level: 1 });
    await expect(heading).toHaveTextContent(ja('ui.unexpectedError.title'));
    await expect(heading).toHaveAttribute('lang', 'ja');
    await expect(canvas.getByText(args.message ?? '')).toBeInTheDocument();
    await expect(canvas.getByText(/at fetchApplicant/).tagName).toBe('PRE');
  },
};

/** No message: "status = " and the status. */
export const StatusOnly: Story = {
  args: { status: 503 },
  play: async ({ canvas, globals }) => {
    const t = messagesFor(globals.locale);
    await expect(canvas.getByText(t('ui.unexpectedError.status', { status: '503' }))).toBeInTheDocument();
    await expect(canvas.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  },
};

/** Neither: "unknown error". */
export const Unknown: Story = {
  play: async ({ canvas, globals }) => {
    await expect(
      canvas.getByText(messagesFor(globals.locale)('ui.unexpectedError.unknown')),
    ).toBeInTheDocument();
  },
};

export const Zoom200: Story = { ...WithMessage, parameters: { zoom: 2 } };
