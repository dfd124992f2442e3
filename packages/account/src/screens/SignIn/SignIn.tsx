import { useIntl } from 'react-intl';
import { Banner, Button, DialogTrigger, EmailField, Form, Link, PasswordField } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';
import { FormActions } from '../../components/FormActions';
import { MaintenanceNotice } from '../../components/MaintenanceNotice';
import { signInCatalogue } from '../../failures/catalogue';
import { useAccountForm } from '../../failures/useAccountForm';
import { routes } from '../../routes';
import { signInSchema } from '../../validation/schemas';
import { BrowserRecommendation } from './BrowserRecommendation';
import * as styles from './SignIn.css';
import * as screenText from '../../components/ScreenText/ScreenText.css';

/**
 * `/` (docs/behaviour.md#routes): email and password, the reset link, the register button, the recommended browsers, the
 * privacy link; the maintenance notice (docs/behaviour.md#product) and 'session was disconnected' while terminated (docs/behaviour.md#error-catalogue);
 * after the session timeout, 'you were signed out after N minutes without activity' (docs/behaviour.md#session).
 */
export function SignIn() {
  const intl = useIntl();
  const { api, navigate, onSignedIn, session } = useAccount();
  const { pending, formProps } = useAccountForm(signInSchema, 'sign in', async (body, failures) => {
    const outcome = await api.signIn(body);
    if (!outcome.ok) return failures.present(signInCatalogue[outcome.failure], outcome);
    onSignedIn(outcome.data.email ?? body.email);
    navigate(routes.applications);
  });

  return (
    <>
      <h1 className={screenText.title}>{intl.formatMessage({ id: 'account.signIn.title' })}</h1>
      {session.status === 'terminated' && (
        <Banner
          tone="error"
          title={intl.formatMessage({ id: 'account.signIn.sessionDisconnected.title' })}
          announce
        >
          {intl.formatMessage({ id: 'account.signIn.sessionDisconnected.body' })}
        </Banner>
      )}
      {session.status === 'signedOut' && session.timedOutAfterMinutes !== undefined && (
        <Banner tone="info" title={intl.formatMessage({ id: 'account.signIn.timedOut.title' })} announce>
          {intl.formatMessage(
            { id: 'account.signIn.timedOut.body' },
            { minutes: session.timedOutAfterMinutes },
          )}
        </Banner>
      )}
      <MaintenanceNotice />
      <Form {...formProps}>
        <EmailField
          name="email"
          label={intl.formatMessage({ id: 'account.field.email' })}
          autoComplete="username"
          isRequired
        />
        <PasswordField
          name="password"
          label={intl.formatMessage({ id: 'account.field.password' })}
          autoComplete="current-password"
          isRequired
        />
        <FormActions submit="account.signIn.submit" pending={pending}>
          <Link href={routes.passwordResetRequest}>
            {intl.formatMessage({ id: 'account.signIn.forgotPassword' })}
          </Link>
        </FormActions>
      </Form>
      <section className={styles.section} aria-labelledby="sign-in-new">
        <h2 id="sign-in-new" className={styles.subheading}>
          {intl.formatMessage({ id: 'account.signIn.newApplicants.title' })}
        </h2>
        <p className={styles.text}>{intl.formatMessage({ id: 'account.signIn.newApplicants.body' })}</p>
        <Button variant="secondary" onPress={() => navigate(routes.registrationRequest)}>
          {intl.formatMessage({ id: 'account.signIn.register' })}
        </Button>
      </section>
      <ul className={styles.footer}>
        <li>
          <DialogTrigger>
            <Button variant="quiet">{intl.formatMessage({ id: 'account.signIn.browsers.open' })}</Button>
            <BrowserRecommendation />
          </DialogTrigger>
        </li>
        <li>
          <Link href={routes.privacy}>{intl.formatMessage({ id: 'account.signIn.privacy' })}</Link>
        </li>
      </ul>
    </>
  );
}
