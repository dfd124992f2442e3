import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Locale, MessageId } from '@pre-admission/i18n';
import type { DeskLists } from '../lists';
import type { ActionFailure, ActionResult, ConsentDecision, DeskRights, StaffConsentRequest } from '../model';
import { actorName, formatTime } from '../status';
import { ActionDialog } from './ActionDialog';
import { ChoiceGroup, SelectField, TextAreaField } from './fields';
import * as styles from '../Desk.css';

/** The dialog's failures in a consent request's words (the others are the actions' own). */
const consentFailures: Partial<Readonly<Record<ActionFailure, MessageId>>> = {
  closed: 'desk.consent.failure.closed',
  notFound: 'desk.consent.failure.notFound',
  refused: 'desk.consent.failure.refused',
};

export interface ConsentAnswerProps {
  request: StaffConsentRequest;
  lists: Pick<DeskLists, 'rejectReasons'>;
  /** The page's language: a decline's reason is stored in both. */
  locale: Locale;
  /** What the signed-in role may do (`rightsOf(role)`): only the supervisor named answers. */
  rights: DeskRights;
  onDecide: (decision: ConsentDecision) => Promise<ActionResult>;
  /** Reads the request again (after a conflict: answered in another tab, expired or withdrawn meanwhile). */
  onReload?: () => void;
}

/**
 * The answer to a consent request: while it waits, the supervisor it names answers in a dialog (give
 * consent, with an optional message; or decline, with one of the acceptor reject reasons and a message to the
 * applicant), and anyone else is told who answers; once answered, the answer, its reason and message, by whom
 * and when; expired or withdrawn, what that means.
 */
export function ConsentAnswer({ request, lists, locale, rights, onDecide, onReload }: ConsentAnswerProps) {
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [sent, setSent] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const waiting = request.status === 'requested';
  // Once the page reads the answered request again, the dialog's button is gone: focus goes to the answer.
  useEffect(() => {
    if (sent && !waiting) heading.current?.focus();
  }, [sent, waiting]);
  return (
    <section aria-labelledby="desk-consent-answer" className={styles.notice}>
      <h2 id="desk-consent-answer" ref={heading} tabIndex={-1} className={styles.heading}>
        {t('desk.consent.answer')}
      </h2>
      {waiting && !rights.decideConsent && <p className={styles.text}>{t('desk.consent.about.notYours')}</p>}
      {waiting && rights.decideConsent && (
        <div className={styles.actions}>
          <DecideAction lists={lists} onDecide={onDecide} onReload={onReload} onDone={() => setSent(true)} />
        </div>
      )}
      {(request.status === 'accepted' || request.status === 'declined') && (
        <>
          <p className={styles.text}>
            <strong>{t(`desk.consent.status.${request.status}`)}</strong>
            {request.closedAt && (
              <>
                {' '}
                <span className={styles.muted}>
                  {t('desk.consent.answeredBy', {
                    actor: actorName(intl, request.decidedBy),
                    at: formatTime(intl, request.closedAt),
                  })}
                </span>
              </>
            )}
          </p>
          {request.reason && (
            <p className={styles.text}>{t('desk.history.reason', { reason: request.reason[locale] })}</p>
          )}
          {request.response && (
            <>
              <h3 className={styles.subheading}>{t('desk.consent.response')}</h3>
              <p className={styles.quote}>{request.response}</p>
            </>
          )}
        </>
      )}
      {(request.status === 'expired' || request.status === 'withdrawn') && (
        <p className={styles.text}>{t(`desk.consent.about.${request.status}`)}</p>
      )}
      <p role="status" className={styles.text}>
        {sent && t('desk.consent.done')}
      </p>
    </section>
  );
}

function DecideAction({
  lists,
  onDecide,
  onReload,
  onDone,
}: Pick<ConsentAnswerProps, 'lists' | 'onDecide' | 'onReload'> & { onDone: () => void }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const [outcome, setOutcome] = useState<ConsentDecision['outcome']>();
  const [reasonId, setReasonId] = useState('');
  const [message, setMessage] = useState('');
  return (
    <ActionDialog
      open={t('desk.consent.decide.open')}
      title={t('desk.consent.decide.title')}
      lead={t('desk.consent.decide.text')}
      confirm={t('desk.consent.decide.confirm')}
      onReload={onReload}
      reloadLabel={t('desk.consent.failure.reload')}
      failureMessages={consentFailures}
      onDone={onDone}
      onSubmit={() =>
        onDecide({
          outcome: outcome!,
          ...(outcome === 'declined' ? { reasonId: Number(reasonId) } : {}),
          ...(message.trim() === '' ? {} : { message }),
        })
      }
    >
      <ChoiceGroup
        name="outcome"
        legend={t('desk.consent.decide.outcome')}
        type="radio"
        options={[
          { value: 'accepted', label: t('desk.consent.decide.accept') },
          { value: 'declined', label: t('desk.consent.decide.decline') },
        ]}
        selected={outcome ? [outcome] : []}
        onChange={(selected) => setOutcome(selected[0] as ConsentDecision['outcome'])}
        validate={(selected) =>
          selected.length === 0 ? t('desk.consent.decide.outcomeRequired') : undefined
        }
      />
      {outcome === 'declined' && (
        <SelectField
          name="reasonId"
          label={t('desk.consent.decide.reason')}
          hint={t('desk.decision.reasonHint')}
          placeholder={t('desk.decision.reasonPlaceholder')}
          value={reasonId}
          options={lists.rejectReasons.map((reason) => ({ value: String(reason.id), label: reason.name }))}
          onChange={setReasonId}
          validate={(value) => (value === '' ? t('desk.consent.decide.reasonRequired') : undefined)}
        />
      )}
      {/* A decline tells the applicant why and what next: its message is required, an acceptance's is not. */}
      {outcome === 'declined' ? (
        <TextAreaField
          key="declined"
          name="message"
          label={t('desk.consent.response')}
          hint={t('desk.consent.decide.messageHint')}
          value={message}
          onChange={setMessage}
          required={t('desk.consent.decide.messageRequired')}
        />
      ) : (
        <TextAreaField
          key="accepted"
          name="message"
          label={t('desk.decision.messageOptional')}
          value={message}
          onChange={setMessage}
        />
      )}
    </ActionDialog>
  );
}
