import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { SecondStepMethod, SecondStepRequest } from '@pre-admission/api';
import { useMessageParts, type MessageId } from '@pre-admission/i18n';
import { Banner, Button, Form, TextField } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';
import { FormActions } from '../../components/FormActions';
import { finishSignInCatalogue } from '../../failures/catalogue';
import { useAccountForm } from '../../failures/useAccountForm';
import { cancelPasskeyCeremony } from '../../passkey/ceremony';
import { usePasskeyForm, usePasskeySupport } from '../../passkey/usePasskeyForm';
import { routes } from '../../routes';
import { clearPendingSecondStep, readPendingSecondStep, type PendingSecondStep } from '../../secondStep';
import {
  authenticatorCodeSchema,
  normaliseCode,
  normaliseRecoveryCode,
  recoveryCodeSchema,
} from '../../validation/schemas';
import * as styles from './SignInSecondStep.css';
import * as screenText from '../../components/ScreenText/ScreenText.css';

const leads = {
  authenticatorApp: 'account.secondStep.lead.authenticatorApp',
  recoveryCode: 'account.secondStep.lead.recoveryCode',
  passkey: 'account.secondStep.lead.passkey',
} as const satisfies Record<SecondStepMethod, MessageId>;

const switches = {
  authenticatorApp: 'account.secondStep.useAuthenticatorApp',
  recoveryCode: 'account.secondStep.useRecoveryCode',
  passkey: 'account.secondStep.usePasskey',
} as const satisfies Record<SecondStepMethod, MessageId>;

/**
 * `/sign-in/second-step` (docs/security.md#second-factor): after a right password of an account with a
 * second factor, the code from the authenticator app, or a recovery code, or a passkey, as the sign-in's
 * answer offered them (kept for the tab, so a reload keeps the page; without them, back to sign-in). A
 * second step that is over (401: five minutes, or used) goes back to sign-in, which asks to sign in again
 * with the address kept; a wrong code is said on the field; a 429 says how long to wait.
 */
export function SignInSecondStep() {
  useMessageParts('secondStep');
  const { navigate } = useAccount();
  const [pending] = useState(readPendingSecondStep);
  useEffect(() => {
    if (!pending) navigate(routes.signIn, { replace: true });
  }, [navigate, pending]);
  return pending ? <SecondStep pending={pending} /> : null;
}

function SecondStep({ pending }: { pending: PendingSecondStep }) {
  const intl = useIntl();
  const { navigate, onSignedIn } = useAccount();
  const passkeys = usePasskeySupport();
  const offered = pending.methods.filter((method) => method !== 'passkey' || passkeys);
  const [method, setMethod] = useState<SecondStepMethod>(
    offered.includes('authenticatorApp') ? 'authenticatorApp' : (offered[0] ?? 'recoveryCode'),
  );
  // Leaving the page stops a passkey dialog still open.
  useEffect(() => cancelPasskeyCeremony, []);

  const signedIn = (email: string | undefined) => {
    clearPendingSecondStep();
    onSignedIn(email ?? pending.email);
    navigate(routes.applications, { replace: true });
  };

  return (
    <>
      <h1 className={screenText.title}>{intl.formatMessage({ id: 'account.secondStep.title' })}</h1>
      <p className={screenText.text}>{intl.formatMessage({ id: leads[method] })}</p>
      {method === 'passkey' ? (
        <PasskeyStep onSignedIn={signedIn} />
      ) : (
        <CodeStep key={method} method={method} onSignedIn={signedIn} />
      )}
      {offered.length > 1 && (
        <section className={styles.others} aria-labelledby="second-step-others">
          <h2 id="second-step-others" className={styles.subheading}>
            {intl.formatMessage({ id: 'account.secondStep.otherWays' })}
          </h2>
          {offered
            .filter((other) => other !== method)
            .map((other) => (
              <Button key={other} variant="quiet" onPress={() => setMethod(other)}>
                {intl.formatMessage({ id: switches[other] })}
              </Button>
            ))}
        </section>
      )}
    </>
  );
}

/** The app's code or a recovery code: one field, checked here first, then by the server. */
function CodeStep({
  method,
  onSignedIn,
}: {
  method: 'authenticatorApp' | 'recoveryCode';
  onSignedIn: (email: string | undefined) => void;
}) {
  const intl = useIntl();
  const { api } = useAccount();
  const recovery = method === 'recoveryCode';
  const { pending, formProps } = useAccountForm(
    recovery ? recoveryCodeSchema : authenticatorCodeSchema,
    'second step',
    async ({ code }, failures) => {
      const body: SecondStepRequest = recovery
        ? { recoveryCode: normaliseRecoveryCode(code) }
        : { code: normaliseCode(code) };
      const outcome = await api.finishSignIn(body);
      if (outcome.ok) return onSignedIn(outcome.data.email);
      // The table's message names the app's code; a refused recovery code is said in its own words.
      if (outcome.failure === 'wrongCode' && recovery)
        return failures.present(
          { kind: 'field', field: 'code', message: 'account.error.wrongRecoveryCode' },
          outcome,
        );
      return failures.present(finishSignInCatalogue[outcome.failure], outcome);
    },
  );
  return (
    <Form {...formProps}>
      {recovery ? (
        <TextField
          name="code"
          label={intl.formatMessage({ id: 'account.field.recoveryCode' })}
          description={intl.formatMessage({ id: 'account.field.recoveryCode.description' })}
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="none"
          maxLength={20}
          isRequired
        />
      ) : (
        <TextField
          name="code"
          label={intl.formatMessage({ id: 'account.field.code' })}
          description={intl.formatMessage({ id: 'account.field.code.description' })}
          inputMode="numeric"
          autoComplete="one-time-code"
          spellCheck={false}
          maxLength={12}
          isRequired
        />
      )}
      <FormActions submit="account.signIn.submit" pending={pending} />
    </Form>
  );
}

/** The second step with a passkey: the browser's dialog over a fresh challenge. */
function PasskeyStep({ onSignedIn }: { onSignedIn: (email: string | undefined) => void }) {
  const intl = useIntl();
  const { api } = useAccount();
  const passkey = usePasskeyForm('second step with a passkey', async (assertion, failures) => {
    const outcome = await api.finishSignIn({ passkey: assertion });
    if (outcome.ok) return onSignedIn(outcome.data.email);
    return failures.present(finishSignInCatalogue[outcome.failure], outcome);
  });
  return (
    <>
      {passkey.cancelled && (
        <Banner tone="info" announce>
          {intl.formatMessage({ id: 'account.secondStep.passkeyCancelled' })}
        </Banner>
      )}
      <Form {...passkey.formProps} aria-label={intl.formatMessage({ id: 'account.signIn.passkey' })}>
        <Button type="submit" isPending={passkey.pending}>
          {intl.formatMessage({ id: 'account.signIn.passkey' })}
        </Button>
      </Form>
    </>
  );
}
