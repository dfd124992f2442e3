import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { messagesFor } from '../../testing/messagesFor';
import { UnsupportedBrowser } from './UnsupportedBrowser';

const meta = {
  title: 'Screens/UnsupportedBrowser',
  component: UnsupportedBrowser,
  tags: ['autodocs'],
  args: { supportEmail: 'pre-admission@example.ac.jp' },
} satisfies Meta<typeof UnsupportedBrowser>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * docs/behaviour.md#routes: both languages on one page whatever the chosen language, four browsers each with an external link,
 * the support desk address, and a bilingual document title.
 */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    for (const locale of ['ja', 'en'] as const) {
      const t = messagesFor(locale);
      const section = canvasElement.querySelector(`section[lang="${locale}"]`) as HTMLElement;
      const inSection = within(section);
      await expect(inSection.getByRole('heading', { level: 1 })).toHaveTextContent(
        t('ui.unsupportedBrowser.title'),
      );
      for (const name of ['Chrome', 'Edge', 'Firefox', 'Safari'])
        await expect(inSection.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute(
          'target',
          '_blank',
        );
      await expect(inSection.getByRole('link', { name: args.supportEmail })).toHaveAttribute(
        'href',
        `mailto:${args.supportEmail}`,
      );
    }
    await expect(document.title).toBe(
      `${messagesFor('ja')('ui.unsupportedBrowser.documentTitle')} / ${messagesFor('en')('ui.unsupportedBrowser.documentTitle')}`,
    );
  },
};

export const Zoom200: Story = { parameters: { zoom: 2 } };
