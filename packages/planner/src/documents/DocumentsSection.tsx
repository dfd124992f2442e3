import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type DragEvent,
  type ReactNode,
} from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useLocale } from '@pre-admission/i18n';
import { AttachmentPreview, Button, Dialog, useFailureMessage, visuallyHidden } from '@pre-admission/ui';
import type { Api, Application, ApplicationDocument } from '@pre-admission/api';
import { PlannerMessages } from '../applications/PlannerMessages';
import * as plannerStyles from '../Planner.css';
import { fieldId } from '../application/model';
import { FilePicker } from './FilePicker';
import { documentLimits } from './limits';
import { canRetry, failureOf, problemMessage, refusalBeforeSending, type Failure } from './problems';
import { documentAccess, slotKey, slotsOf, type DocumentsLists, type Slot } from './slots';
import { queued, UploadQueue, type SendFile, type Upload } from './uploads';
import * as styles from './DocumentsSection.css';

export interface DocumentsSectionProps {
  api: Api;
  /** The application as last read or changed; the section shows its files and follows its state. */
  application: Application;
  /** The reference lists the slots come from (the app's one cache). */
  lists: DocumentsLists;
  /**
   * A file was stored or removed: the application as it is now (its files changed). Without an argument:
   * the section no longer knows (the application, the file or the session is gone): read it again.
   */
  onChanged: (application?: Application) => void;
}

/**
 * The documents section of an application (docs/behaviour.md#documents, GOV.UK's file upload and its
 * "add multiple files"): a slot per document the application's programme asks for, required ones first; in
 * each, its files and a file button; each file uploads with its progress, can be cancelled, and after a
 * failure sent again without choosing it again. What is refused is said by file, in words, in a summary at the
 * top and to screen readers as it happens.
 */
export function DocumentsSection(props: DocumentsSectionProps) {
  return (
    <PlannerMessages>
      <Documents {...props} />
    </PlannerMessages>
  );
}

