import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { messagesFor } from '../../testing/messagesFor';
import { EmailField } from './EmailField';

const meta = {
  title: 'Components/EmailField',
  component: EmailField,
  tags: ['autodocs'],
  args: { label: '', onChange: fn() },
  render: function Render(args, { globals }) {
    const t = messagesFor(globals.locale);
    return <EmailField {...args} label={args.label || t('demo.label.email')} />;
  },
} satisfies Meta<typeof EmailField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox');
    await expect(input).toHaveAttribute('type', 'email');
    await expect(input).toHaveAttribute('autocomplete', 'email');
    await expect(input).toHaveAttribute('maxlength', '200');
    await expect(input).toHaveAttribute('spellcheck', 'false');
  },
};

/**
 * docs/behaviour.md#validation: an email field is left as typed on blur: no width conversion. (The browser itself strips the
 * white space around a `type=email` value; we add nothing to that.)
 */
export const NotNormalised: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox');
    await userEvent.type(input, 'ｔａｒｏ@example.jp');
    await userEvent.tab();
    await expect(input).toHaveValue('ｔａｒｏ@example.jp');
    await expect(args.onChange).toHaveBeenLastCalledWith('ｔａｒｏ@example.jp');
  },
};

/** docs/behaviour.md#constants: at most 200 characters. */
export const MaxLength: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox');
    await userEvent.click(input);
    await userEvent.paste(`${'a'.repeat(250)}@example.jp`);
    await expect((input as HTMLInputElement).value).toHaveLength(200);
  },
};

export const Invalid: Story = {
  render: function Render(args, { globals }) {
    const t = messagesFor(globals.locale);
    return <EmailField {...args} label={t('demo.label.email')} errorMessage={t('demo.errors.emailFormat')} />;
  },
};

export const SignIn: Story = { args: { autoComplete: 'username', isRequired: true } };

export const Disabled: Story = { args: { isDisabled: true, defaultValue: 'applicant@example.jp' } };

export const Focused: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('textbox')).toHaveFocus();
  },
};
