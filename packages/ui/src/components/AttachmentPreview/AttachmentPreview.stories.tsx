import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { overlayExit } from '../../testing/coldLoad';
import { messagesFor } from '../../testing/messagesFor';
import { AttachmentPreview } from './AttachmentPreview';

// A 2x2 PNG, so the story needs no network.
const png =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR42mNk+M9Qz8DAwMDAxMDAAAAbwAOBJ6ZfRQAAAABJRU5ErkJggg==';

const meta = {
  title: 'Components/AttachmentPreview',
  component: AttachmentPreview,
  tags: ['autodocs'],
  args: { attachment: { id: 1, name: '卒業証明書.png', url: png, contentType: 'image/png' } },
} satisfies Meta<typeof AttachmentPreview>;

export default meta;
type Story = StoryObj<typeof meta>;

/** docs/behaviour.md#data and #constants: a PNG opens in a dialog, with the file name as its alternative text. */
export const Image: Story = {
  play: async ({ canvas, args, globals }) => {
    const t = messagesFor(globals.locale);
    const { name } = args.attachment;
    await userEvent.click(canvas.getByRole('button', { name: t('ui.attachment.preview', { name }) }));
    const dialog = await within(document.body).findByRole('dialog', {
      name: t('ui.attachment.previewTitle', { name }),
    });
    await expect(within(dialog).getByRole('img', { name })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(
      () => expect(within(document.body).queryByRole('dialog')).not.toBeInTheDocument(),
      overlayExit,
    );
  },
};

/** Any other type (here a PDF) is a download link, never previewed. */
export const Download: Story = {
  args: {
    attachment: {
      id: 2,
      name: 'research-plan.pdf',
      url: '/files/research-plan.pdf',
      contentType: 'application/pdf',
    },
  },
  play: async ({ canvas, args, globals }) => {
    const t = messagesFor(globals.locale);
    const link = canvas.getByRole('link', {
      name: t('ui.attachment.download', { name: args.attachment.name }),
    });
    await expect(link).toHaveAttribute('download', 'research-plan.pdf');
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

export const Gif: Story = {
  args: { attachment: { id: 3, name: 'photo.gif', url: png, contentType: 'image/gif' } },
};

export const LongJapaneseName: Story = {
  args: {
    attachment: {
      id: 4,
      name: '大学院研究生出願用_研究計画書_指導教員との事前相談記録_2024年度秋季入学.pdf',
      url: '/files/plan.pdf',
      contentType: 'application/pdf',
    },
  },
};