const kind = (mediaType: string) =>
  ({ 'application/pdf': 'pdf', 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/gif': 'gif' })[mediaType] ??
  'other';

/** A size as people read it: kilobytes under a megabyte (at least 1), else megabytes with one decimal. */
export function formatSize(intl: IntlShape, bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return megabytes < 1
    ? intl.formatNumber(Math.max(1, Math.ceil(bytes / 1024)), { style: 'unit', unit: 'kilobyte' })
    : intl.formatNumber(megabytes, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
}

const hidden = (chunks: ReactNode[]) => <span className={visuallyHidden}>{chunks}</span>;

let uploadCount = 0;

function Documents({ api, application, lists, onChanged }: DocumentsSectionProps) {
  const intl = useIntl();
  const { locale } = useLocale();
  const failureMessage = useFailureMessage();
  const limitsId = useId();
  // The files whose removal failed, and why: shown at the file and in the summary until tried again.
  const [removeFailures, setRemoveFailures] = useState<ReadonlyMap<string, Failure>>(new Map());
  const [toRemove, setToRemove] = useState<ApplicationDocument>();
  const [removing, setRemoving] = useState(false);
  // Two live regions: what went well (polite), what failed (an alert).
  const [status, setStatus] = useState('');
  const [alert, setAlert] = useState('');

  // The application as the section last knew it: stored and removed files follow one another before the
  // app renders the new one.
  const latest = useRef(application);
  useLayoutEffect(() => {
    latest.current = application;
  }, [application]);
  const changed = (next: Application) => {
    latest.current = next;
    onChanged(next);
  };

  const { slots, unslotted, needsSupervisor } = slotsOf(lists, application);
  const access = documentAccess(application);
  const text = (both: { en: string; ja: string }) => (locale === 'ja' ? both.ja : both.en);
  const limits = {
    file: formatSize(intl, documentLimits.fileBytes),
    application: formatSize(intl, documentLimits.applicationBytes),
  };
  const stored = {
    bytes: application.documents.reduce((sum, doc) => sum + doc.size, 0),
    files: application.documents.length,
  };

  const messageOf = (failure: Failure, name: string, action: 'upload' | 'remove') => {
    const { id, values, then } = problemMessage(failure, name, action, limits);
    const sentence = intl.formatMessage({ id }, values);
    return then ? `${sentence}${locale === 'ja' ? '' : ' '}${failureMessage(then)}` : sentence;
  };

  // A file's row whose button had focus goes away (removed, replaced, taken off the list): once the row is
  // gone from the page, focus goes to its slot, not to the page's start.
  const slotHeadings = useRef(new Map<string, HTMLHeadingElement>());
  const focusAfterRemoval = useRef<string>(undefined);
  const focusSlotIfLost = (key: string) => {
    focusAfterRemoval.current = key;
  };
  useEffect(() => {
    const key = focusAfterRemoval.current;
    if (key === undefined) return;
    focusAfterRemoval.current = undefined;
    if (document.activeElement === null || document.activeElement === document.body)
      slotHeadings.current.get(key)?.focus();
  });

  // --- Removal, after the applicant confirms it. ---
  const remove = async (doc: ApplicationDocument) => {
    setRemoveFailures((failures) => withoutKey(failures, doc.id));
    let failure: Failure;
    try {
      const outcome = await api.removeApplicationDocument(application.id, doc.id);
      if (outcome.ok) {
        focusSlotIfLost(slotKey(doc.slotKind, doc.slotTypeId));
        changed({ ...latest.current, documents: latest.current.documents.filter((d) => d.id !== doc.id) });
        setStatus(intl.formatMessage({ id: 'planner.documents.removed' }, { name: doc.fileName }));
        return true;
      }
      failure = failureOf(outcome.error);
    } catch (error) {
      failure = failureOf(error);
    }
    setRemoveFailures((failures) => new Map(failures).set(doc.id, failure));
    setAlert(messageOf(failure, doc.fileName, 'remove'));
    if (failure.problem === 'not_found') onChanged();
    return false;
  };
  // --- Uploads: one file at a time, in the order chosen (uploads.ts). ---
  const onUploadFailed = (upload: Upload, failure: Failure) => {
    setAlert(messageOf(failure, upload.file.name, 'upload'));
    // The application, the file or the session is gone: the app reads the application again.
    if (failure.problem === 'not_found' || failure.problem === 'not_offered') onChanged();
  };
  const handlers = {
    send: (async (upload, { signal, onProgress }) => {
      const outcome = await api.uploadApplicationDocument(
        latest.current.id,
        { slotKind: upload.slotKind, slotTypeId: upload.slotTypeId, file: upload.file },
        { signal, onProgress: ({ loaded }) => onProgress(loaded) },
      );
      return outcome.ok
        ? { ok: true, stored: outcome.data }
        : { ok: false, failure: failureOf(outcome.error) };
    }) satisfies SendFile<ApplicationDocument>,
    onStored: (upload: Upload, doc: ApplicationDocument) => {
      const withNew = { ...latest.current, documents: [...latest.current.documents, doc] };
      setStatus(intl.formatMessage({ id: 'planner.documents.uploaded' }, { name: upload.file.name }));
      changed(withNew);
      const old = upload.replaces && withNew.documents.find((d) => d.id === upload.replaces);
      if (old) void remove(old);
    },
    onFailed: onUploadFailed,
  };
  const [queue] = useState(() => new UploadQueue<ApplicationDocument>());
  // The queue calls the handlers of the latest render.
  useLayoutEffect(() => queue.use(handlers));
  const uploads = useSyncExternalStore(queue.subscribe, queue.snapshot, queue.snapshot);
  // Leaving the page stops what is still being sent; while files are on their way, the browser asks first.
  useEffect(() => () => queue.dispose(), [queue]);
  const busy = uploads.some((u) => u.state === 'waiting' || u.state === 'sending');
  useEffect(() => {
    if (!busy) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [busy]);

  const add = (slot: Slot, files: File[], replaces?: string) => {
    const used = { bytes: stored.bytes + queued(uploads).bytes, files: stored.files + queued(uploads).files };
    const added: Upload[] = files.map((file) => {
      const refusal = refusalBeforeSending(file, used);
      if (!refusal) {
        used.bytes += file.size;
        used.files += 1;
      }
      uploadCount += 1;
      return {
        id: `upload-${uploadCount}`,
        slotKey: slot.key,
        slotKind: slot.kind,
        slotTypeId: slot.typeId,
        file,
        replaces,
        state: refusal ? 'failed' : 'waiting',
        loaded: 0,
        failure: refusal ? { problem: refusal } : undefined,
      };
    });
    queue.add(added);
    const refused = added.filter((u) => u.failure);
    if (refused.length > 0)
      setAlert(
        refused.map((u) => messageOf(u.failure!, u.file.name, 'upload')).join(locale === 'ja' ? '' : ' '),
      );
  };
  const cancel = (upload: Upload) => {
    queue.cancel(upload.id);
    setStatus(intl.formatMessage({ id: 'planner.documents.cancelled' }, { name: upload.file.name }));
  };
  const retry = (upload: Upload) => {
    // The limits again: other files may have been removed, or added, since.
    const others = queued(uploads, upload.id);
    const refusal = refusalBeforeSending(upload.file, {
      bytes: stored.bytes + others.bytes,
      files: stored.files + others.files,
    });
    if (refusal) {
      queue.fail(upload.id, { problem: refusal });
      onUploadFailed(upload, { problem: refusal });
    } else queue.retry(upload.id);
  };

  const confirmRemove = async () => {
    if (!toRemove) return;
    setRemoving(true);
    const key = slotKey(toRemove.slotKind, toRemove.slotTypeId);
    const removed = await remove(toRemove);
    setRemoving(false);
    setToRemove(undefined);
    // The file's row and its Remove button are gone: once the dialog has closed (react-aria then finds no
    // button to give focus back to), focus goes to the slot, not to the page's start.
    if (removed) afterDialogCloses(() => slotHeadings.current.get(key)?.focus());
  };

  // --- What failed, for the summary. ---
  const problems = [
    ...uploads
      .filter((u) => u.state === 'failed' && u.failure)
      .map((u) => ({
        key: u.id,
        target: `${u.id}-${canRetry(u.failure!.problem) ? 'retry' : 'dismiss'}`,
        message: messageOf(u.failure!, u.file.name, 'upload'),
      })),
    ...[...removeFailures].flatMap(([id, failure]) => {
      const doc = application.documents.find((d) => d.id === id);
      return doc
        ? [{ key: id, target: `${id}-remove`, message: messageOf(failure, doc.fileName, 'remove') }]
        : [];
    }),
  ];

  const fileDetails = (mediaType: string, size: number) =>
    intl.formatMessage(
      { id: 'planner.documents.fileDetails' },
      { type: kind(mediaType), size: formatSize(intl, size) },
    );

  const storedRow = (doc: ApplicationDocument) => {
    const failure = removeFailures.get(doc.id);
    const replaceable = access.canReplace(doc);
    const slot = slots.find((s) => s.key === slotKey(doc.slotKind, doc.slotTypeId));
    return (
      <li key={doc.id} className={plannerStyles.taskRow}>
        <div className={styles.fileText}>
          <strong>{doc.fileName}</strong>
          <br />
          <span className={plannerStyles.muted}>{fileDetails(doc.mediaType, doc.size)}</span>
          {replaceable && (
            <>
              {' '}
              <span className={plannerStyles.status.inProgress}>
                {intl.formatMessage({ id: 'planner.documents.reopened' })}
              </span>
            </>
          )}
          {failure && (
            <p className={plannerStyles.errorMessage}>{messageOf(failure, doc.fileName, 'remove')}</p>
          )}
        </div>
        <div className={styles.fileActions}>
          <AttachmentPreview
            attachment={{
              id: doc.id,
              name: doc.fileName,
              contentType: doc.hasPreview ? doc.mediaType : 'application/octet-stream',
              url: doc.hasPreview
                ? api.applicationDocumentPreviewUrl(application.id, doc.id)
                : api.applicationDocumentUrl(application.id, doc.id),
            }}
          />
          {replaceable && slot && (
            <FilePicker
              quiet
              multiple={false}
              describedBy={limitsId}
              label={intl.formatMessage({ id: 'planner.documents.replace' }, { name: doc.fileName, hidden })}
              onFiles={(files) => add(slot, files.slice(0, 1), doc.id)}
            />
          )}
          {access.canRemove(doc) && (
            <Button id={`${doc.id}-remove`} variant="quiet" onPress={() => setToRemove(doc)}>
              {intl.formatMessage({ id: 'planner.documents.remove' }, { name: doc.fileName, hidden })}
            </Button>
          )}
        </div>
      </li>
    );
  };

  const uploadRow = (upload: Upload) => {
    const { id, file, state } = upload;
    const name = file.name;
    const percent = file.size > 0 ? upload.loaded / file.size : 0;
    return (
      <li key={id} className={plannerStyles.taskRow}>
        <div className={styles.fileText}>
          <strong>{name}</strong>
          <br />
          {state === 'failed' ? (
            <span className={plannerStyles.errorMessage}>{messageOf(upload.failure!, name, 'upload')}</span>
          ) : (
            <span className={plannerStyles.muted}>
              {intl.formatMessage({ id: `planner.documents.state.${state}` }, { percent })}
            </span>
          )}
          {(state === 'sending' || state === 'waiting') && (
            <progress
              className={styles.progress}
              max={file.size || 1}
              value={upload.loaded}
              aria-label={intl.formatMessage({ id: 'planner.documents.progress.label' }, { name })}
            />
          )}
        </div>
        <div className={styles.fileActions}>
          {(state === 'sending' || state === 'waiting') && (
            <Button variant="quiet" onPress={() => cancel(upload)}>
              {intl.formatMessage({ id: 'planner.documents.cancel' }, { name, hidden })}
            </Button>
          )}
          {(state === 'cancelled' || (state === 'failed' && canRetry(upload.failure!.problem))) && (
            <Button id={`${id}-retry`} variant="quiet" onPress={() => retry(upload)}>
              {intl.formatMessage({ id: 'planner.documents.retry' }, { name, hidden })}
            </Button>
          )}
          {(state === 'cancelled' || state === 'failed') && (
            <Button
              id={`${id}-dismiss`}
              variant="quiet"
              onPress={() => {
                focusSlotIfLost(upload.slotKey);
                queue.dismiss(id);
              }}
            >
              {intl.formatMessage({ id: 'planner.documents.dismiss' }, { name, hidden })}
            </Button>
          )}
        </div>
      </li>
    );
  };

  const slotView = (slot: Slot) => (
    <SlotBox key={slot.key} onFiles={access.canAdd(slot) ? (files) => add(slot, files) : undefined}>
      <h3
        id={`${slot.key}-name`}
        tabIndex={-1}
        className={styles.slotName}
        ref={(element) => {
          if (element) slotHeadings.current.set(slot.key, element);
          else slotHeadings.current.delete(slot.key);
        }}
      >
        {text(slot.name)}
      </h3>
      {slot.description && <p className={plannerStyles.muted}>{text(slot.description)}</p>}
      {slot.templates.map((template) => (
        <p key={template.id} className={plannerStyles.text}>
          <a className={plannerStyles.taskLink} href={template.url} download={template.name}>
            {intl.formatMessage({ id: 'planner.documents.template' }, { name: template.name })}
          </a>
        </p>
      ))}
      {slot.documents.length === 0 && !uploads.some((u) => u.slotKey === slot.key) ? (
        <p className={plannerStyles.muted}>{intl.formatMessage({ id: 'planner.documents.noFile' })}</p>
      ) : (
        <ul className={styles.files} aria-labelledby={`${slot.key}-name`}>
          {slot.documents.map(storedRow)}
          {uploads.filter((u) => u.slotKey === slot.key && !u.replaces).map(uploadRow)}
          {uploads.filter((u) => u.slotKey === slot.key && u.replaces).map(uploadRow)}
        </ul>
      )}
      {access.canAdd(slot) && (
        <>
          <FilePicker
            // The id of the slot's problem (`documents.certificate.311`): "Check your answers" links to it.
            id={fieldId(`documents.${slot.kind}.${slot.typeId}`)}
            multiple
            describedBy={limitsId}
            label={intl.formatMessage({ id: 'planner.documents.choose' }, { slot: text(slot.name), hidden })}
            onFiles={(files) => add(slot, files)}
          />
          <p className={`${plannerStyles.muted} ${styles.dropHint}`}>
            {intl.formatMessage({ id: 'planner.documents.drop' })}
          </p>
        </>
      )}
    </SlotBox>
  );

  const required = slots.filter((slot) => slot.required);
  const uploadedRequired = required.filter((slot) => slot.documents.length > 0).length;
  const group = (part: 'required' | 'optional', items: Slot[]) =>
    items.length > 0 && (
      <section aria-labelledby={`documents-${part}`} className={plannerStyles.root}>
        <h2 id={`documents-${part}`} className={plannerStyles.sectionHeading}>
          {intl.formatMessage({ id: `planner.documents.${part}` })}
        </h2>
        {items.map(slotView)}
      </section>
    );

  return (
    <div className={plannerStyles.root} data-documents="">
      <div aria-live="polite" role="status" className={visuallyHidden}>
        {status}
      </div>
      <div role="alert" className={visuallyHidden}>
        {alert}
      </div>
      {problems.length > 0 && (
        <div role="region" aria-labelledby="documents-problems" className={styles.problems}>
          <h2 id="documents-problems" className={plannerStyles.sectionHeading}>
            {intl.formatMessage({ id: 'planner.documents.problems' })}
          </h2>
          <ul className={plannerStyles.list}>
            {problems.map(({ key, target, message }) => (
              <li key={key}>
                <a
                  className={plannerStyles.taskLink}
                  href={`#${target}`}
                  onClick={(event) => {
                    event.preventDefault();
                    document.getElementById(target)?.focus();
                  }}
                >
                  {message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      {needsSupervisor ? (
        <p className={plannerStyles.inset}>{intl.formatMessage({ id: 'planner.needsSupervisor' })}</p>
      ) : (
        <>
          <p className={plannerStyles.text}>
            {intl.formatMessage(
              { id: 'planner.documents.uploadedCount' },
              { uploaded: uploadedRequired, total: required.length },
            )}
          </p>
          {application.status === 'returned' && (
            <p className={plannerStyles.inset}>{intl.formatMessage({ id: 'planner.documents.returned' })}</p>
          )}
          {application.status !== 'draft' && application.status !== 'returned' && (
            <p className={plannerStyles.inset}>{intl.formatMessage({ id: 'planner.documents.readOnly' })}</p>
          )}
          <p id={limitsId} className={plannerStyles.text}>
            {intl.formatMessage(
              { id: 'planner.documents.limits' },
              { fileLimit: limits.file, applicationLimit: limits.application, files: documentLimits.files },
            )}
          </p>
          {group('required', required)}
          {group(
            'optional',
            slots.filter((slot) => !slot.required),
          )}
        </>
      )}
      {unslotted.length > 0 && (
        <section aria-labelledby="documents-unslotted" className={plannerStyles.root}>
          <h2 id="documents-unslotted" className={plannerStyles.sectionHeading}>
            {intl.formatMessage({ id: 'planner.documents.unslotted' })}
          </h2>
          <ul className={styles.files}>{unslotted.map(storedRow)}</ul>
        </section>
      )}
      <Dialog
        title={intl.formatMessage(
          { id: 'planner.documents.removeTitle' },
          { name: toRemove?.fileName ?? '' },
        )}
        isOpen={toRemove !== undefined}
        onOpenChange={(open) => {
          if (!open && !removing) setToRemove(undefined);
        }}
        dismiss="cancel"
        actions={
          <Button onPress={() => void confirmRemove()} isPending={removing}>
            {intl.formatMessage({ id: 'planner.documents.removeConfirm' })}
          </Button>
        }
      >
        <p className={plannerStyles.text}>{intl.formatMessage({ id: 'planner.documents.removeText' })}</p>
      </Dialog>
    </div>
  );
}

/** A slot's box; where it takes files, dropping them on it adds them, as its file button does. */
function SlotBox({
  onFiles,
  children,
}: {
  onFiles: ((files: File[]) => void) | undefined;
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  if (!onFiles) return <div className={styles.slot}>{children}</div>;
  const files = (event: DragEvent) => event.dataTransfer.types.includes('Files');
  return (
    <div
      className={styles.slot}
      data-drop-target={over ? '' : undefined}
      onDragOver={(event) => {
        if (!files(event)) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        if (!files(event)) return;
        event.preventDefault();
        setOver(false);
        onFiles([...event.dataTransfer.files]);
      }}
    >
      {children}
    </div>
  );
}

/**
 * Runs once no dialog is open any more and focus has been left on the page's body: a closing dialog keeps its
 * modal until its exit animation ends, then gives focus back to its opener, if that is still there.
 */
function afterDialogCloses(focus: () => void) {
  const started = performance.now();
  const wait = () => {
    if (document.querySelector('[role="dialog"]') && performance.now() - started < 3000)
      return void requestAnimationFrame(wait);
    requestAnimationFrame(() => {
      if (document.activeElement === null || document.activeElement === document.body) focus();
    });
  };
  requestAnimationFrame(wait);
}

function withoutKey<Value>(map: ReadonlyMap<string, Value>, key: string): ReadonlyMap<string, Value> {
  if (!map.has(key)) return map;
  const copy = new Map(map);
  copy.delete(key);
  return copy;
}
