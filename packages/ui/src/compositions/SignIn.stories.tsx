import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useIntl } from 'react-intl';
import type { MessageId } from '@pre-admission/i18n';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { DemoCredentials } from '../testing/DemoCredentials';
import { messagesFor } from '../testing/messagesFor';
import { Banner } from '../components/Banner';
import { Button } from '../components/Button';
import { Dialog, DialogTrigger } from '../components/Dialog';
import { Form } from '../components/Form';
import { Header } from '../components/Header';
import { Link } from '../components/Link';
import { PageLayout } from '../components/PageLayout';
import { heading, paragraph } from '../theme/shared.css';

/**
 * A sign-in-like page built only from the design system, to review the pieces together. The real screen
 * lives in packages/account; its texts live in the account catalogue.
 */
function SignInLike({
  onSubmit,
  sessionEnded,
}: {
  onSubmit: (values: Record<string, string>) => void;
  sessionEnded?: boolean;
}) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const [pending, setPending] = useState(false);
  return (
    <PageLayout header={<Header variant="banner" />} title={t('demo.signInTitle')}>
      {sessionEnded && (
        <Banner tone="error" announce>
          {t('demo.session.text')}
        </Banner>
      )}
      <Banner tone="warning" title={t('demo.maintenance.title')}>
        {t('demo.maintenance.text')}
      </Banner>
      <h1 className={heading}>{t('demo.signInTitle')}</h1>
      <Form
        onSubmit={(values) => {
          setPending(true);
          onSubmit(values);
        }}
      >
        <DemoCredentials t={t} emailAutoComplete="username" />
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'center' }}>
          <Button type="submit" isPending={pending}>
            {t('demo.signIn')}
          </Button>
          <Link href="/password-reset-request">{t('demo.link.forgotPassword')}</Link>
        </div>
      </Form>
      <div>
        <Button variant="secondary">{t('demo.register')}</Button>
      </div>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'center' }}>
        <DialogTrigger>
          <Button variant="quiet">{t('demo.dialog.title')}</Button>
          <Dialog title={t('demo.dialog.title')}>
            <p className={paragraph}>{t('demo.dialog.body')}</p>
          </Dialog>
        </DialogTrigger>
        <Link href="/privacy">{t('demo.link.privacy')}</Link>
      </div>
    </PageLayout>
  );
}

const meta = {
  title: 'Compositions/Sign-in-like page',
  component: SignInLike,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { onSubmit: fn() },
} satisfies Meta<typeof SignInLike>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const SessionDisconnected: Story = { args: { sessionEnded: true } };

/** Submit empty: the summary takes focus; then fill in and submit: the button goes pending. */
export const SignInFlow: Story = {
  play: async ({ canvas, args, globals }) => {
    const t = messagesFor(globals.locale);
    const submit = canvas.getByRole('button', { name: t('demo.signIn') });
    await userEvent.click(submit);
    await waitFor(() =>
      expect(canvas.getByRole('group', { name: t('ui.errorSummary.title') })).toHaveFocus(),
    );
    await userEvent.type(
      canvas.getByRole('textbox', { name: new RegExp(t('demo.label.email')) }),
      'li@example.jp',
    );
    const password = canvas.getByLabelText(t('demo.label.password'), { exact: false });
    await userEvent.type(password, 'pass1234');
    await userEvent.click(submit);
    await expect(args.onSubmit).toHaveBeenCalledWith({ email: 'li@example.jp', password: 'pass1234' });
    await expect(submit).toHaveAttribute('aria-disabled', 'true');
  },
};

export const Zoom200: Story = { parameters: { zoom: 2 } };
