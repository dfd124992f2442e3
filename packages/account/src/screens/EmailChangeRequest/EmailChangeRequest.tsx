import { useIntl } from 'react-intl';
import { Button } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';
import { ConfirmationProvider, useConfirmed } from '../../components/Confirmation';
import { EmailRequestForm } from '../../components/EmailRequestForm';
import { requestEmailChangeCatalogue } from '../../failures/catalogue';
import { routes } from '../../routes';
import * as styles from '../../components/TokenPasswordForm/TokenPasswordForm.css';
import * as screenText from '../../components/ScreenText/ScreenText.css';

/**
 * `/email-change-request` (docs/behaviour.md#routes, signed in): the new address. 404 → `/`; 409 → the error toast
 * 'failed to change email address' (docs/behaviour.md#error-catalogue). Cancel goes to /applications. A session
 * whose sign-in is not recent is asked to confirm it is them first (docs/security.md#recent-sign-in).
 */
export function EmailChangeRequest() {
  return (
    <ConfirmationProvider>
      <EmailChangeRequestForm />
    </ConfirmationProvider>
  );
}

function EmailChangeRequestForm() {
  const intl = useIntl();
  const { api, navigate, session } = useAccount();
  const confirmed = useConfirmed();

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
      <EmailRequestForm
        context="email change request"
        mailKind="emailChange"
        request={(body) => confirmed(() => api.requestEmailChange(body))}
        catalogue={requestEmailChangeCatalogue}
        completeHref={routes.emailChangeRequestComplete}
        emailLabel="account.field.newEmail"
        submit="account.emailChangeRequest.submit"
      >
        <Button variant="secondary" onPress={() => navigate(routes.applications)}>
          {intl.formatMessage({ id: 'account.common.cancel' })}
        </Button>
      </EmailRequestForm>
    </>
  );
}
