import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { messagesFor } from '../../testing/messagesFor';
import { NotFound } from './NotFound';

const meta = {
  title: 'Screens/NotFound',
  component: NotFound,
  tags: ['autodocs'],
  // The app passes its route table's /applications.
  args: { homeHref: '/applications' },
} satisfies Meta<typeof NotFound>;

export default meta;
type Story = StoryObj<typeof meta>;

/** docs/behaviour.md#routes: any unknown path; the way back goes to /applications. */
export const Default: Story = {
  play: async ({ canvas, globals }) => {
    const t = messagesFor(globals.locale);
    await expect(canvas.getByRole('heading', { level: 1, name: t('ui.notFound.title') })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: t('ui.notFound.home') })).toHaveAttribute(
      'href',
      '/applications',
    );
    await expect(document.title).toBe(t('ui.notFound.documentTitle'));
  },
};

export const Zoom200: Story = { parameters: { zoom: 2 } };

/** Issue 39 item 8: signed out, a mistyped address is Not Found too; the way back goes to the top page. */
export const SignedOut: Story = {
  args: { homeHref: '/', home: 'top' },
  play: async ({ canvas, globals }) => {
    const t = messagesFor(globals.locale);
    await expect(canvas.getByRole('heading', { level: 1, name: t('ui.notFound.title') })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: t('ui.problemPage.home') })).toHaveAttribute('href', '/');
  },
};
