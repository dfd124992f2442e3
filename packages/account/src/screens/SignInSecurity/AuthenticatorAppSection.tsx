import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { AuthenticatorApp, AuthenticatorSetup } from '@pre-admission/api';
import { Banner, Button, Dialog, Form, TextField } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';
import { FormActions } from '../../components/FormActions';
import {
  disableAuthenticatorAppCatalogue,
  enableAuthenticatorAppCatalogue,
  renewRecoveryCodesCatalogue,
  startAuthenticatorAppSetupCatalogue,
} from '../../failures/catalogue';
import { useAccountForm } from '../../failures/useAccountForm';
import { useSubmit } from '../../failures/useSubmit';
import { authenticatorCodeSchema, noFieldsSchema } from '../../validation/schemas';
import { useConfirmed } from '../../components/Confirmation';
import { presentRefusal, type DialogFormProps, type SectionProps } from './PasskeysSection';
import { QrCode } from './QrCode';
import { RecoveryCodes } from './RecoveryCodes';
import * as screenText from '../../components/ScreenText/ScreenText.css';
import * as styles from './SignInSecurity.css';

export interface AuthenticatorAppSectionProps extends SectionProps {
  app: AuthenticatorApp;
  /** Whether the account has a passkey: without one, turning the app off leaves only the password. */
  hasPasskeys: boolean;
}

/** The Base32 key in groups of four, as authenticator apps show keys: easier to read out and to type. */
export const groupKey = (key: string) => key.match(/.{1,4}/g)?.join(' ') ?? key;

/**
 * The authenticator app (docs/security.md#second-factor): off → "Set up" (QR code, the key as text, the first
 * code) → on, with the ten recovery codes shown once; then how many codes are left, new codes, and turning it
 * off. Setting up, turning off and new codes need a recent sign-in (the page's confirmation dialog).
 */
export function AuthenticatorAppSection({ app, hasPasskeys, ...page }: AuthenticatorAppSectionProps) {
  const intl = useIntl();
  const { api } = useAccount();
  const confirmed = useConfirmed();
  const [setup, setSetup] = useState<AuthenticatorSetup>();
  const [codes, setCodes] = useState<readonly string[]>();
  const [open, setOpen] = useState(false);
  // The dialog keeps its title and content while it animates out, rather than flipping to the other's.
  const [dialog, setDialog] = useState<'turnOff' | 'renew'>();
  const show = (next: 'turnOff' | 'renew') => {
    setDialog(next);
    setOpen(true);
  };
  const close = () => setOpen(false);
  const { submit: startSetup, pending: starting } = useSubmit(async () => {
    const outcome = await confirmed(() => api.startAuthenticatorAppSetup());
    if (!outcome) return;
    if (!outcome.ok) {
      page.reload();
      return page.presentOnPage(startAuthenticatorAppSetupCatalogue[outcome.failure], outcome);
    }
    setSetup(outcome.data);
  });

  const showCodes = (recoveryCodes: readonly string[]) => {
    setSetup(undefined);
    close();
    setCodes(recoveryCodes);
    page.reload();
  };

  return (
    <section className={styles.section} aria-labelledby="app-title">
      <h2 id="app-title" className={styles.sectionTitle}>
        {intl.formatMessage({ id: 'account.security.app.title' })}
      </h2>
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(undefined)} />
      ) : setup ? (
        <SetupForm setup={setup} onCancel={() => setSetup(undefined)} onOn={showCodes} {...page} />
      ) : app.on ? (
        <>
          <p className={screenText.text}>
            {intl.formatMessage(
              { id: 'account.security.app.on' },
              { date: app.onSince ? intl.formatDate(app.onSince, { dateStyle: 'long' }) : '' },
            )}
          </p>
          <p className={screenText.text}>
            {intl.formatMessage({ id: 'account.security.codes.left' }, { count: app.recoveryCodesLeft })}
          </p>
          <div className={styles.actions}>
            <Button variant="secondary" onPress={() => show('renew')}>
              {intl.formatMessage({ id: 'account.security.codes.renew' })}
            </Button>
            <Button variant="secondary" onPress={() => show('turnOff')}>
              {intl.formatMessage({ id: 'account.security.app.turnOff' })}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className={screenText.text}>{intl.formatMessage({ id: 'account.security.app.offLead' })}</p>
          <div>
            <Button variant="secondary" isPending={starting} onPress={() => void startSetup()}>
              {intl.formatMessage({ id: 'account.security.app.setUp' })}
            </Button>
          </div>
        </>
      )}
      <Dialog
        title={intl.formatMessage({
          id: dialog === 'renew' ? 'account.security.codes.renewTitle' : 'account.security.app.turnOffTitle',
        })}
        isOpen={open}
        dismiss="cancel"
        onOpenChange={(next) => {
          if (!next) close();
        }}
      >
        {dialog === 'renew' && <RenewForm {...page} onCodes={showCodes} done={close} />}
        {dialog === 'turnOff' && <TurnOffForm {...page} last={!hasPasskeys} done={close} />}
      </Dialog>
    </section>
  );
}

