import type { StaffInvitation as Invitation } from '@pre-admission/api/staff';
import type { MessageId } from '@pre-admission/i18n';
import {
  Banner,
  Button,
  Form,
  Link,
  LoadingIndicator,
  PasswordField,
  heading,
  paragraph,
} from '@pre-admission/ui';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router-dom';
import { useStaffApi } from '../StaffApiContext';
import { formNotice } from './formFailure';
import * as styles from './SignIn.css';
import { deskPaths } from '../routing/paths';

type Loaded = { status: 'loading' } | { status: 'invalid' } | { status: 'live'; invitation: Invitation };

/**
 * `/desk/invitations/:token`: the link `npm run staff:invite` mails. It names the account and its role; the
 * invitee sets the password (the applicant's rules, no common password), then signs in and adds a second
 * factor. A used, expired or unknown link says so and leads to sign-in.
 */
export function StaffInvitation() {
  const intl = useIntl();
  const api = useStaffApi();
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [errors, setErrors] = useState<Record<string, string>>();
  const [notice, setNotice] = useState<string>();
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let active = true;
    api.getStaffInvitation(token).then(
      (outcome) => {
        if (!active) return;
        if (outcome.ok) setLoaded({ status: 'live', invitation: outcome.data });
        else if (outcome.failure === 'invalidToken') setLoaded({ status: 'invalid' });
        else setNotice(formNotice(intl, outcome));
      },
      (error: unknown) => {
        console.error('[desk] The invitation could not be read.', error);
        if (active) setNotice(formNotice(intl, 'unexpected'));
      },
    );
    return () => {
      active = false;
    };
  }, [api, token, intl]);

  const submit = async (password: string) => {
    if (loaded.status !== 'live') return;
    setPending(true);
    setNotice(undefined);
    try {
      const outcome = await api.acceptStaffInvitation(token, { password });
      if (outcome.ok)
        return navigate(deskPaths.signIn, {
          replace: true,
          state: { passwordSet: true, email: loaded.invitation.email },
        });
      switch (outcome.failure) {
        case 'invalidToken':
          return setLoaded({ status: 'invalid' });
        case 'commonPassword':
        case 'passwordRefused':
          return setErrors({ password: intl.formatMessage({ id: outcome.shows.message as MessageId }) });
        default:
          return setNotice(formNotice(intl, outcome));
      }
    } catch (error) {
      console.error('[desk] The password could not be set.', error);
      setNotice(formNotice(intl, 'unexpected'));
    } finally {
      setPending(false);
    }
  };

  const noticeBanner = notice && (
    <Banner tone="error" announce>
      {notice}
    </Banner>
  );
  if (loaded.status === 'loading')
    return (
      <>
        {noticeBanner}
        {!notice && <LoadingIndicator label={intl.formatMessage({ id: 'desk.invitation.loading' })} />}
      </>
    );
  if (loaded.status === 'invalid')
    return (
      <>
        <h1 className={heading}>{intl.formatMessage({ id: 'desk.invitation.invalid.title' })}</h1>
        <p className={paragraph}>{intl.formatMessage({ id: 'desk.invitation.invalid.body' })}</p>
        <Link href={deskPaths.signIn}>{intl.formatMessage({ id: 'desk.invitation.toSignIn' })}</Link>
      </>
    );
  const { invitation } = loaded;
  return (
    <>
      <h1 className={heading}>{intl.formatMessage({ id: 'desk.invitation.title' })}</h1>
      <p className={paragraph}>
        {intl.formatMessage(
          { id: 'desk.invitation.lead' },
          {
            email: invitation.email,
            role: intl.formatMessage({ id: `desk.console.role.${invitation.role}` }),
          },
        )}
      </p>
      {noticeBanner}
      <Form errors={errors} onSubmit={(values) => void submit(values.password ?? '')}>
        <div className={styles.form}>
          {/* The address, for the password manager that saves the new password with it. */}
          <input type="hidden" name="username" autoComplete="username" value={invitation.email} />
          <PasswordField
            name="password"
            label={intl.formatMessage({ id: 'desk.invitation.password' })}
            description={intl.formatMessage({ id: 'desk.invitation.hint' })}
            autoComplete="new-password"
            minLength={8}
            isRequired
          />
          <div className={styles.actions}>
            <Button type="submit" isPending={pending}>
              {intl.formatMessage({ id: 'desk.invitation.submit' })}
            </Button>
          </div>
        </div>
      </Form>
    </>
  );
}
