import { useMessageParts } from '@pre-admission/i18n';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { linkRefusal, type LinkRefusal } from '@pre-admission/api';
import { Link, LoadingIndicator } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';
import { supersededLinkText } from '../../components/InvalidLinkAlert';
import { NoReferrer } from '../../components/NoReferrer';
import { activateEmailChangeCatalogue } from '../../failures/catalogue';
import { logFailure, useFailures } from '../../failures/useFailures';
import { routes } from '../../routes';
import * as screenText from '../../components/ScreenText/ScreenText.css';

export interface EmailChangeActivationProps {
  /** The email change token from `/change-email-requests/{id}`. */
  token: string;
}

type Activation = 'activating' | 'done' | 'failed' | LinkRefusal;

/**
 * docs/behaviour.md#link-states: what a refused link says. Used (by the change it made): the address is
 * already changed; expired: when; superseded: use the newest mail; unknown: the failure text as before.
 */
function refusalText(refusal: LinkRefusal) {
  switch (refusal.code) {
    case 'used':
      return {
        title: 'account.emailChangeActivation.used.title',
        body: 'account.emailChangeActivation.used.body',
      } as const;
    case 'expired':
      return {
        title: 'account.linkState.expired.title',
        body: 'account.emailChangeActivation.expired.body',
      } as const;
    case 'superseded':
      return supersededLinkText;
    default:
      return {
        title: 'account.emailChangeActivation.failedTitle',
        body: 'account.emailChangeActivation.failedBody',
      } as const;
  }
}

/**
 * `/change-email-requests/{id}` (docs/behaviour.md#routes, #session): activates the change as soon as the page opens, then signs
 * out and says to sign in from the top page. docs/behaviour.md#error-catalogue only logs its errors; we also toast and say so here.
 */
export function EmailChangeActivation({ token }: EmailChangeActivationProps) {
  useMessageParts('mail');
  const intl = useIntl();
  const { api, onSignedOut } = useAccount();
  const { present, logOrReport } = useFailures('email change activation');
  const [result, setResult] = useState<{ token: string; state: Activation }>();
  const state = result?.token === token ? result.state : 'activating';
  // The PATCH spends the token: it must run once per token, even when StrictMode runs effects twice.
  const activated = useRef<string | null>(null);

  useEffect(() => {
    if (activated.current === token) return;
    activated.current = token;
    api.activateEmailChange(token).then(
      (outcome) => {
        if (!outcome.ok) {
          const refusal = outcome.failure === 'invalidToken' ? linkRefusal(outcome.error) : undefined;
          if (refusal && refusal.code !== 'unknown') {
            // The page says what happened to the link; a "change failed" toast would contradict a used one.
            logFailure('email change activation', outcome.error);
            setResult({ token, state: refusal });
            return;
          }
          present(activateEmailChangeCatalogue[outcome.failure], outcome);
          setResult({ token, state: 'failed' });
          return;
        }
        // The server has revoked every session of the account (openapi.yaml activateEmailChange).
        onSignedOut();
        setResult({ token, state: 'done' });
      },
      (error: unknown) => {
        logOrReport(error);
        setResult({ token, state: 'failed' });
      },
    );
  }, [api, token, present, logOrReport, onSignedOut]);

  return (
    <>
      <NoReferrer />
      {state === 'activating' && (
        <>
          <h1 className={screenText.title}>
            {intl.formatMessage({ id: 'account.emailChangeActivation.title' })}
          </h1>
          <LoadingIndicator label={intl.formatMessage({ id: 'account.emailChangeActivation.activating' })} />
        </>
      )}
      {state === 'done' && (
        <>
          <h1 className={screenText.title}>
            {intl.formatMessage({ id: 'account.emailChangeActivation.doneTitle' })}
          </h1>
          <p className={screenText.text}>
            {intl.formatMessage({ id: 'account.emailChangeActivation.doneBody' })}
          </p>
          <p className={screenText.text}>
            <Link href={routes.signIn}>{intl.formatMessage({ id: 'account.common.toTopPage' })}</Link>
          </p>
        </>
      )}
      {typeof state === 'object' && (
        <>
          <h1 className={screenText.title}>{intl.formatMessage({ id: refusalText(state).title })}</h1>
          <p className={screenText.text}>
            {intl.formatMessage(
              { id: refusalText(state).body },
              state.code === 'expired' ? { expiredAt: state.expiredAt } : undefined,
            )}
          </p>
          <p className={screenText.text}>
            <Link href={routes.signIn}>{intl.formatMessage({ id: 'account.common.toTopPage' })}</Link>
          </p>
        </>
      )}
      {state === 'failed' && (
        <>
          <h1 className={screenText.title}>
            {intl.formatMessage({ id: 'account.emailChangeActivation.failedTitle' })}
          </h1>
          <p className={screenText.text}>
            {intl.formatMessage({ id: 'account.emailChangeActivation.failedBody' })}
          </p>
          <p className={screenText.text}>
            <Link href={routes.signIn}>{intl.formatMessage({ id: 'account.common.toTopPage' })}</Link>
          </p>
        </>
      )}
    </>
  );
}
