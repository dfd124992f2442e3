import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { areas } from '../catalogues';
import { descriptions } from '../catalogues/descriptions';
import { Translations } from './Translations';

/**
 * For translators, the page to open first: every message id, Japanese and English side by side, its
 * description, and the stories that show it.
 */
const meta = {
  title: 'Translations',
  component: Translations,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Translations>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AllMessages: Story = {
  // No visual baseline (docs/testing.md#visual-regression): the page is as long as the catalogues, so its
  // screenshot would be the largest of all and change with every message edited; the stories that show each
  // message carry its look.
  parameters: { visual: false },
  play: async ({ canvas }) => {
    for (const [area, { ja, en }] of Object.entries(areas)) {
      const table = within(canvas.getByRole('region', { name: new RegExp(`^${area} `) })).getByRole('table');
      const rows = within(table).getAllByRole('row').slice(1);
      await expect(rows).toHaveLength(Object.keys(ja).length);
      for (const row of rows) {
        const id = within(row).getByRole('rowheader').textContent ?? '';
        const [jaCell, enCell, descriptionCell] = within(row).getAllByRole('cell');
        await expect(jaCell).toHaveTextContent(ja[id] ?? '');
        await expect(enCell).toHaveTextContent(en[id] ?? '');
        await expect(descriptionCell).toHaveTextContent(descriptions[area]?.[id] ?? '');
      }
    }
    // The stories column links to the stories' docs pages: the sign-in button is on the sign-in screen.
    const signIn = canvas.getByRole('rowheader', { name: 'account.signIn.submit' }).closest('tr');
    await expect(within(signIn as HTMLElement).getByRole('link', { name: 'Account/SignIn' })).toHaveAttribute(
      'href',
      './?path=/docs/account-signin--docs',
    );
  },
};
