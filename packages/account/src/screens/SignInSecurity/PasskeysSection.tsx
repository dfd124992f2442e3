import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import type { MessageId } from '@pre-admission/i18n';
import type { Passkey, PasskeyAttestation } from '@pre-admission/api';
import { Banner, Button, Dialog, Form, TextField, visuallyHidden } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';
import { FormActions } from '../../components/FormActions';
import {
  addPasskeyCatalogue,
  removePasskeyCatalogue,
  renamePasskeyCatalogue,
  startAddingPasskeyCatalogue,
  type Presentation,
} from '../../failures/catalogue';
import { useAccountForm } from '../../failures/useAccountForm';
import { noFieldsSchema, passkeyNameSchema } from '../../validation/schemas';
import { useConfirmed } from '../../components/Confirmation';
import { describeDevice } from './deviceName';
import * as screenText from '../../components/ScreenText/ScreenText.css';
import * as styles from './SignInSecurity.css';

/** What the page does for a section: show a failure on the page (a toast), say a change is done, read again. */
export interface SectionProps {
  presentOnPage: (presentation: Presentation, details: { error: unknown; retryAfter?: number }) => void;
  notify: (message: string) => void;
  reload: () => void;
}

/**
 * A change the server refused: a message of the form's own (a field's, the wait) stays in the dialog; one for
 * the page (a toast) closes the dialog first and, with `reload`, reads the page again (another tab may have
 * made the change meanwhile).
 */
export function presentRefusal(
  presentation: Presentation,
  details: { error: unknown; retryAfter?: number },
  failures: {
    present: (presentation: Presentation, details: { error: unknown; retryAfter?: number }) => void;
  },
  page: Pick<SectionProps, 'presentOnPage'> & { done: () => void; reload?: () => void },
): void {
  if (presentation.kind !== 'toast') return failures.present(presentation, details);
  page.done();
  page.reload?.();
  page.presentOnPage(presentation, details);
}

/** A form in one of the page's dialogs: what the page does, and closing the dialog. */
export type DialogFormProps = SectionProps & { done: () => void };

type Dialogs = { kind: 'add' } | { kind: 'rename'; passkey: Passkey } | { kind: 'remove'; passkey: Passkey };

export interface PasskeysSectionProps extends SectionProps {
  passkeys: readonly Passkey[];
  /** `browserSupportsWebAuthn()`: without WebAuthn the page says why no passkey can be added here. */
  canAdd: boolean;
  /** Whether the authenticator app is on: without it, removing the last passkey leaves only the password. */
  appOn: boolean;
}

