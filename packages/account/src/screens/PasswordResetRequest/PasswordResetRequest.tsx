import { useIntl } from 'react-intl';
import { Button, EmailField, Form, Link, type FormValues } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';
import { FormActions } from '../../components/FormActions';
import { requestPasswordResetCatalogue } from '../../failures/catalogue';
import { useFailures } from '../../failures/useFailures';
import { useSubmit } from '../../failures/useSubmit';
import { routes } from '../../routes';
import { emailRequestSchema } from '../../validation/schemas';
import { useSchemaForm } from '../../validation/useSchemaForm';
import * as screenText from '../../components/ScreenText/ScreenText.css';

/** `/password-reset-request` (docs/behaviour.md#routes): the email to send a reset URL to. 404 → 'email address not found'. */
export function PasswordResetRequest() {
  const intl = useIntl();
  const { api, navigate } = useAccount();
  const form = useSchemaForm(emailRequestSchema);
  const failures = useFailures('password reset request');
  const { submit, pending } = useSubmit(async (values: FormValues) => {
    const outcome = await api.requestPasswordReset(form.parse(values));
    if (!outcome.ok) return failures.present(requestPasswordResetCatalogue[outcome.failure], outcome);
    navigate(routes.passwordResetRequestComplete);
  });

  return (
    <>
      <h1 className={screenText.title}>{intl.formatMessage({ id: 'account.passwordResetRequest.title' })}</h1>
      <p className={screenText.text}>{intl.formatMessage({ id: 'account.passwordResetRequest.lead' })}</p>
      <Form onSubmit={(values) => void submit(values)} validate={form.validate} errors={failures.errors}>
        <EmailField
          name="email"
          label={intl.formatMessage({ id: 'account.field.registeredEmail' })}
          autoComplete="email"
          isRequired
        />
        <FormActions>
          <Button type="submit" isPending={pending}>
            {intl.formatMessage({ id: 'account.passwordResetRequest.submit' })}
          </Button>
          <Link href={routes.signIn}>{intl.formatMessage({ id: 'account.common.backToSignIn' })}</Link>
        </FormActions>
      </Form>
    </>
  );
}
