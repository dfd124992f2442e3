import { Banner, EmailField, Form, PasswordField, Button, heading, paragraph } from '@pre-admission/ui';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { useStaffApi } from '../StaffApiContext';
import { useStaffSession } from '../session/StaffSessionProvider';
import { formNotice } from './formFailure';
import * as styles from './SignIn.css';
import { deskPaths } from '../routing/paths';

/**
 * `/desk/sign-in`: the address and the password (staffSignIn). An account with a second factor goes on to
 * the second step; one just invited is signed in and sent to add one (the gate). An unknown address is
 * told as a wrong password: which addresses are staff is not said. After the idle timeout, or a session
 * ended elsewhere, the page says why.
 */
export function StaffSignIn() {
  const intl = useIntl();
  const api = useStaffApi();
  const navigate = useNavigate();
  const { state, signedIn, secondStep } = useStaffSession();
  const [errors, setErrors] = useState<Record<string, string>>();
  const [notice, setNotice] = useState<string>();
  const [pending, setPending] = useState(false);
  const reason = state.status === 'signedOut' ? state.reason : undefined;
  // From the invitation page: the password is set; the address is filled in.
  const arrived = useLocation().state as { passwordSet?: boolean; email?: string } | null;

  const submit = async ({ email = '', password = '' }: Record<string, string>) => {
    setPending(true);
    setNotice(undefined);
    try {
      const outcome = await api.staffSignIn({ email, password });
      if (!outcome.ok) {
        if (outcome.failure === 'wrongPassword')
          setErrors({ password: intl.formatMessage({ id: outcome.shows.message }) });
        else setNotice(formNotice(intl, outcome));
        return;
      }
      if (outcome.data.signedIn) {
        await signedIn();
        navigate(deskPaths.applications, { replace: true });
      } else {
        secondStep(email, outcome.data.secondStep ?? []);
        navigate(deskPaths.secondStep);
      }
    } catch (error) {
      console.error('[desk] Sign-in failed.', error);
      setNotice(formNotice(intl, 'unexpected'));
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <h1 className={heading}>{intl.formatMessage({ id: 'desk.signIn.title' })}</h1>
      {reason === 'timedOut' && state.status === 'signedOut' && (
        <Banner tone="info" title={intl.formatMessage({ id: 'desk.signIn.timedOut.title' })} announce>
          {intl.formatMessage(
            { id: 'desk.signIn.timedOut.body' },
            { minutes: state.timedOutAfterMinutes ?? 15 },
          )}
        </Banner>
      )}
      {reason === 'ended' && (
        <Banner tone="error" title={intl.formatMessage({ id: 'desk.signIn.ended.title' })} announce>
          {intl.formatMessage({ id: 'desk.signIn.ended.body' })}
        </Banner>
      )}
      {reason === 'again' && (
        <Banner tone="info" title={intl.formatMessage({ id: 'desk.signIn.again.title' })} announce>
          {intl.formatMessage({ id: 'desk.signIn.again.body' })}
        </Banner>
      )}
      {arrived?.passwordSet && (
        <Banner tone="info" title={intl.formatMessage({ id: 'desk.signIn.passwordSet.title' })} announce>
          {intl.formatMessage({ id: 'desk.signIn.passwordSet.body' })}
        </Banner>
      )}
      <p className={paragraph}>{intl.formatMessage({ id: 'desk.signIn.lead' })}</p>
      {notice && (
        <Banner tone="error" announce>
          {notice}
        </Banner>
      )}
      <Form onSubmit={(values) => void submit(values)} errors={errors}>
        <div className={styles.form}>
          <EmailField
            name="email"
            label={intl.formatMessage({ id: 'desk.signIn.email' })}
            autoComplete="username"
            defaultValue={arrived?.email}
            isRequired
          />
          <PasswordField
            name="password"
            label={intl.formatMessage({ id: 'desk.signIn.password' })}
            autoComplete="current-password"
            isRequired
          />
          <div className={styles.actions}>
            <Button type="submit" isPending={pending}>
              {intl.formatMessage({ id: 'desk.signIn.submit' })}
            </Button>
          </div>
        </div>
      </Form>
    </>
  );
}
