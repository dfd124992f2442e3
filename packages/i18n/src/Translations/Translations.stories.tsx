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

/**
 * Every area: the page translators open. Not run as a test: some 320 rows with links exceed a story test's
 * 15 s under axe; `OneArea` runs the same checks on one area, and usage.test.ts checks the scan.
 */
export const AllMessages: Story = { tags: ['!test'], parameters: { visual: false } };

/** The ui area alone, checked row by row against the catalogues and descriptions. */
export const OneArea: Story = {
  args: { area: 'ui' },
  // No visual baseline (docs/testing.md#visual-regression): it changes with every message edited.
  parameters: { visual: false },
  play: async ({ canvas, args }) => {
    for (const [area, { ja, en }] of Object.entries(areas).filter(([name]) => name === args.area)) {
      const table = within(canvas.getByRole('region', { name: new RegExp(`^${area} `) })).getByRole('table');
      // The rows through the DOM: role queries over some 300 rows take longer than a story may.
      const rows = [...(table as HTMLTableElement).tBodies[0]!.rows];
      await expect(rows).toHaveLength(Object.keys(ja).length);
      const shown = rows.map((row) => {
        const [id, jaCell, enCell, descriptionCell] = [...row.cells].map((cell) => cell.textContent ?? '');
        return { id, ja: jaCell, en: enCell, description: descriptionCell };
      });
      await expect(shown).toEqual(
        Object.keys(ja)
          .sort()
          .map((id) => ({ id, ja: ja[id], en: en[id], description: descriptions[area]?.[id] ?? '' })),
      );
    }
    // The stories column links to the stories' docs pages: the show-password button is in PasswordField's.
    const show = canvas.getByRole('rowheader', { name: 'ui.passwordField.show' }).closest('tr');
    await expect(
      within(show as HTMLElement).getByRole('link', { name: 'Components/PasswordField' }),
    ).toHaveAttribute('href', './?path=/docs/components-passwordfield--docs');
  },
};
