import {
  useDeferredValue,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
} from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  failureCause,
  failureRequestId,
  type Api,
  type Plan,
  type ReferenceListName,
  type StudentType,
  type ReferenceLists,
} from '@pre-admission/api';
import { useLocale, type CompiledCatalogue, type MessageId } from '@pre-admission/i18n';
import { plannerMessages } from '@pre-admission/i18n/planner';
import type { PlanField } from '@pre-admission/rules';
import { LoadingIndicator, useFailureMessage } from '@pre-admission/ui';
import { forgetDraft, readDraft, writeDraft } from './draft';
import {
  emptyPlan,
  listNames,
  changedFields,
  prune,
  samePlan,
  stripUndefined,
  type ClearedField,
  type PlannerLists,
  type TaskName,
} from './model';
import { ClearingWarning } from './ClearingWarning';
import { applicationListQuery } from './applications/ApplicationsOverview';
import { teacherName } from './names';
import * as styles from './Planner.css';
import { TaskList } from './TaskList';
import { formError, TaskPage } from './TaskPage';
import { DocumentsTask } from './tasks/DocumentsTask';
import { KindTask } from './tasks/KindTask';
import { ProgrammeTask } from './tasks/ProgrammeTask';
import { ScholarshipTask } from './tasks/ScholarshipTask';
import { Summary } from './tasks/Summary';
import { SupervisorTask } from './tasks/SupervisorTask';
import { UniversityTask } from './tasks/UniversityTask';

/**
 * The query of a screen's reference lists, all in one request: the app's own (its key and fetch), so the
 * planner reads the app's one cache.
 */
export type ReferenceQuery = <Name extends ReferenceListName>(
  api: Api,
  names: readonly Name[],
) => { queryKey: readonly unknown[]; queryFn: () => Promise<ReferenceLists<Name>> };

export interface PlannerProps {
  api: Api;
  /** The app's reference-data query (docs/behaviour.md#constants: stale after 2000 ms, kept 5 minutes, no retry), under its QueryClientProvider. */
  referenceQuery: ReferenceQuery;
  /** A plan call answered 404: the session is gone; the app goes to `/` (docs/behaviour.md#error-catalogue). */
  onNoSession: () => void;
  /**
   * A plan call refused until the account adds a second factor (403 `second_factor_required`,
   * docs/security.md#second-factor): the app re-reads the session, which sends the applicant to the Sign-in and
   * security page. Without it, such a refusal is reported as any other failure.
   */
  onSecondFactorRequired?: () => void;
  /** A failure the planner does not show itself (a reference list or the plan could not be read). */
  reportError: (error: unknown) => void;
  /**
   * Called once, when the plan and its lists are first on screen: the app can then start work that would
   * otherwise compete with the page for the network and the main thread (apps/web's idle preloads).
   */
  onReady?: () => void;
  /** The address of the task list: the task pages' back link goes there (the app's route table). */
  href: string;
  /** The address of each task's own page (the app's route table: docs/behaviour.md#planner, Task addresses). */
  taskHref: (task: TaskName) => string;
  /**
   * The open task, from the page's address (the app reads it); undefined: the task list. The planner never
   * keeps it itself, so that Back, Forward and a reload step through the tasks as through pages.
   */
  task?: TaskName;
  /** Goes to one of the planner's addresses (`href`, `taskHref`): the app's router, a new history entry. */
  navigate: (href: string) => void;
  /**
   * The address of an application's task list (the app's route table): the summary then offers "Start your
   * application", which starts a draft of the plan's kind (its first answers the plan's choices), or goes to
   * the draft of that kind already open (docs/behaviour.md#applications).
   */
  applicationHref?: (applicationId: string) => string;
  /**
   * Above the plan's task list at /applications: the applicant's applications (their list, statuses and
   * history: `packages/planner/src/applications/`), which the app gives when it has them. The planner then
   * reads their list (ApplicationsOverview's query, `api.listApplications`) with the plan and keeps its loading
   * state until both have answered, so the page renders once, with nothing already painted moving.
   */
  applications?: (lists: PlannerLists) => ReactNode;
  /**
   * The signed-in account (its e-mail address): the planner keeps the unsaved answers in this tab's storage
   * under it, so that they outlive a failed save, a reload and a timeout sign-out (draft.ts). Without it,
   * nothing is kept.
   */
  draftOwner?: string;
}