/** The passkeys of the account, newest first, with Add, and Rename and Remove on each. */
export function PasskeysSection({ passkeys, canAdd, appOn, ...page }: PasskeysSectionProps) {
  const intl = useIntl();
  const [open, setOpen] = useState<Dialogs>();
  // The dialog keeps its title and content while it animates out, rather than flipping to another's.
  const [dialog, setDialog] = useState<Dialogs>();
  const show = (next: Dialogs) => {
    setDialog(next);
    setOpen(next);
  };
  const close = () => setOpen(undefined);
  // The visible "Rename" stays the start of the name (WCAG 2.5.3); the passkey's name follows, for screen readers.
  const which = (passkey: Passkey) =>
    intl.formatMessage({ id: 'account.security.passkeys.whichPasskey' }, { name: passkey.name });
  const date = (value: Date) => intl.formatDate(value, { dateStyle: 'long', timeStyle: 'short' });
  return (
    <section className={styles.section} aria-labelledby="passkeys-title">
      <h2 id="passkeys-title" className={styles.sectionTitle}>
        {intl.formatMessage({ id: 'account.security.passkeys.title' })}
      </h2>
      <p className={screenText.text}>{intl.formatMessage({ id: 'account.security.passkeys.lead' })}</p>
      {passkeys.length === 0 ? (
        <p className={screenText.text}>{intl.formatMessage({ id: 'account.security.passkeys.none' })}</p>
      ) : (
        <ul className={styles.list}>
          {passkeys.map((passkey) => (
            <li key={passkey.id} className={styles.item}>
              <div className={styles.itemText}>
                <p className={styles.itemName}>{passkey.name}</p>
                <p className={styles.detail}>
                  {intl.formatMessage(
                    { id: 'account.security.passkeys.added' },
                    { date: date(passkey.createdAt) },
                  )}
                </p>
                <p className={styles.detail}>
                  {passkey.lastUsedAt
                    ? intl.formatMessage(
                        { id: 'account.security.passkeys.lastUsed' },
                        { date: date(passkey.lastUsedAt) },
                      )
                    : intl.formatMessage({ id: 'account.security.passkeys.neverUsed' })}
                </p>
                <p className={styles.detail}>
                  {intl.formatMessage({
                    id: passkey.synced
                      ? 'account.security.passkeys.synced'
                      : 'account.security.passkeys.deviceOnly',
                  })}
                </p>
              </div>
              <div className={styles.itemActions}>
                <Button variant="secondary" onPress={() => show({ kind: 'rename', passkey })}>
                  {intl.formatMessage({ id: 'account.security.passkeys.rename' })}
                  <span className={visuallyHidden}>{which(passkey)}</span>
                </Button>
                <Button variant="secondary" onPress={() => show({ kind: 'remove', passkey })}>
                  {intl.formatMessage({ id: 'account.security.passkeys.remove' })}
                  <span className={visuallyHidden}>{which(passkey)}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {canAdd ? (
        <div>
          <Button variant="secondary" onPress={() => show({ kind: 'add' })}>
            {intl.formatMessage({ id: 'account.security.passkeys.add' })}
          </Button>
        </div>
      ) : (
        <Banner tone="info">{intl.formatMessage({ id: 'account.security.passkeys.unsupported' })}</Banner>
      )}
      <Dialog
        title={intl.formatMessage(
          {
            id:
              dialog?.kind === 'rename'
                ? 'account.security.passkeys.renameTitle'
                : dialog?.kind === 'remove'
                  ? 'account.security.passkeys.removeTitle'
                  : 'account.security.passkeys.add',
          },
          { name: dialog && 'passkey' in dialog ? dialog.passkey.name : '' },
        )}
        isOpen={open !== undefined}
        dismiss="cancel"
        onOpenChange={(next) => {
          if (!next) close();
        }}
      >
        {dialog?.kind === 'add' && <AddPasskeyForm {...page} done={close} />}
        {dialog?.kind === 'rename' && <RenamePasskeyForm {...page} passkey={dialog.passkey} done={close} />}
        {dialog?.kind === 'remove' && (
          <RemovePasskeyForm
            {...page}
            passkey={dialog.passkey}
            last={!appOn && passkeys.length === 1}
            done={close}
          />
        )}
      </Dialog>
    </section>
  );
}

/**
 * What the browser's own dialog ended with: NotAllowedError is the applicant closing it, or its time running
 * out (browsers do not tell the two apart, on purpose); InvalidStateError is an authenticator that already
 * holds one of the account's passkeys (the options' excludeCredentials).
 */
function browserFailureMessage(error: unknown): MessageId {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError') return 'account.security.passkeys.cancelled';
  if (name === 'InvalidStateError') return 'account.security.error.passkeyExists';
  return 'account.security.passkeys.browserFailed';
}

/** The device's own name for a new passkey ("Chrome on Android"), which the applicant may change. */
function useSuggestedName(): string {
  const intl = useIntl();
  const { browser, os } = describeDevice(navigator as Navigator & Parameters<typeof describeDevice>[0]);
  if (browser && os)
    return intl.formatMessage({ id: 'account.security.passkeys.deviceName' }, { browser, os });
  return browser ?? os ?? intl.formatMessage({ id: 'account.security.passkeys.thisDevice' });
}

/**
 * Adding: the name, then the server's options (a recent sign-in first, if need be), then the browser's own
 * dialog (`startRegistration`), then the attestation to the server. A browser dialog the applicant closed or
 * that timed out says so in the form, which stays for another try.
 */
function AddPasskeyForm({ presentOnPage, notify, reload, done }: DialogFormProps) {
  const intl = useIntl();
  const { api } = useAccount();
  const confirmed = useConfirmed();
  const suggested = useSuggestedName();
  const [browserFailure, setBrowserFailure] = useState<string>();
  const { pending, formProps } = useAccountForm(
    passkeyNameSchema,
    'passkey add',
    async ({ name }, failures) => {
      setBrowserFailure(undefined);
      const options = await confirmed(() => api.startAddingPasskey());
      if (!options) return;
      if (!options.ok)
        return presentRefusal(startAddingPasskeyCatalogue[options.failure], options, failures, {
          done,
          presentOnPage,
        });
      let credential: PasskeyAttestation;
      try {
        const response = await startRegistration({
          // The contract types WebAuthn's enumerations as strings; the server sends WebAuthn's own values.
          optionsJSON: options.data as PublicKeyCredentialCreationOptionsJSON,
        });
        // The extensions' outputs are the browser's own; the site asks for none and the contract takes none.
        credential = { ...response, clientExtensionResults: {} };
      } catch (error) {
        setBrowserFailure(intl.formatMessage({ id: browserFailureMessage(error) }));
        return;
      }
      const added = await confirmed(() => api.addPasskey({ name, credential }));
      if (!added) return;
      if (!added.ok)
        return presentRefusal(addPasskeyCatalogue[added.failure], added, failures, {
          done,
          presentOnPage,
        });
      done();
      notify(intl.formatMessage({ id: 'account.security.passkeys.addedNotice' }));
      reload();
    },
  );
  // The browser's failure is said in the form's summary, as the server's are (a new object only when it changes).
  const errors = useMemo(
    () => (browserFailure ? { ...formProps.errors, form: browserFailure } : formProps.errors),
    [browserFailure, formProps.errors],
  );
  return (
    <Form {...formProps} errors={errors}>
      <p className={screenText.text}>{intl.formatMessage({ id: 'account.security.passkeys.addLead' })}</p>
      <PasskeyNameField defaultValue={suggested} />
      <FormActions submit="account.security.passkeys.addSubmit" pending={pending} />
    </Form>
  );
}

/** The passkey's name, as adding and renaming ask for it (openapi.yaml PasskeyName: 1 to 60 characters). */
function PasskeyNameField({ defaultValue }: { defaultValue: string }) {
  const intl = useIntl();
  return (
    <TextField
      name="name"
      label={intl.formatMessage({ id: 'account.security.passkeys.name' })}
      description={intl.formatMessage({ id: 'account.security.passkeys.nameHint' })}
      defaultValue={defaultValue}
      maxLength={60}
      autoComplete="off"
      isRequired
    />
  );
}

function RenamePasskeyForm({
  passkey,
  presentOnPage,
  notify,
  reload,
  done,
}: DialogFormProps & { passkey: Passkey }) {
  const intl = useIntl();
  const { api } = useAccount();
  const { pending, formProps } = useAccountForm(
    passkeyNameSchema,
    'passkey rename',
    async ({ name }, failures) => {
      const outcome = await api.renamePasskey(passkey.id, name);
      if (!outcome.ok)
        return presentRefusal(renamePasskeyCatalogue[outcome.failure], outcome, failures, {
          done,
          reload,
          presentOnPage,
        });
      done();
      notify(intl.formatMessage({ id: 'account.security.passkeys.renamedNotice' }));
      reload();
    },
  );
  return (
    <Form {...formProps}>
      <PasskeyNameField defaultValue={passkey.name} />
      <FormActions submit="account.security.passkeys.renameSubmit" pending={pending} />
    </Form>
  );
}

function RemovePasskeyForm({
  passkey,
  last,
  presentOnPage,
  notify,
  reload,
  done,
}: DialogFormProps & { passkey: Passkey; last: boolean }) {
  const intl = useIntl();
  const { api } = useAccount();
  const confirmed = useConfirmed();
  const { pending, formProps } = useAccountForm(
    noFieldsSchema,
    'passkey removal',
    async (_values, failures) => {
      const outcome = await confirmed(() => api.removePasskey(passkey.id));
      if (!outcome) return;
      if (!outcome.ok)
        return presentRefusal(removePasskeyCatalogue[outcome.failure], outcome, failures, {
          done,
          reload,
          presentOnPage,
        });
      done();
      notify(intl.formatMessage({ id: 'account.security.passkeys.removedNotice' }));
      reload();
    },
  );
  return (
    <Form {...formProps}>
      <p className={screenText.text}>{intl.formatMessage({ id: 'account.security.passkeys.removeLead' })}</p>
      {/* The last second factor: only the password is left after it (issue 39 item 6). */}
      {last && (
        <Banner tone="warning">
          {intl.formatMessage({ id: 'account.security.passkeys.removeLastWarning' })}
        </Banner>
      )}
      <FormActions submit="account.security.passkeys.remove" pending={pending} destructive />
    </Form>
  );
}
