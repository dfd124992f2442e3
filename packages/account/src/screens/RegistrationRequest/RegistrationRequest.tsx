import { useIntl } from 'react-intl';
import { Link } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';
import { EmailRequestForm } from '../../components/EmailRequestForm';
import { MaintenanceNotice } from '../../components/MaintenanceNotice';
import { SupportEmailLink } from '../../components/SupportEmailLink';
import { requestRegistrationCatalogue } from '../../failures/catalogue';
import { routes } from '../../routes';
import * as styles from './RegistrationRequest.css';
import * as screenText from '../../components/ScreenText/ScreenText.css';

/**
 * `/registrations-request` (docs/behaviour.md#routes): the email that starts a registration, with the notes: a long-lived
 * address, one account per person, whom to contact. 409 → 'already registered'; other failures go on to
 * the app (docs/behaviour.md#error-catalogue).
 */
export function RegistrationRequest() {
  const intl = useIntl();
  const { api } = useAccount();

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
      <EmailRequestForm
        context="registration request"
        mailKind="registration"
        request={api.requestRegistration}
        catalogue={requestRegistrationCatalogue}
        completeHref={routes.registrationRequestComplete}
        emailLabel="account.field.email"
        submit="account.registrationRequest.submit"
      >
        <Link href={routes.signIn}>{intl.formatMessage({ id: 'account.common.backToSignIn' })}</Link>
      </EmailRequestForm>
    </>
  );
}
