import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '@pre-admission/i18n';
import type { DeskLists } from '../lists';
import {
  japanTimeZone,
  reviewable,
  screeningOutcomes,
  sections,
  type ActionResult,
  type DecisionRequest,
  type DeskRights,
  type NewNote,
  type ReturnForChanges,
  type ScreeningOutcome,
  type ScreeningOutcomeRequest,
  type StaffApplication,
} from '../model';
import { ActionDialog } from './ActionDialog';
import { dayOf } from './dates';
import { ChoiceGroup, DateField, SelectField, TextAreaField } from './fields';
import * as styles from '../Desk.css';

export interface ApplicationActionsProps {
  application: StaffApplication;
  lists: Pick<DeskLists, 'documentTypes' | 'rejectReasons'>;
  /** What the signed-in role may do (`rightsOf(role)`): a supervisor sees no return and no decision. */
  rights: DeskRights;
  onReturn: (request: ReturnForChanges) => Promise<ActionResult>;
  onDecide: (request: DecisionRequest) => Promise<ActionResult>;
  onAddNote: (note: NewNote) => Promise<ActionResult>;
  /** Records the desk's outcome of the latest export-control screening (recordScreeningOutcome). */
  onRecordScreening: (request: ScreeningOutcomeRequest) => Promise<ActionResult>;
  /** Reloads the application (after a conflict: someone else changed it meanwhile). */
  onReload?: () => void;
  /** Today, for the due date's check (a test's fixed clock); now by default. */
  now?: Date;
}

/** A day in Japan (`YYYY-MM-DD`): due dates are the university's. */
const japanDay = (instant: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: japanTimeZone }).format(instant);

/**
 * The desk's actions on an application, each confirmed in its dialog: return for changes and record a
 * decision (with the desk, for the roles that may: docs/security.md#staff), record the outcome of the
 * export-control screening (the desk's only: `screening` comes to no other role, and the action is offered
 * while it waits for one), and add an internal note (every role). After an action, a status says it was done; the app reloads the application it shows.
 */
export function ApplicationActions({
  application,
  lists,
  rights,
  onReturn,
  onDecide,
  onAddNote,
  onRecordScreening,
  onReload,
  now,
}: ApplicationActionsProps) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const [done, setDone] = useState<MessageId>();
  const acts = rights.returnForChanges || rights.decide;
  const open = reviewable.has(application.status);
  return (
    <section aria-labelledby="desk-actions" className={styles.notice}>
      <h2 id="desk-actions" className={styles.heading}>
        {t('desk.actions.title')}
      </h2>
      {!acts && <p className={styles.text}>{t('desk.actions.supervisor')}</p>}
      {acts && !open && <p className={styles.text}>{t('desk.actions.none')}</p>}
      <div className={styles.actions}>
        {application.screening?.waiting && (
          <ScreeningAction
            onRecordScreening={onRecordScreening}
            onReload={onReload}
            onDone={() => setDone('desk.done.screening')}
          />
        )}
        {rights.returnForChanges && open && (
          <ReturnAction
            application={application}
            lists={lists}
            onReturn={onReturn}
            onReload={onReload}
            now={now}
            onDone={() => setDone('desk.done.return')}
          />
        )}
        {rights.decide && open && (
          <DecisionAction
            lists={lists}
            onDecide={onDecide}
            onReload={onReload}
            onDone={() => setDone('desk.done.decision')}
          />
        )}
        {rights.addNote && <NoteAction onAddNote={onAddNote} onDone={() => setDone('desk.done.note')} />}
      </div>
      <p role="status" className={styles.text}>
        {done && t(done)}
      </p>
    </section>
  );
}

function ReturnAction({
  application,
  lists,
  onReturn,
  onReload,
  onDone,
  now,
}: Pick<ApplicationActionsProps, 'application' | 'lists' | 'onReturn' | 'onReload' | 'now'> & {
  onDone: () => void;
}) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const [chosen, setChosen] = useState<string[]>([]);
  const [documentIds, setDocumentIds] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const [due, setDue] = useState({ year: '', month: '', day: '' });
  const today = japanDay(now ?? new Date());
  const [exampleYear, exampleMonth, exampleDay] = japanDay(
    new Date((now ?? new Date()).getTime() + 14 * 86_400_000),
  ).split('-');
  const nameOfDocument = (document: StaffApplication['documents'][number]) => {
    const type = lists.documentTypes[document.slotKind].find((entry) => entry.id === document.slotTypeId);
    return type
      ? intl.formatMessage({ id: 'desk.return.document' }, { type: type.name, file: document.fileName })
      : document.fileName;
  };
  return (
    <ActionDialog
      open={t('desk.return.open')}
      title={t('desk.return.title')}
      lead={t('desk.return.text')}
      confirm={t('desk.return.open')}
      onReload={onReload}
      onDone={onDone}
      onSubmit={() =>
        onReturn({
          sections: sections.filter((section) => chosen.includes(section)),
          documentIds: application.documents.map((d) => d.id).filter((id) => documentIds.includes(id)),
          // The end of the chosen day in Japan: the university's dates are Japan time.
          dueAt: new Date(`${dayOf(due)}T23:59:59+09:00`).toISOString(),
          message,
        })
      }
    >
      <ChoiceGroup
        name="sections"
        legend={t('desk.return.sections')}
        type="checkbox"
        options={sections.map((section) => ({ value: section, label: t(`desk.section.${section}`) }))}
        selected={chosen}
        onChange={setChosen}
        validate={(selected) =>
          selected.length === 0 && documentIds.length === 0 ? t('desk.return.whatRequired') : undefined
        }
      />
      {application.documents.length > 0 && (
        <ChoiceGroup
          name="documentIds"
          legend={t('desk.return.documents')}
          type="checkbox"
          options={application.documents.map((document) => ({
            value: document.id,
            label: nameOfDocument(document),
          }))}
          selected={documentIds}
          onChange={setDocumentIds}
          validate={() => undefined}
        />
      )}
      <TextAreaField
        name="message"
        label={t('desk.return.message')}
        hint={t('desk.return.messageHint')}
        value={message}
        onChange={setMessage}
        required={t('desk.return.messageRequired')}
      />
      <DateField
        name="dueAt"
        legend={t('desk.return.due')}
        hint={intl.formatMessage(
          { id: 'desk.return.dueHint' },
          { example: `${exampleYear} ${Number(exampleMonth)} ${Number(exampleDay)}` },
        )}
        value={due}
        onChange={setDue}
        validate={(value) => {
          if (!value.year && !value.month && !value.day) return t('desk.return.dueRequired');
          const day = dayOf(value);
          if (!day) return t('desk.return.dueInvalid');
          if (day <= today) return t('desk.return.duePast');
          return undefined;
        }}
      />
    </ActionDialog>
  );
}

