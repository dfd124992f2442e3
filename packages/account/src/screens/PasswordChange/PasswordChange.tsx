import { useIntl } from 'react-intl';
import { Button, Form, PasswordField, type FormValues } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';
import { FormActions } from '../../components/FormActions';
import { changePasswordCatalogue } from '../../failures/catalogue';
import { useFailures } from '../../failures/useFailures';
import { useSubmit } from '../../failures/useSubmit';
import { routes } from '../../routes';
import { passwordChangeSchema } from '../../validation/schemas';
import { useSchemaForm } from '../../validation/useSchemaForm';
import * as screenText from '../../components/ScreenText/ScreenText.css';

/**
 * `/password-change` (docs/behaviour.md#routes, signed in): current password, new password, confirmation. Success goes to
 * the completion page and signs out (docs/behaviour.md#session); 404 → `/`; 409 → 'password is incorrect' on the current
 * password (docs/behaviour.md#error-catalogue). Cancel goes to /applications.
 */
export function PasswordChange() {
  const intl = useIntl();
  const { api, navigate, onSignedOut, session } = useAccount();
  const form = useSchemaForm(passwordChangeSchema);
  const failures = useFailures('password change');
  const { submit, pending } = useSubmit(async (values: FormValues) => {
    const { currentPassword, newPassword } = form.parse(values);
    const outcome = await api.changePassword({ currentPassword, newPassword });
    if (!outcome.ok) return failures.present(changePasswordCatalogue[outcome.failure], outcome);
    // Navigate first: once signed out, the app would send this signed-in-only page to `/`.
    navigate(routes.passwordChangeComplete, { replace: true });
    onSignedOut();
  });

  return (
    <>
      <h1 className={screenText.title}>{intl.formatMessage({ id: 'account.passwordChange.title' })}</h1>
      <p className={screenText.text}>{intl.formatMessage({ id: 'account.passwordChange.lead' })}</p>
      <Form onSubmit={(values) => void submit(values)} validate={form.validate} errors={failures.errors}>
        {/* Password managers pair the new password with this account. */}
        {session.email && (
          <input type="email" name="username" autoComplete="username" value={session.email} readOnly hidden />
        )}
        <PasswordField
          name="currentPassword"
          label={intl.formatMessage({ id: 'account.field.currentPassword' })}
          autoComplete="current-password"
          isRequired
        />
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
        <FormActions>
          <Button type="submit" isPending={pending}>
            {intl.formatMessage({ id: 'account.passwordChange.submit' })}
          </Button>
          <Button variant="secondary" onPress={() => navigate(routes.applications)}>
            {intl.formatMessage({ id: 'account.common.cancel' })}
          </Button>
        </FormActions>
      </Form>
    </>
  );
}
