import { useIntl } from 'react-intl';
import { Link } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';
import { EmailRequestForm } from '../../components/EmailRequestForm';
import { requestPasswordResetCatalogue } from '../../failures/catalogue';
import { routes } from '../../routes';
import * as screenText from '../../components/ScreenText/ScreenText.css';

/** `/password-reset-request` (docs/behaviour.md#routes): the email to send a reset URL to. 404 → 'email address not found'. */
export function PasswordResetRequest() {
  const intl = useIntl();
  const { api } = useAccount();

  return (
    <>
      <h1 className={screenText.title}>{intl.formatMessage({ id: 'account.passwordResetRequest.title' })}</h1>
      <p className={screenText.text}>{intl.formatMessage({ id: 'account.passwordResetRequest.lead' })}</p>
      <EmailRequestForm
        context="password reset request"
        mailKind="passwordReset"
        request={api.requestPasswordReset}
        catalogue={requestPasswordResetCatalogue}
        completeHref={routes.passwordResetRequestComplete}
        emailLabel="account.field.registeredEmail"
        submit="account.passwordResetRequest.submit"
      >
        <Link href={routes.signIn}>{intl.formatMessage({ id: 'account.common.backToSignIn' })}</Link>
      </EmailRequestForm>
    </>
  );
}
