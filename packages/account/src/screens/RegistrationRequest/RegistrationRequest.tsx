import { useIntl } from 'react-intl';
import { Button, EmailField, Form, Link, type FormValues } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';
import { FormActions } from '../../components/FormActions';
import { MaintenanceNotice } from '../../components/MaintenanceNotice';
import { SupportEmailLink } from '../../components/SupportEmailLink';
import { requestRegistrationCatalogue } from '../../failures/catalogue';
import { useFailures } from '../../failures/useFailures';
import { useSubmit } from '../../failures/useSubmit';
import { routes } from '../../routes';
import { emailRequestSchema } from '../../validation/schemas';
import { useSchemaForm } from '../../validation/useSchemaForm';
import * as styles from './RegistrationRequest.css';
import * as screenText from '../../components/ScreenText/ScreenText.css';

/**
 * `/registrations-request` (docs/behaviour.md#routes): the email that starts a registration, with the notes: a long-lived
 * address, one account per person, whom to contact. 409 → 'already registered'; other failures go on to
 * the app (docs/behaviour.md#error-catalogue).
 */
export function RegistrationRequest() {
  const intl = useIntl();
  const { api, navigate } = useAccount();
  const form = useSchemaForm(emailRequestSchema);
  const failures = useFailures('registration request');
  const { submit, pending } = useSubmit(async (values: FormValues) => {
    const outcome = await api.requestRegistration(form.parse(values));
    if (!outcome.ok) return failures.present(requestRegistrationCatalogue[outcome.failure], outcome);
    navigate(routes.registrationRequestComplete);
  });

  return (
    <>
      <h1 className={screenText.title}>{intl.formatMessage({ id: 'account.registrationRequest.title' })}</h1>
      <MaintenanceNotice />
      <p className={screenText.text}>{intl.formatMessage({ id: 'account.registrationRequest.lead' })}</p>
      <section className={screenText.stack} aria-labelledby="registration-notes">
        <h2 id="registration-notes" className={styles.notesTitle}>
          {intl.formatMessage({ id: 'account.registrationRequest.notes.title' })}
        </h2>
        <ul className={styles.notes}>
          <li>{intl.formatMessage({ id: 'account.registrationRequest.notes.longLived' })}</li>
          <li>{intl.formatMessage({ id: 'account.registrationRequest.notes.oneAccount' })}</li>
          <li>
            {intl.formatMessage(
              { id: 'account.registrationRequest.notes.contact' },
              { email: <SupportEmailLink /> },
            )}
          </li>
        </ul>
      </section>
      <Form onSubmit={(values) => void submit(values)} validate={form.validate} errors={failures.errors}>
        <EmailField
          name="email"
          label={intl.formatMessage({ id: 'account.field.email' })}
          autoComplete="email"
          isRequired
        />
        <FormActions>
          <Button type="submit" isPending={pending}>
            {intl.formatMessage({ id: 'account.registrationRequest.submit' })}
          </Button>
          <Link href={routes.signIn}>{intl.formatMessage({ id: 'account.common.backToSignIn' })}</Link>
        </FormActions>
      </Form>
    </>
  );
}
