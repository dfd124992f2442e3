import type { MessageId } from '@pre-admission/i18n';
import { EmailField } from '../components/EmailField';
import { PasswordField } from '../components/PasswordField';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The demo forms' two required fields: an e-mail address checked against a simple pattern, and the current
 * password. For the stories of the form and of the sign-in-like composition.
 */
export function DemoCredentials({
  t,
  emailAutoComplete,
}: {
  t: (id: MessageId) => string;
  emailAutoComplete?: 'email' | 'username';
}) {
  return (
    <>
      <EmailField
        name="email"
        label={t('demo.label.email')}
        autoComplete={emailAutoComplete}
        isRequired
        validate={(value) => (emailPattern.test(value) ? undefined : t('demo.errors.emailFormat'))}
      />
      <PasswordField
        name="password"
        label={t('demo.label.password')}
        autoComplete="current-password"
        isRequired
      />
    </>
  );
}
