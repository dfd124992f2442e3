import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '@pre-admission/i18n';
import { Button, Form, LoadingIndicator } from '@pre-admission/ui';
import { ChoiceGroup } from '../actions/fields';
import * as styles from '../Desk.css';

/** Where the settings are: the app's query state, as the screen shows it. */
export type MailSettingsState =
  | { status: 'loading' }
  | { status: 'failed'; onRetry: () => void }
  | { status: 'loaded'; dailySummary: boolean };

/** Why a save did not happen: too many saves (with the seconds to wait), or no answer. */
export type MailSettingsFailure = { reason: 'rateLimited'; retryAfter: number } | { reason: 'unavailable' };

export interface MailSettingsProps {
  state: MailSettingsState;
  /** Saves the choice (the app calls setStaffPreferences); resolves with nothing when saved, else why not. */
  onSave: (dailySummary: boolean) => Promise<MailSettingsFailure | undefined>;
}

/**
 * A staff member's own mail settings (issue 40, item 4): whether the daily summary of what waits for them is
 * mailed each morning. Radios (GOV.UK: a yes/no setting is two radios, not one check box) and Save; saved, a
 * status says so; a failure keeps the choice and says what happened in the error summary.
 */
export function MailSettings({ state, onSave }: MailSettingsProps) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  return (
    <div className={styles.root}>
      <h1 className={styles.title}>{t('desk.settings.title')}</h1>
      {state.status === 'loading' && <LoadingIndicator label={t('desk.settings.loading')} />}
      {state.status === 'failed' && (
        <div className={styles.notice} role="alert">
          <h2 className={styles.heading}>{t('desk.settings.failed.title')}</h2>
          <p className={styles.text}>{t('desk.settings.failed.text')}</p>
          <Button variant="secondary" onPress={state.onRetry}>
            {t('desk.list.retry')}
          </Button>
        </div>
      )}
      {state.status === 'loaded' && <Settings dailySummary={state.dailySummary} onSave={onSave} />}
    </div>
  );
}

function Settings({ dailySummary, onSave }: { dailySummary: boolean; onSave: MailSettingsProps['onSave'] }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const [choice, setChoice] = useState(dailySummary ? 'on' : 'off');
  const [pending, setPending] = useState(false);
  const [saved, setSaved] = useState(false);
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>();
  const save = async () => {
    setPending(true);
    setSaved(false);
    let failure: MailSettingsFailure | undefined;
    try {
      failure = await onSave(choice === 'on');
    } catch {
      failure = { reason: 'unavailable' };
    }
    setPending(false);
    if (!failure) {
      setErrors(undefined);
      setSaved(true);
      return;
    }
    setErrors({
      form:
        failure.reason === 'rateLimited'
          ? intl.formatMessage({ id: 'desk.error.rateLimited' }, { seconds: failure.retryAfter })
          : t('desk.settings.saveFailed'),
    });
  };
  return (
    <>
      <p className={styles.text}>{t('desk.settings.lead')}</p>
      <Form errors={errors} onSubmit={() => !pending && void save()}>
        <ChoiceGroup
          name="dailySummary"
          legend={t('desk.settings.dailySummary')}
          type="radio"
          options={[
            { value: 'on', label: t('desk.settings.on') },
            { value: 'off', label: t('desk.settings.off') },
          ]}
          selected={[choice]}
          onChange={([next]) => {
            setChoice(next ?? choice);
            setSaved(false);
          }}
          validate={() => undefined}
        />
        <div>
          <Button type="submit" isPending={pending}>
            {t('desk.settings.save')}
          </Button>
        </div>
      </Form>
      <p role="status" className={styles.text}>
        {saved ? t('desk.settings.saved') : ''}
      </p>
    </>
  );
}
