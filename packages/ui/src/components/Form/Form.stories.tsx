import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { createEvent, expect, fireEvent, fn, userEvent, waitFor } from 'storybook/test';
import { DemoCredentials } from '../../testing/DemoCredentials';
import { messagesFor } from '../../testing/messagesFor';
import { Button } from '../Button';
import { TextField } from '../TextField';
import { Form, type FormProps } from './Form';

function DemoForm({ locale, ...props }: Omit<FormProps, 'children'> & { locale: unknown }) {
  const t = messagesFor(locale);
  return (
    <Form {...props}>
      <TextField name="name" label={t('demo.label.name')} isRequired />
      <DemoCredentials t={t} />
      <div>
        <Button type="submit">{t('demo.signIn')}</Button>
      </div>
    </Form>
  );
}

const meta = {
  title: 'Components/Form',
  component: Form,
  tags: ['autodocs'],
  args: { onSubmit: fn(), children: null },
  render: (args, { globals }) => <DemoForm {...args} locale={globals.locale} />,
  beforeEach: () => {
    const title = document.title;
    document.title = 'Form';
    return () => {
      document.title = title;
    };
  },
} satisfies Meta<typeof Form>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Fill every field and submit: values arrive normalised (text) or as typed (email, password). */
export const Submits: Story = {
  play: async ({ canvas, args, globals }) => {
    const t = messagesFor(globals.locale);
    await userEvent.type(canvas.getByLabelText(t('demo.label.name'), { exact: false }), 'Ｌｉ　Ｗｅｉ ');
    await userEvent.type(canvas.getByLabelText(t('demo.label.email'), { exact: false }), 'li@example.jp');
    await userEvent.type(canvas.getByLabelText(t('demo.label.password'), { exact: false }), ' pass 1');
    await userEvent.click(canvas.getByRole('button', { name: t('demo.signIn') }));
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
    await expect(args.onSubmit).toHaveBeenCalledWith(
      { name: 'Li Wei', email: 'li@example.jp', password: ' pass 1' },
      expect.anything(),
    );
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
  },
};

/**
 * A submit with errors: the summary lists each error as a link, takes focus (again on the second submit),
 * and the document title starts with "エラー：" / "Error: ". A link focuses its field.
 */
export const ErrorSummaryOnSubmit: Story = {
  play: async ({ canvas, args, globals }) => {
    const t = messagesFor(globals.locale);
    const submit = canvas.getByRole('button', { name: t('demo.signIn') });
    await userEvent.type(canvas.getByLabelText(t('demo.label.email'), { exact: false }), 'not-an-email');
    await userEvent.click(submit);
    await expect(args.onSubmit).not.toHaveBeenCalled();

    const summary = canvas.getByRole('group', { name: t('ui.errorSummary.title') });
    await waitFor(() => expect(summary).toHaveFocus());
    await expect(document.title).toBe(t('ui.errorSummary.documentTitle', { title: 'Form' }));
    const links = canvas.getAllByRole('link');
    const item = (label: Parameters<typeof t>[0], message: string) =>
      t('ui.errorSummary.item', { label: t(label), message });
    await expect(links.map((link) => link.textContent)).toEqual([
      item('demo.label.name', t('ui.field.required')),
      item('demo.label.email', t('demo.errors.emailFormat')),
      item('demo.label.password', t('ui.field.required')),
    ]);

    await userEvent.click(links[1]!);
    await expect(canvas.getByLabelText(t('demo.label.email'), { exact: false })).toHaveFocus();

    // The second submit: focus goes back to the summary, and the title is not prefixed twice.
    await userEvent.click(submit);
    await waitFor(() => expect(summary).toHaveFocus());
    await expect(document.title).toBe(t('ui.errorSummary.documentTitle', { title: 'Form' }));
  },
};

/** Errors fixed: the summary goes away and the title is restored. */
export const ErrorsFixed: Story = {
  play: async (context) => {
    await ErrorSummaryOnSubmit.play?.(context);
    const { canvas, args, globals } = context;
    const t = messagesFor(globals.locale);
    await userEvent.type(canvas.getByLabelText(t('demo.label.name'), { exact: false }), 'Li Wei');
    const email = canvas.getByLabelText(t('demo.label.email'), { exact: false });
    await userEvent.clear(email);
    await userEvent.type(email, 'li@example.jp');
    await userEvent.type(canvas.getByLabelText(t('demo.label.password'), { exact: false }), 'pass1234');
    await userEvent.click(canvas.getByRole('button', { name: t('demo.signIn') }));
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
    await expect(canvas.queryByRole('group', { name: t('ui.errorSummary.title') })).not.toBeInTheDocument();
    await expect(document.title).toBe('Form');
  },
};

/** docs/behaviour.md#validation: an Enter that confirms an input-method candidate (keyCode 229) never submits; a plain Enter does. */
export const ImeEnterDoesNotSubmit: Story = {
  play: async ({ canvas, args, globals }) => {
    const t = messagesFor(globals.locale);
    await userEvent.type(canvas.getByLabelText(t('demo.label.name'), { exact: false }), '李 偉');
    await userEvent.type(canvas.getByLabelText(t('demo.label.email'), { exact: false }), 'li@example.jp');
    const password = canvas.getByLabelText(t('demo.label.password'), { exact: false });
    await userEvent.type(password, 'pass1234');
    // A browser submits on Enter only when the keydown is not cancelled: that is what we check for the
    // composing Enter of Chrome/Firefox (isComposing) and of Safari (keyCode 229).
    for (const init of [
      { key: 'Enter', isComposing: true },
      { key: 'Enter', keyCode: 229 },
    ]) {
      const event = createEvent.keyDown(password, init);
      fireEvent(password, event);
      await expect(event.defaultPrevented).toBe(true);
    }
    const plain = createEvent.keyDown(password, { key: 'Enter', keyCode: 13 });
    fireEvent(password, plain);
    await expect(plain.defaultPrevented).toBe(false);
    await expect(args.onSubmit).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledTimes(1);
  },
};

/** docs/behaviour.md#error-catalogue: the server's errors (sign-in 404 on email) show on the field and in the summary, which takes focus. */
export const ServerErrors: Story = {
  render: function Render(args, { globals }) {
    const t = messagesFor(globals.locale);
    const [errors, setErrors] = useState<Record<string, string>>();
    return (
      <DemoForm
        {...args}
        locale={globals.locale}
        errors={errors}
        onSubmit={(values, event) => {
          args.onSubmit(values, event);
          setErrors({ password: t('demo.errors.passwordIncorrect') });
        }}
      />
    );
  },
  play: async ({ canvas, globals }) => {
    const t = messagesFor(globals.locale);
    await userEvent.type(canvas.getByLabelText(t('demo.label.name'), { exact: false }), 'Li Wei');
    await userEvent.type(canvas.getByLabelText(t('demo.label.email'), { exact: false }), 'li@example.jp');
    const password = canvas.getByLabelText(t('demo.label.password'), { exact: false });
    await userEvent.type(password, 'wrong123');
    await userEvent.click(canvas.getByRole('button', { name: t('demo.signIn') }));
    const summary = canvas.getByRole('group', { name: t('ui.errorSummary.title') });
    await waitFor(() => expect(summary).toHaveFocus());
    await expect(password).toHaveAccessibleDescription(
      expect.stringContaining(t('demo.errors.passwordIncorrect')),
    );
    // Editing the field withdraws the server's error.
    await userEvent.type(password, 'x');
    await expect(password).not.toHaveAttribute('aria-invalid');
  },
};

export const Zoom200: Story = { ...ErrorSummaryOnSubmit, parameters: { zoom: 2 } };
