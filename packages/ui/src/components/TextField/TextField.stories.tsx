import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { messagesFor } from '../../testing/messagesFor';
import { TextField } from './TextField';

const meta = {
  title: 'Components/TextField',
  component: TextField,
  tags: ['autodocs'],
  args: { label: '', onChange: fn() },
  render: function Render(args, { globals }) {
    const t = messagesFor(globals.locale);
    return <TextField {...args} label={args.label || t('demo.label.university')} />;
  },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Focused: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('textbox')).toHaveFocus();
  },
};

export const Required: Story = { args: { isRequired: true } };

/** docs/behaviour.md#validation: fields validate on blur; the error is tied to the input by aria-describedby. */
export const InvalidOnBlur: Story = {
  args: { isRequired: true },
  play: async ({ canvas, globals }) => {
    const t = messagesFor(globals.locale);
    const input = canvas.getByRole('textbox');
    await expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.click(input);
    await userEvent.tab();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(expect.stringContaining(t('ui.field.required')));
    await userEvent.type(input, 'Kyoto');
    await userEvent.tab();
    await expect(input).not.toHaveAttribute('aria-invalid');
  },
};

/** docs/behaviour.md#validation: on blur, full-width letters, digits and spaces become half-width, and the text is trimmed. */
export const NormalisesOnBlur: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox');
    await userEvent.type(input, '　Ｔｏｋｙｏ　Ｕｎｉｖ．１２３　');
    await userEvent.tab();
    await expect(input).toHaveValue('Tokyo Univ.123');
    await expect(args.onChange).toHaveBeenLastCalledWith('Tokyo Univ.123');
  },
};

export const Invalid: Story = {
  render: function Render(args, { globals }) {
    const t = messagesFor(globals.locale);
    return (
      <TextField {...args} label={t('demo.label.name')} errorMessage={t('ui.field.required')} isRequired />
    );
  },
};

export const Disabled: Story = { args: { isDisabled: true, defaultValue: 'Kyoto University' } };

export const WithDescription: Story = {
  render: function Render(args, { globals }) {
    const t = messagesFor(globals.locale);
    return <TextField {...args} label={t('demo.label.email')} description={t('demo.description.email')} />;
  },
};

export const LongJapaneseText: Story = {
  render: function Render(args, { globals }) {
    const t = messagesFor(globals.locale);
    return (
      <TextField
        {...args}
        label={t('demo.maintenance.title')}
        description={t('demo.longText')}
        errorMessage={t('demo.maintenance.text')}
      />
    );
  },
};

export const Zoom200: Story = { ...LongJapaneseText, parameters: { zoom: 2 } };

export const ForcedColors: Story = { ...Invalid, parameters: { chromatic: { forcedColors: 'active' } } };
