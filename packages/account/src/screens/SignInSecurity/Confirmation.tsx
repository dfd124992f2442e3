import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Banner, Button, Dialog, Form, PasswordField } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';
import { AccountUsername } from '../../components/NewPasswordFields';
import { FormActions } from '../../components/FormActions';
import { confirmSignInCatalogue } from '../../failures/catalogue';
import { useAccountForm } from '../../failures/useAccountForm';
import { confirmationSchema } from '../../validation/schemas';
import { usePasskeyForm, usePasskeySupport } from '../../passkey/usePasskeyForm';
import * as screenText from '../../components/ScreenText/ScreenText.css';
import * as styles from './SignInSecurity.css';

/** What an operation of the page answers: a success, or a failure with its code. */
type Outcome = { readonly ok: true } | { readonly ok: false; readonly failure: string };

/**
 * Runs a sensitive change (docs/security.md#recent-sign-in). When the server answers `confirmation_required`,
 * the applicant confirms it is them and the change is tried once more; when they close the dialog instead,
 * the answer is undefined and nothing else happens.
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

function ConfirmationForm({ onConfirmed }: { onConfirmed: () => void }) {
  const intl = useIntl();
  const { api, session } = useAccount();
  const withPasskey = usePasskeySupport();
  const { pending, formProps } = useAccountForm(
    confirmationSchema,
    'confirmation',
    async ({ password }, failures) => {
      const outcome = await api.confirmSignIn({ password });
      if (!outcome.ok) return failures.present(confirmSignInCatalogue[outcome.failure], outcome);
      onConfirmed();
    },
  );
  return (
    <div className={styles.section}>
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
