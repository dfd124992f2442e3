import { useEffect, useEffectEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import type { PasskeyAssertion } from '@pre-admission/api';
import { Banner, Button, DialogTrigger, EmailField, Form, Link, PasswordField } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';
import { FormActions } from '../../components/FormActions';
import { MaintenanceNotice } from '../../components/MaintenanceNotice';
import { passkeySignInCatalogue, signInCatalogue } from '../../failures/catalogue';
import { useAccountForm } from '../../failures/useAccountForm';
import { routes } from '../../routes';
import { cancelPasskeyCeremony, passkeyCeremony, supportsPasskeyAutofill } from '../../passkey/ceremony';
import { usePasskeyForm, usePasskeySupport } from '../../passkey/usePasskeyForm';
import { forgetSignInAgain, savePendingSecondStep, signInAgain } from '../../secondStep';
import { signInSchema } from '../../validation/schemas';
import { BrowserRecommendation } from './BrowserRecommendation';
import * as styles from './SignIn.css';
import * as screenText from '../../components/ScreenText/ScreenText.css';

/**
 * `/` (docs/behaviour.md#routes): email and password, the reset link, the register button, the recommended browsers, the
 * privacy link; the maintenance notice (docs/behaviour.md#product) and 'session was disconnected' while terminated (docs/behaviour.md#error-catalogue);
 * after the session timeout, 'you were signed out after N minutes without activity' (docs/behaviour.md#session).
 * Passkeys (docs/security.md#passkeys): a button, and the browser's passkey autofill in the email field where
 * it has one; a password right for an account with a second factor goes on to the second step, and a second
 * step that ran out comes back here asking to sign in again, the address kept.
 */
export function SignIn() {
  const intl = useIntl();
  const { api, navigate, onSignedIn, reportError, session } = useAccount();
  const [again] = useState(signInAgain);
  useEffect(() => forgetSignInAgain(), []);
  const passkeys = usePasskeySupport();

  const signedInWithPasskey = async (
    assertion: PasskeyAssertion,
    failures: ReturnType<typeof usePasskeyForm>['failures'],
  ) => {
    const outcome = await api.passkeySignIn(assertion);
    if (!outcome.ok) return failures.present(passkeySignInCatalogue[outcome.failure], outcome);
    onSignedIn(outcome.data.email ?? '');
    navigate(routes.applications);
  };
  const passkey = usePasskeyForm('passkey sign-in', signedInWithPasskey);
  const { failures: passkeyFailures } = passkey;

  // The browser's passkey autofill: offered in the email field's suggestions while the page is up; the
  // button, or leaving the page, stops it. It is a convenience: when it cannot start (no autofill, the
  // server's options refused or unreachable), that is only logged and the button still works. Once a
  // passkey is chosen, its sign-in fails as the button's does.
  const autofilled = useEffectEvent((assertion: PasskeyAssertion) => {
    signedInWithPasskey(assertion, passkeyFailures).catch((error: unknown) => {
      if (!passkeyFailures.presentInForm(error)) reportError(error);
    });
  });
  const autofillOptions = useEffectEvent(() => api.startPasskeySignIn());
  // Once per visit of the page: the options are single-use and bound to this browser.
  useEffect(() => {
    let active = true;
    const start = async () => {
      if (!(await supportsPasskeyAutofill()) || !active) return undefined;
      const options = await autofillOptions();
      return options.ok && active ? passkeyCeremony(options.data, { autofill: true }) : undefined;
    };
    start().then(
      (ceremony) => {
        if (active && ceremony?.outcome === 'assertion') autofilled(ceremony.assertion);
      },
      (error: unknown) => console.warn('[account] The passkey autofill did not start.', error),
    );
    return () => {
      active = false;
      cancelPasskeyCeremony();
    };
  }, []);

  const { pending, formProps } = useAccountForm(signInSchema, 'sign in', async (body, failures) => {
    const outcome = await api.signIn(body);
    if (!outcome.ok) return failures.present(signInCatalogue[outcome.failure], outcome);
    if (!outcome.data.signedIn) {
      // docs/security.md#second-factor: the password was right; no session until the second step.
      cancelPasskeyCeremony();
      savePendingSecondStep({ email: body.email, methods: outcome.data.secondStep });
      return navigate(routes.signInSecondStep);
    }
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
      {again && (
        <Banner
          tone="info"
          title={intl.formatMessage({ id: 'account.signIn.secondStepExpired.title' })}
          announce
        >
          {intl.formatMessage({ id: 'account.signIn.secondStepExpired.body' })}
        </Banner>
      )}
      {passkey.cancelled && (
        <Banner
          tone="info"
          title={intl.formatMessage({ id: 'account.signIn.passkeyCancelled.title' })}
          announce
        >
          {intl.formatMessage({ id: 'account.signIn.passkeyCancelled.body' })}
        </Banner>
      )}
      <MaintenanceNotice />
      <Form {...formProps}>
        <EmailField
          name="email"
          label={intl.formatMessage({ id: 'account.field.email' })}
          autoComplete="username webauthn"
          defaultValue={again?.email || undefined}
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
      {passkeys && (
        <Form {...passkey.formProps} aria-label={intl.formatMessage({ id: 'account.signIn.passkey' })}>
          <Button type="submit" variant="secondary" isPending={passkey.pending}>
            {intl.formatMessage({ id: 'account.signIn.passkey' })}
          </Button>
        </Form>
      )}
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