interface SetupFormProps extends SectionProps {
  setup: AuthenticatorSetup;
  onCancel: () => void;
  onOn: (recoveryCodes: readonly string[]) => void;
}

function SetupForm({ setup, onCancel, onOn, presentOnPage, reload }: SetupFormProps) {
  const intl = useIntl();
  const { api } = useAccount();
  const confirmed = useConfirmed();
  const { pending, formProps } = useAccountForm(
    authenticatorCodeSchema,
    'authenticator app on',
    async ({ code }, failures) => {
      const outcome = await confirmed(() => api.enableAuthenticatorApp(code.replace(/\s/g, '')));
      if (!outcome) return;
      if (!outcome.ok)
        return presentRefusal(enableAuthenticatorAppCatalogue[outcome.failure], outcome, failures, {
          done: onCancel,
          reload,
          presentOnPage,
        });
      onOn(outcome.data);
    },
  );
  return (
    <Form {...formProps}>
      <p className={screenText.text}>{intl.formatMessage({ id: 'account.security.app.scan' })}</p>
      <QrCode value={setup.uri} label={intl.formatMessage({ id: 'account.security.app.qrLabel' })} />
      <p className={screenText.text}>{intl.formatMessage({ id: 'account.security.app.keyLead' })}</p>
      <p className={styles.keyLine}>
        <code className={styles.key} data-testid="authenticator-key">
          {groupKey(setup.key)}
        </code>
      </p>
      <p className={screenText.text}>{intl.formatMessage({ id: 'account.security.app.codeStep' })}</p>
      <TextField
        name="code"
        label={intl.formatMessage({ id: 'account.security.app.code' })}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        isRequired
      />
      <FormActions submit="account.security.app.turnOn" pending={pending}>
        <Button variant="secondary" onPress={onCancel}>
          {intl.formatMessage({ id: 'account.security.app.cancelSetup' })}
        </Button>
      </FormActions>
    </Form>
  );
}

function RenewForm({
  onCodes,
  presentOnPage,
  reload,
  done,
}: DialogFormProps & { onCodes: (codes: readonly string[]) => void }) {
  const intl = useIntl();
  const { api } = useAccount();
  const confirmed = useConfirmed();
  const { pending, formProps } = useAccountForm(
    noFieldsSchema,
    'recovery code renewal',
    async (_values, failures) => {
      const outcome = await confirmed(() => api.renewRecoveryCodes());
      if (!outcome) return;
      if (!outcome.ok)
        return presentRefusal(renewRecoveryCodesCatalogue[outcome.failure], outcome, failures, {
          done,
          reload,
          presentOnPage,
        });
      onCodes(outcome.data);
    },
  );
  return (
    <Form {...formProps}>
      <p className={screenText.text}>{intl.formatMessage({ id: 'account.security.codes.renewLead' })}</p>
      <FormActions submit="account.security.codes.renew" pending={pending} />
    </Form>
  );
}

function TurnOffForm({ presentOnPage, notify, reload, done, last }: DialogFormProps & { last: boolean }) {
  const intl = useIntl();
  const { api } = useAccount();
  const confirmed = useConfirmed();
  const { pending, formProps } = useAccountForm(
    noFieldsSchema,
    'authenticator app off',
    async (_values, failures) => {
      const outcome = await confirmed(() => api.disableAuthenticatorApp());
      if (!outcome) return;
      if (!outcome.ok)
        return presentRefusal(disableAuthenticatorAppCatalogue[outcome.failure], outcome, failures, {
          done,
          reload,
          presentOnPage,
        });
      done();
      notify(intl.formatMessage({ id: 'account.security.app.offNotice' }));
      reload();
    },
  );
  return (
    <Form {...formProps}>
      <p className={screenText.text}>{intl.formatMessage({ id: 'account.security.app.turnOffLead' })}</p>
      {/* The last second factor: only the password is left after it (issue 39 item 6). */}
      {last && (
        <Banner tone="warning">
          {intl.formatMessage({ id: 'account.security.app.turnOffLastWarning' })}
        </Banner>
      )}
      <FormActions submit="account.security.app.turnOff" pending={pending} destructive />
    </Form>
  );
}