function DecisionAction({
  lists,
  onDecide,
  onReload,
  onDone,
}: Pick<ApplicationActionsProps, 'lists' | 'onDecide' | 'onReload'> & { onDone: () => void }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const [outcome, setOutcome] = useState<DecisionRequest['outcome']>();
  const [reasonId, setReasonId] = useState('');
  const [message, setMessage] = useState('');
  return (
    <ActionDialog
      open={t('desk.decision.open')}
      title={t('desk.decision.title')}
      lead={t('desk.decision.text')}
      confirm={t('desk.decision.confirm')}
      onReload={onReload}
      onDone={onDone}
      onSubmit={() =>
        onDecide({
          outcome: outcome!,
          ...(outcome === 'notAccepted' ? { reasonId: Number(reasonId) } : {}),
          ...(message.trim() === '' ? {} : { message }),
        })
      }
    >
      <ChoiceGroup
        name="outcome"
        legend={t('desk.decision.outcome')}
        type="radio"
        options={(['accepted', 'notAccepted'] as const).map((value) => ({
          value,
          label: t(`desk.decision.${value}`),
        }))}
        selected={outcome ? [outcome] : []}
        onChange={(selected) => setOutcome(selected[0] as DecisionRequest['outcome'])}
        validate={(selected) => (selected.length === 0 ? t('desk.decision.outcomeRequired') : undefined)}
      />
      {outcome === 'notAccepted' && (
        <SelectField
          name="reasonId"
          label={t('desk.decision.reason')}
          hint={t('desk.decision.reasonHint')}
          placeholder={t('desk.decision.reasonPlaceholder')}
          value={reasonId}
          options={lists.rejectReasons.map((reason) => ({ value: String(reason.id), label: reason.name }))}
          onChange={setReasonId}
          validate={(value) => (value === '' ? t('desk.decision.reasonRequired') : undefined)}
        />
      )}
      <TextAreaField
        name="message"
        label={t('desk.decision.messageOptional')}
        value={message}
        onChange={setMessage}
      />
    </ActionDialog>
  );
}

function ScreeningAction({
  onRecordScreening,
  onReload,
  onDone,
}: Pick<ApplicationActionsProps, 'onRecordScreening' | 'onReload'> & { onDone: () => void }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const [outcome, setOutcome] = useState<ScreeningOutcome>();
  const [reason, setReason] = useState('');
  return (
    <ActionDialog
      open={t('desk.screening.open')}
      title={t('desk.screening.dialogTitle')}
      lead={t('desk.screening.text')}
      confirm={t('desk.screening.confirm')}
      onReload={onReload}
      onDone={onDone}
      // The server's 400 names the reason (the only field it checks besides the radio's value).
      failureMessages={{ invalid: 'desk.screening.failure.invalid' }}
      onSubmit={() => onRecordScreening({ outcome: outcome!, reason })}
    >
      <ChoiceGroup
        name="outcome"
        legend={t('desk.screening.outcome')}
        type="radio"
        options={screeningOutcomes.map((value) => ({ value, label: t(`desk.screening.outcome.${value}`) }))}
        selected={outcome ? [outcome] : []}
        onChange={(selected) => setOutcome(selected[0] as ScreeningOutcome)}
        validate={(selected) => (selected.length === 0 ? t('desk.screening.outcomeRequired') : undefined)}
      />
      <TextAreaField
        name="reason"
        label={t('desk.screening.reason')}
        hint={t('desk.screening.reasonHint')}
        value={reason}
        onChange={setReason}
        required={t('desk.screening.reasonRequired')}
      />
    </ActionDialog>
  );
}

function NoteAction({
  onAddNote,
  onDone,
}: Pick<ApplicationActionsProps, 'onAddNote'> & { onDone: () => void }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const [text, setText] = useState('');
  return (
    <ActionDialog
      open={t('desk.note.open')}
      title={t('desk.note.open')}
      lead={t('desk.notes.private')}
      confirm={t('desk.note.confirm')}
      onDone={() => {
        setText('');
        onDone();
      }}
      onSubmit={() => onAddNote({ text })}
    >
      <TextAreaField
        name="text"
        label={t('desk.note.label')}
        value={text}
        onChange={setText}
        required={t('desk.note.required')}
      />
    </ActionDialog>
  );
}
