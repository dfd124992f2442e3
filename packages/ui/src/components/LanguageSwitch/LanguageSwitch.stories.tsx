import type { Meta, StoryObj } from '@storybook/react-vite';
import { useIntl } from 'react-intl';
import { expect, userEvent, waitFor } from 'storybook/test';
import { localeNames, pseudoLocale } from '@pre-admission/i18n';
import { messagesFor } from '../../testing/messagesFor';
import { TextField } from '../TextField';
import { LanguageSwitch } from './LanguageSwitch';

function University() {
  const intl = useIntl();
  return <TextField label={intl.formatMessage({ id: 'demo.label.university' })} />;
}

const meta = {
  title: 'Components/LanguageSwitch',
  component: LanguageSwitch,
  tags: ['autodocs'],
} satisfies Meta<typeof LanguageSwitch>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Each option is in its own language (`lang`), whatever the page language is. */
export const Default: Story = {
  play: async ({ canvas, globals }) => {
    await expect(canvas.getByRole('radio', { name: localeNames.ja })).toHaveAttribute('lang', 'ja');
    await expect(canvas.getByRole('radio', { name: localeNames.en })).toHaveAttribute('lang', 'en');
    // The pseudo-locale is a choice only while a story is shown in it (the toolbar's en-XA).
    await expect(canvas.getAllByRole('radio')).toHaveLength(globals.locale === pseudoLocale ? 3 : 2);
  },
};

/** The switch above a text field, to see what switching does to what was typed and to the focus. */
function SwitchAndField() {
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      <LanguageSwitch />
      <University />
    </div>
  );
}

/** Switching changes the language in place: `<html lang>` follows, and what was typed stays. */
export const KeepsTypedInput: Story = {
  render: () => <SwitchAndField />,
  play: async ({ canvas, globals }) => {
    const other = globals.locale === 'en' ? 'ja' : 'en';
    const input = canvas.getByRole('textbox');
    await userEvent.type(input, '京都大学');
    await userEvent.click(canvas.getByRole('radio', { name: localeNames[other] }));
    await waitFor(() => expect(document.documentElement.lang).toBe(other));
    await expect(canvas.getByRole('radio', { name: localeNames[other] })).toBeChecked();
    await expect(
      canvas.getByRole('textbox', { name: messagesFor(other)('demo.label.university') }),
    ).toHaveValue('京都大学');
  },
};

export const Focused: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    const first = canvas.getByRole('radio', { name: localeNames.ja });
    await expect(first).toHaveFocus();
    await expect(first).toHaveAttribute('data-focus-visible');
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: localeNames.en })).toHaveFocus();
  },
};

/**
 * A toolbar's keys, as react-aria's: arrows move between the options (no wrap), Tab leaves the group, and
 * coming back with Shift+Tab focuses the option last focused.
 */
export const ToolbarKeys: Story = {
  render: () => <SwitchAndField />,
  play: async ({ canvas }) => {
    // 日本語, English, and the pseudo-locale when the story is shown in it (storybook-en-XA).
    const options = canvas.getAllByRole('radio');
    const [ja, en] = [options[0], options[1]];
    const last = options.at(-1);
    await userEvent.tab();
    await expect(ja).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(ja).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(en).toHaveFocus();
    for (let index = 1; index < options.length; index++) await userEvent.keyboard('{ArrowRight}');
    await expect(last).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('textbox')).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect(last).toHaveFocus();
  },
};
