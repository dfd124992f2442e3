import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { messagesFor } from '../../testing/messagesFor';
import { ProblemPage } from './ProblemPage';

const meta = {
  title: 'Screens/ProblemPage',
  component: ProblemPage,
  tags: ['autodocs'],
  args: { supportEmail: 'pre-admission@example.ac.jp', homeHref: '/', requestId: '187654321:2048' },
  // The reference is data (the request id the server logged), the same in every language.
  parameters: { pseudoLocale: { allow: ['187654321:2048'] } },
} satisfies Meta<typeof ProblemPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A failure outside any form (issue 27): the heading in the page's language, what to do, the desk's address
 * and the reference to quote, a way back; no stack.
 */
export const Default: Story = {
  play: async ({ canvas, globals, args }) => {
    const t = messagesFor(globals.locale);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(t('ui.problemPage.title'));
    await expect(canvas.getByRole('link', { name: args.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${args.supportEmail}`,
    );
    await expect(canvas.getByText(/187654321:2048/)).toHaveTextContent(
      t('ui.failure.reference', { requestId: '187654321:2048' }),
    );
    await expect(canvas.getByRole('link', { name: t('ui.problemPage.home') })).toHaveAttribute('href', '/');
    await expect(canvas.queryByRole('heading', { level: 2 })).not.toBeInTheDocument();
  },
};

/** No request reached the server (a bug in the page): no reference to quote, the rest as ever. */
export const WithoutReference: Story = {
  args: { requestId: undefined },
  play: async ({ canvas, globals }) => {
    const t = messagesFor(globals.locale);
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(t('ui.problemPage.title'));
    await expect(canvas.queryByText(/:2048/)).not.toBeInTheDocument();
  },
};

/** A development build: the stack under its own heading, for the developer. */
export const DevelopmentStack: Story = {
  args: {
    stack:
      'ApiError: boom\n    at Object.onResponse (createApiClient.ts:58:13)\n    at async load (Planner.tsx:140:5)',
  },
  parameters: { pseudoLocale: { allow: ['187654321:2048', 'ApiError: boom'] } },
  play: async ({ canvas, globals }) => {
    const t = messagesFor(globals.locale);
    await expect(canvas.getByRole('heading', { level: 2 })).toHaveTextContent(t('ui.problemPage.details'));
    await expect(canvas.getByText(/at Object.onResponse/).tagName).toBe('PRE');
  },
};

export const Zoom200: Story = { parameters: { zoom: 2 } };
