import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { messagesFor } from '../../testing/messagesFor';
import { TextField } from '../TextField';
import { ErrorSummary } from './ErrorSummary';

const meta = {
  title: 'Components/ErrorSummary',
  component: ErrorSummary,
  tags: ['autodocs'],
  args: { errors: [] },
  render: function Render(args, { globals }) {
    const t = messagesFor(globals.locale);
    return (
      <div style={{ display: 'grid', gap: 24 }}>
        <ErrorSummary
          {...args}
          errors={[
            { message: t('ui.field.required'), fieldId: 'summary-name' },
            { message: t('demo.errors.emailFormat'), fieldId: 'summary-email' },
            { message: t('demo.errors.passwordIncorrect') },
          ]}
        />
        <TextField id="summary-name" label={t('demo.label.name')} errorMessage={t('ui.field.required')} />
        <TextField
          id="summary-email"
          label={t('demo.label.email')}
          errorMessage={t('demo.errors.emailFormat')}
        />
      </div>
    );
  },
} satisfies Meta<typeof ErrorSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

/** It takes focus when shown, prefixes the title, and each link focuses its field. */
export const Default: Story = {
  play: async ({ canvas, globals }) => {
    const t = messagesFor(globals.locale);
    const summary = canvas.getByRole('group', { name: t('ui.errorSummary.title') });
    await waitFor(() => expect(summary).toHaveFocus());
    // The message's text before its {title} (the pseudo-locale also adds text after it).
    const prefix = t('ui.errorSummary.documentTitle', { title: '\u0000' }).split('\u0000')[0] ?? '';
    await expect(document.title.startsWith(prefix)).toBe(true);
    await userEvent.click(canvas.getByRole('link', { name: t('demo.errors.emailFormat') }));
    await expect(canvas.getByRole('textbox', { name: t('demo.label.email') })).toHaveFocus();
  },
};

export const LongJapaneseText: Story = {
  render: function Render(args, { globals }) {
    const t = messagesFor(globals.locale);
    return (
      <ErrorSummary
        {...args}
        errors={[{ message: t('demo.longText') }, { message: t('demo.session.text') }]}
      />
    );
  },
};

export const Zoom200: Story = { ...LongJapaneseText, parameters: { zoom: 2 } };

const follow = fn().mockName('onFollow');

/**
 * An error about a field on another page (an application's section, from its "Check your answers"): a real
 * link to that page, which a plain click follows through the app's router (`onFollow`).
 */
export const OnAnotherPage: Story = {
  render: function Render(args, { globals }) {
    const t = messagesFor(globals.locale);
    return (
      <ErrorSummary
        {...args}
        errors={[
          {
            message: t('ui.field.required'),
            label: t('demo.label.name'),
            href: '/form#name',
            onFollow: follow,
          },
        ]}
      />
    );
  },
  play: async ({ canvas, globals }) => {
    const t = messagesFor(globals.locale);
    const summary = canvas.getByRole('group', { name: t('ui.errorSummary.title') });
    const link = canvas.getByRole('link');
    await expect(link).toHaveAttribute('href', '/form#name');
    await expect(summary).toHaveTextContent(t('ui.field.required'));
    await userEvent.click(link);
    await expect(follow).toHaveBeenCalledTimes(1);
  },
};

export const ForcedColors: Story = { parameters: { chromatic: { forcedColors: 'active' } } };
