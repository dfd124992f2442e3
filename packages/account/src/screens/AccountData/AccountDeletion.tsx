import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Banner, Button, Dialog, Form } from '@pre-admission/ui';
import { useAccount } from '../../AccountContext';
import { useConfirmed } from '../../components/Confirmation';
import { FormActions } from '../../components/FormActions';
import { SupportEmailLink } from '../../components/SupportEmailLink';
import { deleteAccountCatalogue } from '../../failures/catalogue';
import { useAccountForm } from '../../failures/useAccountForm';
import { routes } from '../../routes';
import { noFieldsSchema } from '../../validation/schemas';
import * as screenText from '../../components/ScreenText/ScreenText.css';
import { sectionTitle } from '../SignInSecurity/SignInSecurity.css';

type DeletionId =
  | 'title'
  | 'lead'
  | 'signIn'
  | 'plan'
  | 'applications'
  | 'mails'
  | 'stays'
  | 'final'
  | 'waiting'
  | 'start'
  | 'dialogTitle'
  | 'dialogText'
  | 'cancel'
  | 'refusedTitle';

/**
 * The applicant's own deletion (deleteAccount, docs/behaviour.md#delete-account), on `/your-data` below the
 * download: what goes and what stays, then "Delete your account…", which opens a dialog that asks once more
 * (keyboard: the dialog takes focus, Escape or "Keep my account" closes it). An old sign-in is confirmed in the
 * "Confirm it is you" dialog when the server asks (ConfirmationProvider), and the deletion is tried again. A
 * submitted application awaiting a decision: the page says why, what to do, and the desk's address. Done:
 * the done page, signed out.
 */
export function AccountDeletion() {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [awaiting, setAwaiting] = useState(false);
  const t = (id: DeletionId) => intl.formatMessage({ id: `account.security.deletion.${id}` });
  return (
    <section aria-labelledby="account-deletion" className={screenText.stack}>
      <h2 id="account-deletion" className={sectionTitle}>
        {t('title')}
      </h2>
      {/* Under the heading, where the section starts: why it was refused, what to do, the desk's address. */}
      {awaiting && (
        <Banner tone="error" title={t('refusedTitle')} announce>
          {intl.formatMessage(
            { id: 'account.security.deletion.awaitingDecision' },
            { email: <SupportEmailLink key="email" /> },
          )}
        </Banner>
      )}
      <p className={screenText.text}>{t('lead')}</p>
      <ul className={screenText.text}>
        <li>{t('signIn')}</li>
        <li>{t('plan')}</li>
        <li>{t('applications')}</li>
        <li>{t('mails')}</li>
      </ul>
      <p className={screenText.text}>{t('stays')}</p>
      <p className={screenText.text}>{t('waiting')}</p>
      <p className={screenText.text}>{t('final')}</p>
      <div>
        <Button variant="secondary" onPress={() => setOpen(true)}>
          {t('start')}
        </Button>
      </div>
      <Dialog
        title={t('dialogTitle')}
        isOpen={open}
        dismiss="cancel"
        onOpenChange={(next) => {
          if (!next) setOpen(false);
        }}
      >
        <DeletionForm
          onAwaiting={() => {
            setOpen(false);
            setAwaiting(true);
          }}
          onCancel={() => setOpen(false)}
        />
      </Dialog>
    </section>
  );
}

function DeletionForm({ onAwaiting, onCancel }: { onAwaiting: () => void; onCancel: () => void }) {
  const intl = useIntl();
  const { api, navigate, onSignedOut } = useAccount();
  const confirmed = useConfirmed();
  const { pending, formProps } = useAccountForm(
    noFieldsSchema,
    'account deletion',
    async (_values, failures) => {
      const outcome = await confirmed(() => api.deleteAccount());
      if (!outcome) return;
      if (!outcome.ok) {
        if (outcome.failure === 'awaitingDecision') return onAwaiting();
        return failures.present(deleteAccountCatalogue[outcome.failure], outcome);
      }
      // Navigate first: once signed out, the app would send this signed-in-only page to `/`.
      navigate(routes.accountDeleted, { replace: true });
      onSignedOut();
    },
  );
  return (
    <Form {...formProps}>
      <p className={screenText.text}>{intl.formatMessage({ id: 'account.security.deletion.dialogText' })}</p>
      <FormActions submit="account.security.deletion.submit" pending={pending} destructive>
        <Button variant="secondary" onPress={onCancel}>
          {intl.formatMessage({ id: 'account.security.deletion.cancel' })}
        </Button>
      </FormActions>
    </Form>
  );
}
