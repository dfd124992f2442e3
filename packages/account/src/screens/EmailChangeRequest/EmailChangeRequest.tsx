import { useIntl } from 'react-intl';
import { Button, EmailField, Form, type FormValues } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';
import { FormActions } from '../../components/FormActions';
import { requestEmailChangeCatalogue } from '../../failures/catalogue';
import { useFailures } from '../../failures/useFailures';
import { useSubmit } from '../../failures/useSubmit';
import { routes } from '../../routes';
import { emailRequestSchema } from '../../validation/schemas';
import { useSchemaForm } from '../../validation/useSchemaForm';
import * as styles from '../../components/TokenPasswordForm/TokenPasswordForm.css';
import * as screenText from '../../components/ScreenText/ScreenText.css';

/**
 * `/email-change-request` (docs/behaviour.md#routes, signed in): the new address. 404 → `/`; 409 → the error toast
 * 'failed to change email address' (docs/behaviour.md#error-catalogue). Cancel goes to /applications.
 */
export function EmailChangeRequest() {
  const intl = useIntl();
  const { api, navigate, session } = useAccount();
  const form = useSchemaForm(emailRequestSchema);
  const failures = useFailures('email change request');
  const { submit, pending } = useSubmit(async (values: FormValues) => {
    const outcome = await api.requestEmailChange(form.parse(values));
    if (!outcome.ok) return failures.present(requestEmailChangeCatalogue[outcome.failure], outcome);
    navigate(routes.emailChangeRequestComplete);
  });

  return (
    <>
      <h1 className={screenText.title}>{intl.formatMessage({ id: 'account.emailChangeRequest.title' })}</h1>
      <p className={screenText.text}>{intl.formatMessage({ id: 'account.emailChangeRequest.lead' })}</p>
      {session.email && (
        <dl className={styles.account}>
          <dt className={styles.accountLabel}>{intl.formatMessage({ id: 'account.field.currentEmail' })}</dt>
          <dd className={styles.accountEmail}>{session.email}</dd>
        </dl>
      )}
      <Form onSubmit={(values) => void submit(values)} validate={form.validate} errors={failures.errors}>
        <EmailField
          name="email"
          label={intl.formatMessage({ id: 'account.field.newEmail' })}
          autoComplete="email"
          isRequired
        />
        <FormActions>
          <Button type="submit" isPending={pending}>
            {intl.formatMessage({ id: 'account.emailChangeRequest.submit' })}
          </Button>
          <Button variant="secondary" onPress={() => navigate(routes.applications)}>
            {intl.formatMessage({ id: 'account.common.cancel' })}
          </Button>
        </FormActions>
      </Form>
    </>
  );
}
