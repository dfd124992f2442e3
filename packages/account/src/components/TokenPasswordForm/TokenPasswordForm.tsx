import { useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { ApiError, FinishRequest, TokenRequest } from '@pre-admission/api';
import type { MessageId } from '@pre-admission/i18n';
import { Form, Link, LoadingIndicator } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';
import { routes } from '../../routes';
import type { Presentation } from '../../failures/catalogue';
import { useAccountForm } from '../../failures/useAccountForm';
import { newPasswordSchemaWith } from '../../validation/schemas';
import { useCommonPasswordCheck } from '../../validation/useCommonPasswordCheck';
import { FormActions } from '../FormActions';
import { AccountUsername, NewPasswordFields } from '../NewPasswordFields';
import { InvalidLinkAlert, type Renewed } from '../InvalidLinkAlert';
import type { MailKind } from '../MailResend';
import { MaintenanceNotice } from '../MaintenanceNotice';
import { NoReferrer } from '../NoReferrer';
import { useTokenRequest } from './useTokenRequest';
import * as styles from './TokenPasswordForm.css';
import * as screenText from '../ScreenText/ScreenText.css';

type Finished<Failure extends string> = { ok: true } | { ok: false; failure: Failure; error: unknown };

export interface TokenPasswordFormProps<Failure extends string> {
  token: string;
  /** For the log: 'registration' or 'password reset'. */
  flow: string;
  text: { title: MessageId; lead: MessageId; submit: MessageId; requestNewLink: MessageId };
  read: (
    token: string,
  ) => Promise<{ ok: true; data: TokenRequest } | { ok: false; failure: 'invalidToken'; error: ApiError }>;
  finish: (token: string, body: FinishRequest) => Promise<Finished<Failure>>;
  /** docs/behaviour.md#error-catalogue: finish errors are only logged (and toasted). */
  finishCatalogue: Readonly<Record<Failure, Presentation>>;
  /** Where to go when the password is set; the token page is replaced in the history. */
  completeHref: string;
  /** Where a new link is requested, offered when the token is invalid. */
  requestHref: string;
  /** An expired link's alert offers a new link to the same address (docs/behaviour.md#link-states). */
  renewal?: { renew: (token: string) => Promise<Renewed>; mailKind: MailKind; sentHref: string };
  /** docs/behaviour.md#product: the maintenance notice shows on the registration pages. */
  showMaintenance?: boolean;
}

/**
 * The token pages `/registrations/{id}` and `/password-reset/{id}` (docs/behaviour.md#routes): read the request by its token
 * and show its email; ask for the new password and its confirmation; an invalid token gives the alert
 * 'URL is invalid' and `/` (docs/behaviour.md#error-catalogue). No referrer leaves these pages.
 */
export function TokenPasswordForm<Failure extends string>({
  token,
  flow,
  text,
  read,
  finish,
  finishCatalogue,
  completeHref,
  requestHref,
  renewal,
  showMaintenance = false,
}: TokenPasswordFormProps<Failure>) {
  const intl = useIntl();
  const { navigate } = useAccount();
  const request = useTokenRequest(token, read);
  const isCommon = useCommonPasswordCheck(request.status === 'ready' ? request.email : undefined);
  const schema = useMemo(() => newPasswordSchemaWith(isCommon), [isCommon]);
  const { failures, pending, formProps } = useAccountForm(
    schema,
    flow,
    async ({ newPassword }, presenter) => {
      const outcome = await finish(token, { password: newPassword });
      if (!outcome.ok) return presenter.present(finishCatalogue[outcome.failure], outcome);
      navigate(completeHref, { replace: true });
    },
    { onlyLogged: true },
  );
  const { logOrReport } = failures;

  // docs/behaviour.md#error-catalogue: a token read that fails other than 404 is only logged (and toasted, so it is not silent).
  useEffect(() => {
    if (request.status === 'failed') logOrReport(request.error);
  }, [request, logOrReport]);

  return (
    <>
      <NoReferrer />
      <h1 className={screenText.title}>
        {/* While the link is checked the page says so: it may be one that can set no password. */}
        {intl.formatMessage({ id: request.status === 'loading' ? 'account.tokenPage.checking' : text.title })}
      </h1>
      {showMaintenance && <MaintenanceNotice />}
      {request.status === 'loading' && <LoadingIndicator />}
      {request.status === 'failed' && (
        <>
          <p className={screenText.text}>{intl.formatMessage({ id: 'account.tokenPage.loadFailed' })}</p>
          <p className={screenText.text}>
            <Link href={routes.signIn}>{intl.formatMessage({ id: 'account.common.toTopPage' })}</Link>
          </p>
        </>
      )}
      {request.status === 'ready' && (
        <>
          <p className={screenText.text}>{intl.formatMessage({ id: text.lead })}</p>
          <dl className={styles.account}>
            <dt className={styles.accountLabel}>{intl.formatMessage({ id: 'account.field.email' })}</dt>
            <dd className={styles.accountEmail}>{request.email}</dd>
          </dl>
          <Form {...formProps}>
            <AccountUsername email={request.email} />
            <NewPasswordFields />
            <FormActions submit={text.submit} pending={pending} />
          </Form>
        </>
      )}
      <InvalidLinkAlert
        isOpen={request.status === 'invalid'}
        refusal={request.status === 'invalid' ? request.refusal : undefined}
        flow={flow === 'registration' ? 'registration' : 'passwordReset'}
        requestHref={requestHref}
        requestLabel={text.requestNewLink}
        renewal={renewal && { ...renewal, renew: () => renewal.renew(token) }}
      />
    </>
  );
}