/**
 * `/applications` (docs/behaviour.md#planner): the signed-in applicant's application plan, in the GOV.UK task-list
 * pattern. Its messages come with it (`@pre-admission/i18n/planner`), on top of the site's.
 */
export function Planner(props: PlannerProps) {
  return (
    <PlannerMessages>
      <PlannerScreen {...props} />
    </PlannerMessages>
  );
}

/** The planner's messages (`@pre-admission/i18n/planner`) on top of the site's, for its screens and the application's. */
export function PlannerMessages({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const { locale } = useLocale();
  // The site's catalogue wins where it has the planner's messages already: Storybook and the tests register
  // every area, and the pseudo-locale's planner messages are the site's (its language is English).
  const messages = useMemo(
    () => ({ ...plannerMessages[locale], ...intl.messages }) as CompiledCatalogue,
    [intl.messages, locale],
  );
  return (
    <IntlProvider locale={locale} messages={messages} defaultLocale="ja">
      {children}
    </IntlProvider>
  );
}

type PlanOutcome = Awaited<ReturnType<Api['getPlan']>>;

/** The plan's query: one per page visit (gcTime 0), so the key needs nothing of the applicant. */
const planKey = ['plan'] as const;

/** Which task each field of the plan belongs to: a server's refusal names fields. */
const taskOfField: Record<PlanField, Exclude<TaskName, 'summary'>> = {
  studentType: 'kind',
  programId: 'programme',
  teacherId: 'supervisor',
  readyCertificateIds: 'documents',
  readyMaterialIds: 'documents',
  scholarshipTypeId: 'scholarship',
  scholarshipStatusId: 'scholarship',
  financialSupportId: 'scholarship',
  countryId: 'university',
  universityId: 'university',
};

const planFields = Object.keys(taskOfField) as PlanField[];

/** The field a required task must have before Continue, with its message. */
const requiredField: Partial<Record<TaskName, { field: PlanField; message: MessageId }>> = {
  kind: { field: 'studentType', message: 'planner.kind.required' },
  programme: { field: 'programId', message: 'planner.programme.required' },
  supervisor: { field: 'teacherId', message: 'planner.supervisor.required' },
};

export interface Notice {
  readonly cleared: readonly ClearedField[];
  /** The supervisor removed, by name. */
  readonly teacher?: string;
}

function PlannerScreen({
  api,
  referenceQuery,
  onNoSession,
  onSecondFactorRequired,
  reportError,
  onReady,
  href,
  taskHref,
  task,
  navigate,
  draftOwner,
  applicationHref,
  applications,
}: PlannerProps) {
  const intl = useIntl();
  const { locale } = useLocale();
  const listsQuery = useQuery(referenceQuery(api, listNames));
  const listsNow: PlannerLists | undefined = listsQuery.data;

  // The plan is read once, when the page opens: a read is a call the applicant makes, so it extends the
  // session (docs/security.md#session-timeout). So it is never stale (no refetch on focus or reconnect,
  // which kept an idle session alive), never retried, and dropped when the page closes (gcTime 0): the
  // next visit reads it again. The answer is the adapter's outcome; a throw is the query's error.
  const queryClient = useQueryClient();
  const planQuery = useQuery({
    queryKey: planKey,
    queryFn: () => api.getPlan(),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  // networkMode 'always': offline, a save is tried at once and fails, and the error summary says so. By
  // default a mutation made offline waits, and goes through by itself when the connection returns (issue 38
  // item 6), long after the applicant was told nothing and may have left the page.
  const save = useMutation({
    mutationFn: (plan: Plan) => api.savePlan(plan),
    retry: false,
    networkMode: 'always',
  });
  const startApplication = useMutation({
    mutationFn: (studentType: StudentType) => api.startApplication({ studentType }),
    retry: false,
    networkMode: 'always',
  });
  const [startFailed, setStartFailed] = useState<string>();
  // A save under way: a second click (a double click, Enter pressed twice) comes before `save.isPending` is
  // rendered, so it is refused here, at once (issue 38 item 6: a double click saved twice).
  const saving = useRef(false);
  const failureMessage = useFailureMessage();

  // The lists and the plan arrive as answers from the network; the first render with both (the task list)
  // is the planner's largest, so it runs deferred (at a transition's priority), in which React yields to the
  // browser every few milliseconds, instead of as one long task on a slow phone. Until then the loading
  // state stays.
  const lists = useDeferredValue(listsNow);
  const planOutcome = useDeferredValue(planQuery.data);
  // With the applicant's applications above the plan, their list is read with the plan, and the loading
  // state stays until it has answered too (or failed: the overview then reports it): the overview never
  // appears above a plan already on screen, pushing it down (a layout shift of the whole page).
  const applicationList = useQuery({ ...applicationListQuery(api), enabled: applications !== undefined });
  const applicationsAnswered = useDeferredValue(
    applications === undefined || applicationList.data !== undefined || applicationList.isError,
  );
  const saved = planOutcome?.ok ? planOutcome.data : undefined;
  // What the applicant changed since the plan was read or saved; undefined: nothing, the draft is the plan.
  const [edits, setEdits] = useState<Plan>();
  // The task whose answers were last changed: the task list's notice of unsaved answers links to it.
  const [editedTask, setEditedTask] = useState<TaskName>();
  const draft = edits ?? saved ?? emptyPlan;
  const setDraft: Dispatch<SetStateAction<Plan>> = (next) => {
    setEditedTask(task);
    setEdits((current) => (typeof next === 'function' ? next(current ?? draft) : next));
  };
  const unsaved = edits !== undefined && saved !== undefined && !samePlan(edits, saved);
  // The last Continue's errors by plan field (or formError), for the Form's summary and the task's fields.
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const [notice, setNotice] = useState<Notice>();

  // Another task (a link, Back, Forward): the last Continue's errors were that page's; a task opened ends
  // the list's notice. Adjusted while rendering, so the new page never shows the old page's errors.
  const [shownTask, setShownTask] = useState(task);
  if (shownTask !== task) {
    setShownTask(task);
    setErrors({});
    if (task) setNotice(undefined);
  }

  // The draft this tab kept for this account (a reload, a failed save, a sign-in after a timeout) comes back
  // once the account is known (on a reload, the session check answers after the planner mounts), unless
  // something was typed already.
  // Read while rendering (not in an effect), so that the first render with the account already has it.
  const [restoredFor, setRestoredFor] = useState<string>();
  if (draftOwner && restoredFor !== draftOwner) {
    setRestoredFor(draftOwner);
    const kept = readDraft(draftOwner);
    if (kept && edits === undefined) {
      setEdits(kept.plan);
      setEditedTask(kept.task);
    }
  }

  // The unsaved answers follow every change into the tab's storage, and leave it once saved (or changed
  // back). Not before the kept draft is back, nor before the plan is read (nothing to compare them with).
  useEffect(() => {
    if (!draftOwner || restoredFor !== draftOwner || saved === undefined) return;
    if (unsaved) writeDraft(draftOwner, editedTask ? { plan: edits, task: editedTask } : { plan: edits });
    else forgetDraft();
  }, [draftOwner, restoredFor, saved, unsaved, edits, editedTask]);

  // The callbacks are effect events: a new identity of them (the session's state changes when the timeout
  // warning opens) is no new failure to report.
  const planFailed = useEffectEvent((outcome: PlanOutcome | undefined, error: unknown) => {
    if (outcome && !outcome.ok) {
      if (outcome.failure === 'noSession') onNoSession();
      else if (outcome.failure === 'secondFactorRequired' && onSecondFactorRequired) onSecondFactorRequired();
      else reportError(outcome.error);
    } else if (error) reportError(error);
  });
  useEffect(() => planFailed(planQuery.data, planQuery.error), [planQuery.data, planQuery.error]);

  useEffect(() => {
    if (listsQuery.isError) reportError(listsQuery.error);
  }, [listsQuery.isError, listsQuery.error, reportError]);

  const ready = lists !== undefined && saved !== undefined && applicationsAnswered;
  const reportReady = useEffectEvent(() => onReady?.());
  useEffect(() => {
    if (ready) reportReady();
  }, [ready]);

  // Each task, and the list, starts scrolled to the top, as a new page does. A block, not an expression:
  // Chromium's scrollIntoView returns a promise now, which React would take for the effect's clean-up.
  const top = useRef<HTMLDivElement>(null);
  useEffect(() => {
    top.current?.scrollIntoView?.({ block: 'start' });
  }, [task]);
  const open = (next: TaskName | undefined) => navigate(next ? taskHref(next) : href);

  // While the plan and its lists load, the page keeps its heading and lead (what the task list will show
  // above its tasks): a page without an <h1> leaves a screen reader nowhere to land (axe's
  // page-has-heading-one), and the server sends this state as the page's HTML, so the applicant reads what
  // the page is for before any script has run (apps/web's prerender).
  if (!lists || !saved || !applicationsAnswered)
    return (
      <div className={styles.root}>
        <h1 className={styles.title}>{intl.formatMessage({ id: 'planner.title' })}</h1>
        <p className={styles.text}>{intl.formatMessage({ id: 'planner.lead' })}</p>
        <LoadingIndicator label={intl.formatMessage({ id: 'planner.loading' })} />
      </div>
    );

  const taskTitle = (name: TaskName) => intl.formatMessage({ id: `planner.task.${name}` });

  const submit = async (from: TaskName) => {
    if (saving.current) return;
    const required = requiredField[from];
    if (required && draft[required.field] === undefined) {
      const message = intl.formatMessage({ id: required.message });
      setErrors({ [required.field]: message });
      return;
    }
    const { plan, cleared } = prune(lists, draft);
    const removed = cleared.includes('teacherId')
      ? lists.teachers.find((teacher) => teacher.id === draft.teacherId)
      : undefined;
    saving.current = true;
    try {
      const outcome = await save.mutateAsync(stripUndefined(plan));
      if (outcome.ok) {
        // The saved plan is the plan read from now on; the draft follows it again.
        queryClient.setQueryData<PlanOutcome>(planKey, outcome);
        setEdits(undefined);
        setEditedTask(undefined);
        open(undefined);
        setNotice(
          cleared.length > 0 ? { cleared, teacher: removed && teacherName(locale, removed) } : undefined,
        );
      } else if (outcome.failure === 'noSession') {
        onNoSession();
      } else if (outcome.failure === 'secondFactorRequired' && onSecondFactorRequired) {
        onSecondFactorRequired();
      } else if (outcome.failure === 'rateLimited') {
        setErrors({
          [formError]: intl.formatMessage(
            { id: 'planner.error.rateLimited' },
            { seconds: outcome.retryAfter ?? 60 },
          ),
        });
      } else {
        // 400: each field the rules refuse (docs/behaviour.md#error-catalogue), shown in the error summary
        // (linked to the field when it is on this page) and at the field.
        const refused = (outcome.error.problem?.errors ?? []).filter(
          (error): error is { field: PlanField; code: string } => error.field in taskOfField,
        );
        setErrors(
          refused.length > 0
            ? Object.fromEntries(
                refused.map(({ field }) => [
                  field,
                  taskOfField[field] === from
                    ? intl.formatMessage({ id: 'planner.error.notOffered' })
                    : intl.formatMessage(
                        { id: 'planner.error.notOfferedIn' },
                        { task: taskTitle(taskOfField[field]) },
                      ),
                ]),
              )
            : { [formError]: intl.formatMessage({ id: 'planner.error.refused' }) },
        );
      }
    } catch (error) {
      // No answer, or a failure on our side (issue 27): the draft stays as typed, and the summary says what
      // happened and to try again; for a 5xx, the desk and the reference to quote.
      const cause = failureCause(error);
      setErrors({
        [formError]:
          cause === 'other'
            ? intl.formatMessage({ id: 'planner.error.saveFailed' })
            : failureMessage({ cause, requestId: failureRequestId(error) }),
      });
    } finally {
      saving.current = false;
    }
  };

  // "Start your application": a draft of the plan's kind, or the one already open (409 draft_exists).
  const start = async () => {
    if (saving.current || !saved.studentType || !applicationHref) return;
    saving.current = true;
    setStartFailed(undefined);
    try {
      const outcome = await startApplication.mutateAsync(saved.studentType);
      if (outcome.ok) navigate(applicationHref(outcome.data.id));
      else if (outcome.failure === 'draftExists') navigate(applicationHref(outcome.applicationId));
      else if (outcome.failure === 'noSession') onNoSession();
      else if (outcome.failure === 'secondFactorRequired' && onSecondFactorRequired) onSecondFactorRequired();
      else if (outcome.failure === 'rateLimited')
        setStartFailed(
          intl.formatMessage({ id: 'planner.error.rateLimited' }, { seconds: outcome.retryAfter ?? 60 }),
        );
      else setStartFailed(intl.formatMessage({ id: 'planner.application.start.failed' }));
    } catch (error) {
      const cause = failureCause(error);
      setStartFailed(
        cause === 'other'
          ? intl.formatMessage({ id: 'planner.application.start.failed' })
          : failureMessage({ cause, requestId: failureRequestId(error) }),
      );
    } finally {
      saving.current = false;
    }
  };

  // The task's fields read their own errors; another task's (a refusal can name it) only shows in the summary.
  const taskProps = { lists, draft, setDraft, fieldErrors: errors, locale };
  // What saving the answers as they stand would clear (a new kind of application clears the programme, the
  // supervisor, the ticks), said on the task's page before the applicant saves (issue 38 item 6).
  const clearing = unsaved ? prune(lists, draft).cleared : [];
  // Keyed by the task: each task is a page of its own, whose heading takes focus when it opens.
  const page = (name: Exclude<TaskName, 'summary'>) => (
    <TaskPage
      key={name}
      title={taskTitle(name)}
      errors={errors}
      fields={planFields.filter((field) => taskOfField[field] === name)}
      saving={save.isPending}
      warning={
        clearing.length > 0 ? <ClearingWarning lists={lists} draft={draft} cleared={clearing} /> : undefined
      }
      backHref={href}
      onBack={() => open(undefined)}
      onContinue={() => void submit(name)}
    >
      {name === 'kind' && <KindTask {...taskProps} />}
      {name === 'programme' && <ProgrammeTask {...taskProps} />}
      {name === 'supervisor' && <SupervisorTask {...taskProps} />}
      {name === 'documents' && <DocumentsTask {...taskProps} />}
      {name === 'scholarship' && <ScholarshipTask {...taskProps} />}
      {name === 'university' && <UniversityTask {...taskProps} />}
    </TaskPage>
  );

  return (
    <div ref={top} data-planner="">
      {task === undefined ? (
        <TaskList
          above={applications?.(lists)}
          lists={lists}
          plan={saved}
          notice={notice}
          unsavedTask={unsaved ? (editedTask ?? firstChanged(edits, saved)) : undefined}
          hrefOf={taskHref}
          onOpen={open}
        />
      ) : task === 'summary' ? (
        <Summary
          lists={lists}
          plan={saved}
          locale={locale}
          owner={draftOwner}
          onOpen={open}
          backHref={href}
          hrefOf={taskHref}
          start={
            applicationHref
              ? { onStart: () => void start(), starting: startApplication.isPending, failed: startFailed }
              : undefined
          }
        />
      ) : (
        page(task)
      )}
    </div>
  );
}

/** The first task whose answers differ between two plans (a draft kept without its task). */
function firstChanged(a: Plan, b: Plan): Exclude<TaskName, 'summary'> {
  const changed = new Set(changedFields(a, b));
  const field = planFields.find((name) => changed.has(name));
  return field ? taskOfField[field] : 'kind';
}
