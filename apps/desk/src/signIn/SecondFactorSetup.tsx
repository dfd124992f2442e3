import type { MessageId } from '@pre-admission/i18n';
import { startRegistration } from '@simplewebauthn/browser';
import { Banner, Button, Form, TextField, heading, paragraph } from '@pre-admission/ui';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { useStaffApi } from '../StaffApiContext';
import { useStaffSession } from '../session/StaffSessionProvider';
import { formNotice } from './formFailure';
import * as styles from './SignIn.css';
import { deskPaths, homePath } from '../routing/paths';

/**
 * `/desk/second-factor`: a staff account without a second factor adds one before it sees anything
 * (docs/security.md#staff): the authenticator app (the key to type, a code, then the recovery codes shown
 * once) or a passkey. A sign-in too old to add one goes back to sign-in.
 */
export function SecondFactorSetup() {
  const intl = useIntl();
  const api = useStaffApi();
  const navigate = useNavigate();
  const { state, signedIn, startAgain } = useStaffSession();
  const [setup, setSetup] = useState<{ key: string; uri: string }>();
  const [recoveryCodes, setRecoveryCodes] = useState<readonly string[]>();
  const [errors, setErrors] = useState<Record<string, string>>();
  const [notice, setNotice] = useState<string>();
  const [pending, setPending] = useState<'app' | 'code' | 'passkey'>();

  /** A failure every call here shares: the session gone, a sign-in too old, or a toast's text. */
  const failed = (outcome: { failure: string; shows: { kind: string } }) => {
    if (outcome.failure === 'confirmationRequired' || outcome.failure === 'signedOut') {
      startAgain();
      navigate(deskPaths.signIn, { replace: true });
      return;
    }
    // The toasts' texts are desk.* ids (the staff failure tables; catalogue.test.ts checks each is there).
    const shows = outcome.shows as { kind: string; text?: MessageId };
    setNotice(shows.text ? intl.formatMessage({ id: shows.text }) : formNotice(intl, 'unexpected'));
  };
  const run = async (what: 'app' | 'code' | 'passkey', task: () => Promise<void>) => {
    setPending(what);
    setNotice(undefined);
    try {
      await task();
    } catch (error) {
      console.error('[desk] Adding a second factor failed.', error);
      setNotice(formNotice(intl, 'unexpected'));
    } finally {
      setPending(undefined);
    }
  };

  const startApp = () =>
    run('app', async () => {
      const outcome = await api.startStaffAuthenticatorAppSetup();
      if (outcome.ok) setSetup(outcome.data);
      else failed(outcome);
    });
  const enableApp = (code: string) =>
    run('code', async () => {
      const outcome = await api.enableStaffAuthenticatorApp(code);
      if (outcome.ok) return setRecoveryCodes(outcome.data.recoveryCodes);
      if (outcome.failure === 'wrongCode')
        return setErrors({ code: intl.formatMessage({ id: outcome.shows.message }) });
      failed(outcome);
    });
  const addPasskey = (name: string) =>
    run('passkey', async () => {
      const options = await api.startAddingStaffPasskey();
      if (!options.ok) return failed(options);
      let credential;
      try {
        credential = await startRegistration({ optionsJSON: options.data as never });
      } catch {
        return setNotice(intl.formatMessage({ id: 'desk.secondFactor.passkey.cancelled' }));
      }
      const added = await api.addStaffPasskey({ name, credential: credential as never });
      if (!added.ok) {
        if (added.failure === 'invalidName')
          return setErrors({ name: intl.formatMessage({ id: added.shows.message }) });
        return failed(added);
      }
      await done();
    });
  const done = async () => {
    await signedIn();
    // The role is the one this account had when the set-up began: a factor added does not change it.
    navigate(state.status === 'signedIn' ? homePath(state.session.role) : deskPaths.applications, {
      replace: true,
    });
  };

  if (recoveryCodes)
    return (
      <>
        <h1 className={heading}>{intl.formatMessage({ id: 'desk.secondFactor.codes.title' })}</h1>
        <p className={paragraph}>{intl.formatMessage({ id: 'desk.secondFactor.codes.lead' })}</p>
        <ul className={styles.codes}>
          {recoveryCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <div className={styles.actions}>
          <Button onPress={() => void done()}>
            {intl.formatMessage({ id: 'desk.secondFactor.codes.done' })}
          </Button>
        </div>
      </>
    );

  return (
    <>
      <h1 className={heading}>{intl.formatMessage({ id: 'desk.secondFactor.title' })}</h1>
      <p className={paragraph}>{intl.formatMessage({ id: 'desk.secondFactor.lead' })}</p>
      {notice && (
        <Banner tone="error" announce>
          {notice}
        </Banner>
      )}
      <section className={styles.section} aria-labelledby="desk-app-setup">
        <h2 id="desk-app-setup" className={heading}>
          {intl.formatMessage({ id: 'desk.secondFactor.app.title' })}
        </h2>
        {setup ? (
          <Form errors={errors} onSubmit={(values) => void enableApp(values.code ?? '')}>
            <div className={styles.form}>
              <p className={paragraph}>{intl.formatMessage({ id: 'desk.secondFactor.app.key' })}</p>
              <p className={styles.key}>
                <code data-testid="authenticator-key">{setup.key}</code>
              </p>
              <p className={paragraph}>
                <a href={setup.uri}>{intl.formatMessage({ id: 'desk.secondFactor.app.link' })}</a>
              </p>
              <TextField
                name="code"
                label={intl.formatMessage({ id: 'desk.secondFactor.app.code' })}
                autoComplete="one-time-code"
                inputMode="numeric"
                isRequired
              />
              <div className={styles.actions}>
                <Button type="submit" isPending={pending === 'code'}>
                  {intl.formatMessage({ id: 'desk.secondFactor.app.submit' })}
                </Button>
              </div>
            </div>
          </Form>
        ) : (
          <div className={styles.actions}>
            <Button onPress={() => void startApp()} isPending={pending === 'app'}>
              {intl.formatMessage({ id: 'desk.secondFactor.app.start' })}
            </Button>
          </div>
        )}
      </section>
      <section className={styles.section} aria-labelledby="desk-passkey-setup">
        <h2 id="desk-passkey-setup" className={heading}>
          {intl.formatMessage({ id: 'desk.secondFactor.passkey.title' })}
        </h2>
        <Form errors={errors} onSubmit={(values) => void addPasskey(values.name ?? '')}>
          <div className={styles.form}>
            <TextField
              name="name"
              label={intl.formatMessage({ id: 'desk.secondFactor.passkey.name' })}
              defaultValue={intl.formatMessage({ id: 'desk.secondFactor.passkey.nameDefault' })}
              maxLength={40}
              isRequired
            />
            <div className={styles.actions}>
              <Button type="submit" variant="secondary" isPending={pending === 'passkey'}>
                {intl.formatMessage({ id: 'desk.secondFactor.passkey.add' })}
              </Button>
            </div>
          </div>
        </Form>
      </section>
    </>
  );
}
