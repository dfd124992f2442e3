import { useIntl } from 'react-intl';
import { PasswordField } from '@pre-admission/ui';

/** Password managers pair the new password with this account: the hidden username field. */
export function AccountUsername({ email }: { email: string }) {
  return <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />;
}

/** The new password and its confirmation (docs/behaviour.md#validation), with the rule under the first. */
export function NewPasswordFields() {
  const intl = useIntl();
  return (
    <>
      <PasswordField
        name="newPassword"
        label={intl.formatMessage({ id: 'account.field.newPassword' })}
        description={intl.formatMessage({ id: 'account.field.newPassword.description' })}
        autoComplete="new-password"
        isRequired
      />
      <PasswordField
        name="passwordConfirmation"
        label={intl.formatMessage({ id: 'account.field.passwordConfirmation' })}
        autoComplete="new-password"
        isRequired
      />
    </>
  );
}
