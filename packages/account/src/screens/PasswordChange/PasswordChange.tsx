import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Button, Form, PasswordField } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';
import { ConfirmationProvider, useConfirmed } from '../../components/Confirmation';
import { FormActions } from '../../components/FormActions';
import { AccountUsername, NewPasswordFields } from '../../components/NewPasswordFields';
import { changePasswordCatalogue } from '../../failures/catalogue';
import { useAccountForm } from '../../failures/useAccountForm';
import { routes } from '../../routes';
import { passwordChangeSchemaWith } from '../../validation/schemas';
import { useCommonPasswordCheck } from '../../validation/useCommonPasswordCheck';
import * as screenText from '../../components/ScreenText/ScreenText.css';

/**
 * `/password-change` (docs/behaviour.md#routes, signed in): current password, new password, confirmation. Success goes to
 * the completion page and signs out (docs/behaviour.md#session); 404 → `/`; 409 → 'password is incorrect' on the current
 * password (docs/behaviour.md#error-catalogue); 400 → the new password's message (docs/security.md#common-passwords). Cancel
 * goes to /applications. A session whose sign-in is not recent is asked to confirm it is them first, then the
 * change is sent again (docs/security.md#recent-sign-in).
 */
export function PasswordChange() {
  return (
    <ConfirmationProvider>
      <PasswordChangeForm />
    </ConfirmationProvider>
  );
}

function PasswordChangeForm() {
  const intl = useIntl();
  const { api, navigate, onSignedOut, session } = useAccount();
  const confirmed = useConfirmed();
  const isCommon = useCommonPasswordCheck(session.email);
  const schema = useMemo(() => passwordChangeSchemaWith(isCommon), [isCommon]);
  const { pending, formProps } = useAccountForm(
    schema,
    'password change',
    async ({ currentPassword, newPassword }, failures) => {
      const outcome = await confirmed(() => api.changePassword({ currentPassword, newPassword }));
      if (!outcome) return;
      if (!outcome.ok) return failures.present(changePasswordCatalogue[outcome.failure], outcome);
      // Navigate first: once signed out, the app would send this signed-in-only page to `/`.
      navigate(routes.passwordChangeComplete, { replace: true });
      onSignedOut();
    },
  );

  return (
    <>
      <h1 className={screenText.title}>{intl.formatMessage({ id: 'account.passwordChange.title' })}</h1>
      <p className={screenText.text}>{intl.formatMessage({ id: 'account.passwordChange.lead' })}</p>
      <Form {...formProps}>
        {session.email && <AccountUsername email={session.email} />}
        <PasswordField
          name="currentPassword"
          label={intl.formatMessage({ id: 'account.field.currentPassword' })}
          autoComplete="current-password"
          isRequired
        />
        <NewPasswordFields />
        <FormActions submit="account.passwordChange.submit" pending={pending}>
          <Button variant="secondary" onPress={() => navigate(routes.applications)}>
            {intl.formatMessage({ id: 'account.common.cancel' })}
          </Button>
        </FormActions>
      </Form>
    </>
  );
}
