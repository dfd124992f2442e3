import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, userEvent, waitFor } from 'storybook/test';
import { messagesFor } from '../../testing/messagesFor';
import { PasswordField } from './PasswordField';

const meta = {
  title: 'Components/PasswordField',
  component: PasswordField,
  tags: ['autodocs'],
  args: { label: '', autoComplete: 'current-password', onChange: fn() },
  render: function Render(args, { globals }) {
    const t = messagesFor(globals.locale);
    return <PasswordField {...args} label={args.label || t('demo.label.password')} />;
  },
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

const passwordInput = (canvasElement: HTMLElement) => {
  const input = canvasElement.querySelector('input');
  if (!input) throw new Error('no input');
  return input;
};

/** docs/behaviour.md#validation: 10000 characters at most, no spell checking, no capitalisation, the right autocomplete. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const input = passwordInput(canvasElement);
    await expect(input).toHaveAttribute('type', 'password');
    await expect(input).toHaveAttribute('maxlength', '10000');
    await expect(input).toHaveAttribute('spellcheck', 'false');
    await expect(input).toHaveAttribute('autocapitalize', 'off');
    await expect(input).toHaveAttribute('autocomplete', 'current-password');
  },
};

export const NewPassword: Story = {
  args: { autoComplete: 'new-password', isRequired: true },
  play: async ({ canvasElement }) => {
    await expect(passwordInput(canvasElement)).toHaveAttribute('autocomplete', 'new-password');
  },
};

/** The toggle shows and hides the password, its label is translated, and the change is announced politely. */
export const Toggle: Story = {
  play: async ({ canvas, canvasElement, globals }) => {
    const t = messagesFor(globals.locale);
    const input = passwordInput(canvasElement);
    await userEvent.type(input, 'secret12');
    await userEvent.click(canvas.getByRole('button', { name: t('ui.passwordField.show') }));
    await expect(input).toHaveAttribute('type', 'text');
    await expect(canvas.getByText(t('ui.passwordField.shown'))).toBeInTheDocument();
    await expect(canvas.getByText(t('ui.passwordField.shown')).closest('[aria-live]')).toHaveAttribute(
      'aria-live',
      'polite',
    );
    await userEvent.click(canvas.getByRole('button', { name: t('ui.passwordField.hide') }));
    await expect(input).toHaveAttribute('type', 'password');
    await expect(canvas.getByText(t('ui.passwordField.hidden'))).toBeInTheDocument();
    await expect(input).toHaveValue('secret12');
  },
};

/** Submitting the form hides the password again, so it is never left on screen. */
export const HiddenOnSubmit: Story = {
  render: function Render(args, { globals }) {
    const t = messagesFor(globals.locale);
    return (
      <form onSubmit={(event) => event.preventDefault()}>
        <PasswordField {...args} label={t('demo.label.password')} />
        <button type="submit">{t('demo.signIn')}</button>
      </form>
    );
  },
  play: async ({ canvas, canvasElement, globals }) => {
    const t = messagesFor(globals.locale);
    const input = passwordInput(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: t('ui.passwordField.show') }));
    await expect(input).toHaveAttribute('type', 'text');
    await userEvent.click(canvas.getByRole('button', { name: t('demo.signIn') }));
    await expect(input).toHaveAttribute('type', 'password');
  },
};

/** A page restored from the back-forward cache (`pageshow`) hides the password again. */
export const HiddenOnPageShow: Story = {
  play: async ({ canvas, canvasElement, globals }) => {
    const t = messagesFor(globals.locale);
    const input = passwordInput(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: t('ui.passwordField.show') }));
    await expect(input).toHaveAttribute('type', 'text');
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await waitFor(() => expect(input).toHaveAttribute('type', 'password'));
  },
};

/** Caps Lock on while typing a password is announced politely, and the warning goes when it is off. */
export const CapsLockWarning: Story = {
  play: async ({ canvas, canvasElement, globals }) => {
    const t = messagesFor(globals.locale);
    const input = passwordInput(canvasElement);
    await userEvent.click(input);
    // The lock state comes from getModifierState('CapsLock'), which Chromium takes from modifierCapsLock.
    fireEvent.keyDown(input, { key: 'A', modifierCapsLock: true });
    const warning = await canvas.findByText(t('ui.passwordField.capsLock'));
    await expect(warning).toHaveAttribute('role', 'status');
    fireEvent.keyDown(input, { key: 'b', modifierCapsLock: false });
    await waitFor(() => expect(canvas.queryByText(t('ui.passwordField.capsLock'))).not.toBeInTheDocument());
  },
};

/** docs/behaviour.md#validation: a password is never normalised or trimmed. */
export const NotNormalised: Story = {
  play: async ({ canvasElement }) => {
    const input = passwordInput(canvasElement);
    await userEvent.type(input, ' Ｐａｓｓ１ ');
    await userEvent.tab();
    await expect(input).toHaveValue(' Ｐａｓｓ１ ');
  },
};

export const Invalid: Story = {
  render: function Render(args, { globals }) {
    const t = messagesFor(globals.locale);
    return (
      <PasswordField
        {...args}
        label={t('demo.label.password')}
        errorMessage={t('demo.errors.passwordIncorrect')}
      />
    );
  },
};

export const Disabled: Story = { args: { isDisabled: true } };

export const Focused: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(passwordInput(canvasElement)).toHaveFocus();
  },
};

export const Zoom200: Story = { ...Invalid, parameters: { zoom: 2 } };

export const ForcedColors: Story = { ...Invalid, parameters: { chromatic: { forcedColors: 'active' } } };
