import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ConfirmationRequest } from '@pre-admission/api';
import { useMessageParts } from '@pre-admission/i18n';
import { Banner, Button, Dialog, Form, PasswordField, TextField } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';
import { AccountUsername } from '../NewPasswordFields';
import { FormActions } from '../FormActions';
import { confirmSignInCatalogue } from '../../failures/catalogue';
import { useAccountForm } from '../../failures/useAccountForm';
import {
  confirmationSchema,
  confirmationWithCodeSchema,
  normaliseCode,
  normaliseRecoveryCode,
} from '../../validation/schemas';
import { usePasskeyForm, usePasskeySupport } from '../../passkey/usePasskeyForm';
import * as screenText from '../ScreenText/ScreenText.css';
import * as styles from './Confirmation.css';

/** What an operation of the page answers: a success, or a failure with its code. */
type Outcome = { readonly ok: true } | { readonly ok: false; readonly failure: string };

/**
 * Runs a sensitive change (docs/security.md#recent-sign-in: the e-mail address, the password, passkeys, the
 * authenticator app). When the server answers `confirmation_required`, the applicant confirms it is them and
 * the change is tried once more; when they close the dialog instead, the answer is undefined and nothing else
 * happens.
 */
export type Confirmed = <Result extends Outcome>(
  change: () => Promise<Result>,
) => Promise<Result | undefined>;

const ConfirmationContext = createContext<Confirmed | null>(null);

export function useConfirmed(): Confirmed {
  const confirmed = useContext(ConfirmationContext);
  if (!confirmed) throw new Error('useConfirmed needs a <ConfirmationProvider>.');
  return confirmed;
}

/** Holds the "Confirm it is you" dialog of the page and the change waiting for it. */
export function ConfirmationProvider({ children }: { children: ReactNode }) {
  // The dialog's words, and the toast of a refused retry, are the security part's (apps/web fetches it with
  // the screens that hold this provider, so nothing waits).
  useMessageParts('security');
  const [open, setOpen] = useState(false);
  const waiting = useRef<((confirmed: boolean) => void) | undefined>(undefined);

  const settle = useCallback((confirmed: boolean) => {
    waiting.current?.(confirmed);
    waiting.current = undefined;
    setOpen(false);
  }, []);

  const confirmed = useCallback<Confirmed>(async (change) => {
    const first = await change();
    if (first.ok || first.failure !== 'confirmationRequired') return first;
    const isConfirmed = await new Promise<boolean>((resolve) => {
      waiting.current = resolve;
      setOpen(true);
    });
    // A second confirmation_required (a clock far off) is not asked again: the catalogue's toast says it.
    return isConfirmed ? change() : undefined;
  }, []);

  return (
    <ConfirmationContext.Provider value={confirmed}>
      {children}
      <ConfirmationDialog isOpen={open} onConfirmed={() => settle(true)} onClose={() => settle(false)} />
    </ConfirmationContext.Provider>
  );
}

interface ConfirmationDialogProps {
  isOpen: boolean;
  onConfirmed: () => void;
  onClose: () => void;
}

/**
 * 「本人確認」/ "Confirm it is you": the password, or a passkey of this account (the browser's dialog over
 * `startPasskeySignIn`'s challenge, as at sign-in). A wrong password is the field's message, as at sign-in.
 * An account with two-step sign-in is asked for a code too (issue 39, item 3): the server says so
 * (`code_required`) and the form shows the code field under the password, which it keeps.
 */
function ConfirmationDialog({ isOpen, onConfirmed, onClose }: ConfirmationDialogProps) {
  const intl = useIntl();
  return (
    <Dialog
      title={intl.formatMessage({ id: 'account.security.confirm.title' })}
      isOpen={isOpen}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      {isOpen && <ConfirmationForm onConfirmed={onConfirmed} />}
    </Dialog>
  );
}

/** The app's code (six digits) or a recovery code, told apart by their shape, as the server takes them. */
function withSecondFactor(password: string, code: string): ConfirmationRequest {
  if (!code) return { password };
  const digits = normaliseCode(code);
  return /^[0-9]{6}$/.test(digits)
    ? { password, code: digits }
    : { password, recoveryCode: normaliseRecoveryCode(code) };
}

function ConfirmationForm({ onConfirmed }: { onConfirmed: () => void }) {
  const intl = useIntl();
  const { api, session } = useAccount();
  const withPasskey = usePasskeySupport();
  const [needsCode, setNeedsCode] = useState(false);
  const { pending, formProps } = useAccountForm(
    needsCode ? confirmationWithCodeSchema : confirmationSchema,
    'confirmation',
    async ({ password, code }, failures) => {
      const outcome = await api.confirmSignIn(withSecondFactor(password, code));
      // Not a mistake of the applicant's: the account has two-step sign-in. The code field appears, with why.
      if (!outcome.ok && outcome.failure === 'codeRequired' && !needsCode) return setNeedsCode(true);
      if (!outcome.ok) return failures.present(confirmSignInCatalogue[outcome.failure], outcome);
      onConfirmed();
    },
  );
  return (
    <div className={styles.root}>
      <Form {...formProps}>
        <p className={screenText.text}>
          {intl.formatMessage({
            id: withPasskey ? 'account.security.confirm.lead' : 'account.security.confirm.passwordOnlyLead',
          })}
        </p>
        {session.email && <AccountUsername email={session.email} />}
        <PasswordField
          name="password"
          label={intl.formatMessage({ id: 'account.field.password' })}
          autoComplete="current-password"
          isRequired
        />
        {needsCode && (
          <>
            <Banner tone="info" announce>
              {intl.formatMessage({ id: 'account.security.confirm.codeRequired' })}
            </Banner>
            <TextField
              name="code"
              label={intl.formatMessage({ id: 'account.security.confirm.code' })}
              description={intl.formatMessage({ id: 'account.security.confirm.code.description' })}
              autoComplete="one-time-code"
              spellCheck={false}
              maxLength={20}
              isRequired
            />
          </>
        )}
        <FormActions submit="account.security.confirm.submit" pending={pending} />
      </Form>
      {withPasskey && <ConfirmWithPasskey onConfirmed={onConfirmed} />}
    </div>
  );
}

/** The same confirmation with a passkey: a passkey of another account is refused by the server. */
function ConfirmWithPasskey({ onConfirmed }: { onConfirmed: () => void }) {
  const intl = useIntl();
  const { api } = useAccount();
  const passkey = usePasskeyForm('confirmation with a passkey', async (assertion, failures) => {
    const outcome = await api.confirmSignIn({ passkey: assertion });
    if (!outcome.ok) return failures.present(confirmSignInCatalogue[outcome.failure], outcome);
    onConfirmed();
  });
  return (
    <>
      {passkey.cancelled && (
        <Banner tone="info" announce>
          {intl.formatMessage({ id: 'account.security.confirm.passkeyCancelled' })}
        </Banner>
      )}
      <Form
        {...passkey.formProps}
        aria-label={intl.formatMessage({ id: 'account.security.confirm.passkey' })}
      >
        <Button type="submit" variant="secondary" isPending={passkey.pending}>
          {intl.formatMessage({ id: 'account.security.confirm.passkey' })}
        </Button>
      </Form>
    </>
  );
}
