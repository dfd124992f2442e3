import { startAuthentication } from '@simplewebauthn/browser';
import { Banner, Button, Form, TextField, heading, paragraph } from '@pre-admission/ui';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { useStaffApi } from '../StaffApiContext';
import { useStaffSession } from '../session/StaffSessionProvider';
import { formNotice } from './formFailure';
import * as styles from './SignIn.css';
import { deskPaths } from '../routing/paths';

type Method = 'code' | 'recoveryCode';

/**
 * `/desk/sign-in/second-step`: the authenticator app's code (or a recovery code), or a passkey, as the
 * server offered (finishStaffSignIn). A second step that ran out goes back to sign-in, which says so.
 */
export function StaffSecondStep() {
  const intl = useIntl();
  const api = useStaffApi();
  const navigate = useNavigate();
  const { state, signedIn, startAgain } = useStaffSession();
  const methods = state.status === 'secondStep' ? state.methods : [];
  const [method, setMethod] = useState<Method>(
    methods.includes('authenticatorApp') || !methods.includes('recoveryCode') ? 'code' : 'recoveryCode',
  );
  const [errors, setErrors] = useState<Record<string, string>>();
  const [notice, setNotice] = useState<string>();
  const [pending, setPending] = useState(false);

  const finish = async (body: { code: string } | { recoveryCode: string } | { passkey: never }) => {
    setPending(true);
    setNotice(undefined);
    try {
      const outcome = await api.finishStaffSignIn(body);
      if (!outcome.ok) {
        switch (outcome.failure) {
          case 'noSecondStep':
            startAgain();
            return navigate(deskPaths.signIn, { replace: true });
          case 'wrongCode':
          case 'codesLocked':
            return setErrors({ [method]: intl.formatMessage({ id: outcome.shows.message }) });
          case 'passkeyRefused':
            return setNotice(intl.formatMessage({ id: outcome.shows.text }));
          default:
            return setNotice(formNotice(intl, outcome));
        }
      }
      await signedIn();
      navigate(deskPaths.applications, { replace: true });
    } catch (error) {
      console.error('[desk] The second step failed.', error);
      setNotice(formNotice(intl, 'unexpected'));
    } finally {
      setPending(false);
    }
  };

  const passkey = async () => {
    const options = await api.startStaffPasskeyStep();
    if (!options.ok) {
      if (options.failure === 'noSecondStep') {
        startAgain();
        return navigate(deskPaths.signIn, { replace: true });
      }
      return setNotice(formNotice(intl, options));
    }
    try {
      const assertion = await startAuthentication({ optionsJSON: options.data as never });
      await finish({ passkey: assertion as never });
    } catch {
      setNotice(intl.formatMessage({ id: 'desk.error.passkeyRefused.text' }));
    }
  };

  const field = method === 'code' ? 'code' : 'recoveryCode';
  return (
    <>
      <h1 className={heading}>{intl.formatMessage({ id: 'desk.secondStep.title' })}</h1>
      <p className={paragraph}>
        {intl.formatMessage({
          id: method === 'code' ? 'desk.secondStep.lead.code' : 'desk.secondStep.lead.recoveryCode',
        })}
      </p>
      {notice && (
        <Banner tone="error" announce>
          {notice}
        </Banner>
      )}
      <Form
        key={method}
        errors={errors}
        onSubmit={(values) =>
          void finish(
            method === 'code' ? { code: values.code ?? '' } : { recoveryCode: values.recoveryCode ?? '' },
          )
        }
      >
        <div className={styles.form}>
          <TextField
            name={field}
            label={intl.formatMessage({
              id: method === 'code' ? 'desk.secondStep.code' : 'desk.secondStep.recoveryCode',
            })}
            autoComplete="one-time-code"
            inputMode={method === 'code' ? 'numeric' : 'text'}
            spellCheck={false}
            autoCapitalize="off"
            isRequired
          />
          <div className={styles.actions}>
            <Button type="submit" isPending={pending}>
              {intl.formatMessage({ id: 'desk.secondStep.submit' })}
            </Button>
            {methods.includes('recoveryCode') && (
              <Button
                variant="quiet"
                onPress={() => {
                  setErrors(undefined);
                  setMethod(method === 'code' ? 'recoveryCode' : 'code');
                }}
              >
                {intl.formatMessage({
                  id: method === 'code' ? 'desk.secondStep.useRecoveryCode' : 'desk.secondStep.useCode',
                })}
              </Button>
            )}
          </div>
        </div>
      </Form>
      {methods.includes('passkey') && (
        <div className={styles.actions}>
          <Button variant="secondary" onPress={() => void passkey()}>
            {intl.formatMessage({ id: 'desk.secondStep.usePasskey' })}
          </Button>
        </div>
      )}
    </>
  );
}
