import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  failureCause,
  failureRequestId,
  type Api,
  type Application,
  type ApplicationPeriod,
} from '@pre-admission/api';
import { useLocale } from '@pre-admission/i18n';
import {
  answerProblems,
  documentSlots,
  nextPeriodFor,
  periodState,
  sectionStatuses,
  submissionProblems,
  type ApplicationAnswersInput,
  type FieldProblem,
} from '@pre-admission/rules';
import { LoadingIndicator, NotFound, useFailureMessage, type ErrorSummaryItem } from '@pre-admission/ui';
import { choiceNames, teacherName } from '../names';
import { PlannerMessages, type ReferenceQuery } from '../Planner';
import * as styles from '../Planner.css';
import { ApplicationTaskList } from './ApplicationTaskList';
import { CheckAnswers } from './CheckAnswers';
import { consentTaskStatus } from './consent';
import { ConsentPage } from './ConsentPage';
import { applicationListNames, type ApplicationScreenLists } from './lists';
import {
  answerSections,
  compact,
  editable,
  fieldId,
  nextPage,
  sectionNames,
  type AnswerSection,
  type PageName,
  type SectionName,
} from './model';
import { PeriodNotice, submittable, usePeriodClock } from './PeriodNotice';
import { fieldLabel, problemMessage } from './problems';
import { Receipt } from './Receipt';
import { forgetSectionDrafts, readSectionDraft, writeSectionDraft } from './sectionDrafts';
import { DocumentsPage, SectionPage } from './SectionPage';
import { ChoicesSection, planOf, prunedChoices } from './sections/ChoicesSection';
import { ContactSection } from './sections/ContactSection';
import { DeclarationsSection } from './sections/DeclarationsSection';
import { EducationSection } from './sections/EducationSection';
import { PersonalSection } from './sections/PersonalSection';
import { inJapan, japanMonth, ownTimeZone } from './times';

/** What the documents section (`DocumentsSection`, packages/planner/src/documents) gets from the application's screen. */
export interface DocumentsSlotProps {
  api: Api;
  application: Application;
  lists: ApplicationScreenLists;
  /** The application changed (a file uploaded or removed): its new state, or a reread when not given. */
  onChanged: (application?: Application) => void;
}

export interface ApplicationScreenProps {
  api: Api;
  /** The app's reference-data query, under its QueryClientProvider (as the planner's). */
  referenceQuery: ReferenceQuery;
  applicationId: string;
  /** The open page, from the address; undefined: the application's task list. */
  page?: PageName | undefined;
  /**
   * The address's fragment without `#`: the id of a field of the page (`application-personal-familyName`), which
   * takes focus when the page opens (a missing answer's link on "Check your answers", GOV.UK's error summary).
   */
  field?: string | undefined;
  /** The address of each of the application's pages; undefined: its task list. */
  hrefOf: (page?: PageName) => string;
  /** Goes to an address (the app's router, a new history entry). */
  navigate: (href: string) => void;
  /** The application plan (the planner's task list). */
  planHref: string;
  /** The privacy policy (declarations) and the e-mail change (contact details): the account kit's pages. */
  privacyHref: string;
  changeEmailHref: string;
  /** The signed-in account's address: the contact details show it; the receipt says the mail went there. */
  email?: string | undefined;
  /** A call answered 404 without a session: the app signs out and goes to `/`. */
  onNoSession: () => void;
  onSecondFactorRequired?: () => void;
  /** A failure the screen does not show itself (a read). */
  reportError: (error: unknown) => void;
  onReady?: () => void;
  /**
   * The documents section, where the app has it (`DocumentsSection`, packages/planner/src/documents), shown in
   * the section pages' frame; without it, the task list says the documents cannot be started yet.
   */
  documents?: (props: DocumentsSlotProps) => ReactNode;
  /** The clock and the applicant's time zone: the browser's unless a story fixes them. */
  now?: () => Date;
  timeZone?: string;
}

/**
 * An application (docs/behaviour.md#applications): its task list at `/applications/{id}`, each section at
 * `/applications/{id}/{section}`, "Check your answers" and the receipt. The pages are the address's (the app
 * reads it), as the planner's tasks are: Back, Forward and a reload keep the page.
 */
export function ApplicationScreen(props: ApplicationScreenProps) {
  return (
    <PlannerMessages>
      <ApplicationPages {...props} />
    </PlannerMessages>
  );
}

type ApplicationOutcome = Awaited<ReturnType<Api['getApplication']>>;
type Errors = Readonly<Record<string, string>>;
const formError = 'form';
/** The research plan's material type (the reference lists' supplementalMaterialTypes): it goes with a consent request. */
const researchPlanType = 1;

function ApplicationPages({
  api,
  referenceQuery,
  applicationId,
  page,
  field,
  hrefOf,
  navigate,
  planHref,
  privacyHref,
  changeEmailHref,
  email,
  onNoSession,
  onSecondFactorRequired,
  reportError,
  onReady,
  documents,
  now: clock = () => new Date(),
  timeZone = ownTimeZone(),
}: ApplicationScreenProps) {
  const intl = useIntl();
  const { locale } = useLocale();
  const queryClient = useQueryClient();
  const failureMessage = useFailureMessage();

  const listsQuery = useQuery(referenceQuery(api, applicationListNames));
  const lists: ApplicationScreenLists | undefined = listsQuery.data;
  const applicationKey = ['application', applicationId] as const;
  // Read once when the page opens, as the plan is (Planner.tsx says why): never refetched by itself.
  const applicationQuery = useQuery({
    queryKey: applicationKey,
    queryFn: () => api.getApplication(applicationId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  // Whether the programme option requires the supervisor's consent, and its requests: read with the
  // application, never refetched by itself; a request or a withdrawal stores the server's answer.
  const consentKey = ['applicationConsent', applicationId] as const;
  const consentQuery = useQuery({
    queryKey: consentKey,
    queryFn: () => api.getApplicationConsent(applicationId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const periodsQuery = useQuery({
    queryKey: ['applicationPeriods'],
    queryFn: () => api.listApplicationPeriods(),
    // The server caches them for a minute.
    staleTime: 60_000,
    retry: false,
  });
  // networkMode 'always': offline, a save fails at once and says so; it never goes by itself later (issue 38
  // item 6, as the plan's).
  const save = useMutation({
    mutationFn: (patch: Parameters<Api['saveApplicationAnswers']>[1]) =>
      api.saveApplicationAnswers(applicationId, patch),
    retry: false,
    networkMode: 'always',
  });
  const send = useMutation({
    mutationFn: () => api.submitApplication(applicationId),
    retry: false,
    networkMode: 'always',
  });
  // A save or a submission under way refuses another at once (a double click).
  const busy = useRef(false);

  const outcome = applicationQuery.data;
  const application = outcome?.ok ? outcome.data : undefined;
  const periods: readonly ApplicationPeriod[] = periodsQuery.data?.ok ? periodsQuery.data.data : [];
  // Re-renders when what the period notice says changes (the time left, the close), so Submit goes with it.
  const now = usePeriodClock(periods, application?.answers.choices.programId, clock);

  // What the applicant typed in each section and has not saved: kept while moving between the pages, and in
  // the tab's storage (./sectionDrafts.ts) for a reload or a tab closed by accident.
  const [drafts, setDrafts] = useState<Partial<ApplicationAnswersInput>>({});
  // The sections whose unsaved answers came back from the tab's storage: their page says so until saved.
  const [restored, setRestored] = useState<readonly AnswerSection[]>([]);
  // Read while rendering, once the application is known (as the planner's draft, Planner.tsx): the first
  // render of its pages already has them. A section the applicant can no longer change drops them.
  const [restoredFor, setRestoredFor] = useState<string>();
  if (application && restoredFor !== application.id) {
    setRestoredFor(application.id);
    const kept: Partial<Record<AnswerSection, unknown>> = {};
    for (const section of answerSections) {
      const answers = editable(application, section) ? readSectionDraft(application.id, section) : undefined;
      if (answers !== undefined && !sameAnswers(answers, application.answers[section]))
        kept[section] = answers;
      else forgetSectionDrafts(application.id, undefined, [section]);
    }
    const sections = answerSections.filter((section) => section in kept);
    if (sections.length > 0) {
      setDrafts((typed) => ({ ...(kept as Partial<ApplicationAnswersInput>), ...typed }));
      setRestored(sections);
    }
  }
  // Each section's errors: its last save's, or the submission's refusal of its fields.
  const [errors, setErrors] = useState<Partial<Record<SectionName, Errors>>>({});
  const [submitFailure, setSubmitFailure] = useState<{ items: ErrorSummaryItem[]; attempt: number }>();

  const readFailed = useEffectEvent((read: ApplicationOutcome | undefined, error: unknown) => {
    if (read && !read.ok) {
      if (read.failure === 'noSession') onNoSession();
      else if (read.failure === 'secondFactorRequired' && onSecondFactorRequired) onSecondFactorRequired();
      else if (read.failure !== 'applicationNotFound') reportError(read.error);
    } else if (error) reportError(error);
  });
  useEffect(
    () => readFailed(applicationQuery.data, applicationQuery.error),
    [applicationQuery.data, applicationQuery.error],
  );
  useEffect(() => {
    if (listsQuery.isError) reportError(listsQuery.error);
  }, [listsQuery.isError, listsQuery.error, reportError]);

  const ready = lists !== undefined && application !== undefined;
  const reportReady = useEffectEvent(() => onReady?.());
  useEffect(() => {
    if (ready) reportReady();
  }, [ready]);

  const top = useRef<HTMLDivElement>(null);
  useEffect(() => {
    top.current?.scrollIntoView?.({ block: 'start' });
  }, [page]);
  // A page opened for a field (the address's fragment: a missing answer's link) gives that field the focus
  // and scrolls its label into view (GOV.UK's error summary): after the page's own effects (its heading took
  // the focus), and once the page is there (a reload waits for the application).
  useEffect(() => {
    const target = field ? document.getElementById(field) : null;
    if (!target || !top.current?.contains(target)) return;
    target.closest('[data-rac], div')?.scrollIntoView?.({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [page, field, ready]);

  if (outcome && !outcome.ok && outcome.failure === 'applicationNotFound')
    return <NotFound homeHref={planHref} />;
  if (!lists || !application)
    return (
      <div className={styles.root}>
        <h1 className={styles.title}>{intl.formatMessage({ id: 'planner.application.title' })}</h1>
        <LoadingIndicator label={intl.formatMessage({ id: 'planner.application.loading' })} />
      </div>
    );

  /** Opens a page; with a field's path, that field of the page (`personal.familyName`). */
  const open = (next?: PageName, path?: string) =>
    navigate(path ? `${hrefOf(next)}#${fieldId(path)}` : hrefOf(next));
  const answersOf = <Section extends AnswerSection>(section: Section): ApplicationAnswersInput[Section] =>
    drafts[section] ?? application.answers[section];
  const setDraft = <Section extends AnswerSection>(
    section: Section,
    answers: ApplicationAnswersInput[Section],
  ) => {
    writeSectionDraft(application.id, section, answers);
    setDrafts((old) => ({ ...old, [section]: answers }));
  };
  const asErrors = (problems: readonly { field: string; code: string }[]): Errors =>
    Object.fromEntries(problems.map(({ field, code }) => [field, problemMessage(intl, field, code)]));
  const sectionOfPath = (path: string) => path.split('.')[0] as SectionName;
  const stored = (next: Application) =>
    queryClient.setQueryData<ApplicationOutcome>(applicationKey, {
      ok: true,
      data: next,
    } as ApplicationOutcome);

  /** A section's answers as they are sent: later choices pruned, blanks and empty entries left out. */
  const toSend = (section: AnswerSection) => {
    const answers = answersOf(section);
    if (section === 'choices')
      return compact(
        prunedChoices(lists, application.studentType, answers as ApplicationAnswersInput['choices']),
      );
    if (section === 'education') {
      const { entries } = answers as ApplicationAnswersInput['education'];
      return { entries: entries.map(compact).filter((entry) => Object.keys(entry).length > 0) };
    }
    return compact(answers);
  };

  const saveSection = async (section: AnswerSection) => {
    if (busy.current) return;
    const sent = toSend(section);
    const merged = { ...application.answers, [section]: sent } as ApplicationAnswersInput;
    // The same check the server makes (@pre-admission/rules): what is wrong is said before anything is sent.
    const problems = answerProblems(
      lists,
      { studentType: application.studentType, answers: merged },
      now,
    ).filter((problem) => sectionOfPath(problem.field) === section);
    if (problems.length > 0) {
      setErrors((old) => ({ ...old, [section]: asErrors(problems) }));
      return;
    }
    busy.current = true;
    try {
      const result = await save.mutateAsync({ [section]: sent });
      if (result.ok) {
        stored(result.data);
        forgetSectionDrafts(application.id, undefined, [section]);
        setRestored((sections) => sections.filter((name) => name !== section));
        setDrafts(({ [section]: _saved, ...rest }) => rest);
        setErrors(({ [section]: _gone, ...rest }) => rest);
        // The next section, or the one after it while the documents cannot be started (no supervisor yet, or
        // no documents section in this app).
        const next = nextPage(section);
        const documentsReady =
          documents !== undefined &&
          documentSlots(lists, result.data.studentType, result.data.answers.choices) !== undefined;
        open(next === 'documents' && !documentsReady ? nextPage('documents') : next);
        return;
      }
      const say = (message: string) => setErrors((old) => ({ ...old, [section]: { [formError]: message } }));
      switch (result.failure) {
        case 'noSession':
          return onNoSession();
        case 'secondFactorRequired':
          return onSecondFactorRequired
            ? onSecondFactorRequired()
            : say(intl.formatMessage({ id: 'planner.error.saveFailed' }));
        case 'rateLimited':
          return say(
            intl.formatMessage({ id: 'planner.error.rateLimited' }, { seconds: result.retryAfter ?? 60 }),
          );
        case 'validation': {
          const fields = result.fieldErrors.filter((error) => sectionOfPath(error.field) === section);
          return setErrors((old) => ({
            ...old,
            [section]:
              fields.length > 0
                ? asErrors(fields)
                : { [formError]: intl.formatMessage({ id: 'planner.error.refused' }) },
          }));
        }
        case 'notEditable':
          return say(intl.formatMessage({ id: 'planner.application.error.notEditable' }));
        case 'pastDue':
          return say(intl.formatMessage({ id: 'planner.application.error.pastDue' }));
        default:
          return say(intl.formatMessage({ id: 'planner.application.error.gone' }));
      }
    } catch (error) {
      const cause = failureCause(error);
      setErrors((old) => ({
        ...old,
        [section]: {
          [formError]:
            cause === 'other'
              ? intl.formatMessage({ id: 'planner.error.saveFailed' })
              : failureMessage({ cause, requestId: failureRequestId(error) }),
        },
      }));
    } finally {
      busy.current = false;
    }
  };

  const item = (problem: { field: string; code: string }): ErrorSummaryItem => {
    const section = sectionOfPath(problem.field);
    return {
      label: fieldLabel(intl, lists, problem.field),
      message: problemMessage(intl, problem.field, problem.code),
      href: `${hrefOf(section)}#${fieldId(problem.field)}`,
      onFollow: () => open(section, problem.field),
    };
  };

  const submit = async () => {
    if (busy.current) return;
    busy.current = true;
    const fail = (items: ErrorSummaryItem[]) =>
      setSubmitFailure((old) => ({ items, attempt: (old?.attempt ?? 0) + 1 }));
    const say = (message: string) => fail([{ message }]);
    try {
      const result = await send.mutateAsync();
      if (result.ok) {
        stored(result.data);
        // Submitted: nothing is editable any more, so nothing unsaved is kept.
        forgetSectionDrafts(application.id);
        setDrafts({});
        setRestored([]);
        setSubmitFailure(undefined);
        open('receipt');
        return;
      }
      switch (result.failure) {
        case 'noSession':
          return onNoSession();
        case 'secondFactorRequired':
          return onSecondFactorRequired
            ? onSecondFactorRequired()
            : say(intl.formatMessage({ id: 'planner.application.submit.failed' }));
        case 'rateLimited':
          return say(
            intl.formatMessage({ id: 'planner.error.rateLimited' }, { seconds: result.retryAfter ?? 60 }),
          );
        case 'validation': {
          // The server's refusal, field by field: each links to its section, whose page shows it at the field.
          const bySection: Partial<Record<SectionName, Record<string, string>>> = {};
          for (const error of result.fieldErrors) {
            const section = sectionOfPath(error.field);
            bySection[section] = {
              ...bySection[section],
              [error.field]: problemMessage(intl, error.field, error.code),
            };
          }
          setErrors((old) => ({ ...old, ...bySection }));
          return fail(
            result.fieldErrors.length > 0
              ? result.fieldErrors.map(item)
              : [{ message: intl.formatMessage({ id: 'planner.application.submit.refused' }) }],
          );
        }
        case 'periodClosed': {
          const closed = periods
            .filter(
              (p) =>
                p.programId === application.answers.choices.programId && periodState(p, now) === 'closed',
            )
            .sort((a, b) => b.closesAt.getTime() - a.closesAt.getTime())[0];
          return say(
            closed
              ? intl.formatMessage(
                  { id: 'planner.application.submit.periodClosed' },
                  { opened: inJapan(intl, closed.opensAt), closed: inJapan(intl, closed.closesAt) },
                )
              : intl.formatMessage({ id: 'planner.application.submit.periodClosedNow' }),
          );
        }
        case 'noPeriod':
          return say(intl.formatMessage({ id: 'planner.application.submit.noPeriod' }));
        case 'alreadyOpen':
          return say(intl.formatMessage({ id: 'planner.application.submit.alreadyOpen' }));
        case 'consentRequired':
          // Withdrawn or expired since the page was read: the consent is read again (the page then names it),
          // and the summary's link leads to the consent page.
          void queryClient.invalidateQueries({ queryKey: consentKey });
          return fail([
            {
              message: intl.formatMessage({ id: 'planner.application.submit.consentRequired' }),
              href: hrefOf('consent'),
              onFollow: () => open('consent'),
            },
          ]);
        case 'notEditable':
          return say(intl.formatMessage({ id: 'planner.application.error.notEditable' }));
        case 'pastDue':
          return say(intl.formatMessage({ id: 'planner.application.error.pastDue' }));
        default:
          return say(intl.formatMessage({ id: 'planner.application.error.gone' }));
      }
    } catch (error) {
      const cause = failureCause(error);
      say(
        cause === 'other'
          ? intl.formatMessage({ id: 'planner.application.submit.failed' })
          : failureMessage({ cause, requestId: failureRequestId(error) }),
      );
    } finally {
      busy.current = false;
    }
  };

  const programId = application.answers.choices.programId;
  const names = choiceNames(lists, planOf(application.studentType, application.answers.choices), intl);
  const statuses = sectionStatuses(lists, application, now);
  const slotsKnown = documentSlots(lists, application.studentType, application.answers.choices) !== undefined;
  const canStart = Object.fromEntries(
    sectionNames.map((section) => [
      section,
      section !== 'documents' || (documents !== undefined && slotsKnown),
    ]),
  ) as Record<SectionName, boolean>;
  const period = <PeriodNotice periods={periods} programId={programId} now={now} timeZone={timeZone} />;
  const summaryProps = { application, lists, locale, email };
  const sectionPage = (section: AnswerSection, title: string, body: ReactNode) => (
    <SectionPage
      key={section}
      title={title}
      errors={errors[section] ?? {}}
      restored={restored.includes(section)}
      saving={save.isPending}
      readOnly={!editable(application, section)}
      backHref={hrefOf()}
      onBack={() => open()}
      onSave={() => void saveSection(section)}
    >
      {body}
    </SectionPage>
  );
  const sectionProps = <Section extends AnswerSection>(section: Section) => ({
    lists,
    locale,
    answers: answersOf(section),
    onChange: (answers: ApplicationAnswersInput[Section]) => setDraft(section, answers),
  });
  const title = (section: SectionName | 'check') =>
    intl.formatMessage({ id: `planner.application.section.${section}` });

  const consent = consentQuery.data?.ok ? consentQuery.data.data : undefined;
  // The consent task's status where the programme option requires consent; else there is no such task.
  const consentStep = consent?.required ? consentTaskStatus(consent) : undefined;
  const researchPlan = [...application.documents]
    .filter(
      (document) =>
        document.slotKind === 'material' &&
        lists.supplementalMaterialRequires.some(
          (slot) => slot.id === document.slotTypeId && slot.supplementalMaterialTypeId === researchPlanType,
        ),
    )
    .sort((a, b) => b.uploadedAt.getTime() - a.uploadedAt.getTime())[0]?.fileName;

  let content: ReactNode;
  if (page === 'consent')
    content = consent ? (
      <ConsentPage
        key="consent"
        api={api}
        applicationId={application.id}
        consent={consent}
        teacherId={application.answers.choices.teacherId}
        teacherNameOf={(id) => {
          const teacher = lists.teachers.find((item) => item.id === id);
          return teacher && teacherName(locale, teacher);
        }}
        researchPlan={researchPlan}
        draft={application.status === 'draft'}
        onConsent={(next) =>
          queryClient.setQueryData<typeof consentQuery.data>(consentKey, {
            ok: true,
            data: next,
          } as typeof consentQuery.data)
        }
        onReread={() => void queryClient.invalidateQueries({ queryKey: consentKey })}
        hrefOf={(next) => hrefOf(next)}
        onOpen={(next) => open(next)}
        onNoSession={onNoSession}
        onSecondFactorRequired={onSecondFactorRequired}
      />
    ) : (
      <div className={styles.root}>
        <h1 className={styles.title}>{intl.formatMessage({ id: 'planner.application.section.consent' })}</h1>
        {consentQuery.isPending ? (
          <LoadingIndicator label={intl.formatMessage({ id: 'planner.application.consent.loading' })} />
        ) : (
          <p role="alert" className={styles.errorMessage}>
            {intl.formatMessage({ id: 'planner.application.consent.error.readFailed' })}
          </p>
        )}
      </div>
    );
  else if (page === 'choices')
    content = sectionPage(
      'choices',
      title('choices'),
      <ChoicesSection
        {...sectionProps('choices')}
        studentType={application.studentType}
        saved={application.answers.choices}
        errors={errors.choices ?? {}}
      />,
    );
  else if (page === 'personal')
    content = sectionPage('personal', title('personal'), <PersonalSection {...sectionProps('personal')} />);
  else if (page === 'contact')
    content = sectionPage(
      'contact',
      title('contact'),
      <ContactSection {...sectionProps('contact')} email={email} changeEmailHref={changeEmailHref} />,
    );
  else if (page === 'education')
    content = sectionPage(
      'education',
      title('education'),
      <EducationSection
        {...sectionProps('education')}
        studentType={application.studentType}
        thisMonth={japanMonth(now)}
      />,
    );
  else if (page === 'declarations')
    content = sectionPage(
      'declarations',
      title('declarations'),
      <DeclarationsSection {...sectionProps('declarations')} privacyHref={privacyHref} />,
    );
  else if (page === 'documents' && documents && slotsKnown)
    content = (
      <DocumentsPage
        key="documents"
        title={title('documents')}
        backHref={hrefOf()}
        onBack={() => open()}
        onContinue={() => open(nextPage('documents'))}
      >
        {documents({
          api,
          application,
          lists,
          onChanged: (next) => {
            if (next) stored(next);
            else void queryClient.invalidateQueries({ queryKey: applicationKey });
          },
        })}
      </DocumentsPage>
    );
  else if (page === 'check' && (application.status === 'draft' || application.status === 'returned')) {
    const next = programId === undefined ? undefined : nextPeriodFor(periods, programId, now);
    content = (
      <CheckAnswers
        {...summaryProps}
        missing={submissionProblems(lists, application, now) as FieldProblem[]}
        consent={
          consentStep === undefined || consentStep === 'accepted'
            ? undefined
            : {
                status: consentStep,
                href: hrefOf('consent'),
                onOpen: () => open('consent'),
              }
        }
        period={period}
        submittable={submittable(periods, programId, now)}
        opensAt={next && inJapan(intl, next.opensAt)}
        failure={submitFailure}
        submitting={send.isPending}
        onSubmit={() => void submit()}
        hrefOf={(section) => hrefOf(section)}
        onOpen={(section, path) => open(section, path)}
        backHref={hrefOf()}
        onBack={() => open()}
      />
    );
  } else if ((page === 'receipt' || page === 'check') && application.status !== 'draft')
    content = <Receipt {...summaryProps} planHref={planHref} onPlan={() => navigate(planHref)} />;
  else
    content = (
      <ApplicationTaskList
        application={application}
        programme={names.programme}
        statuses={statuses}
        canStart={canStart}
        consent={consentStep}
        period={period}
        hrefOf={(next) => hrefOf(next)}
        onOpen={(next) => open(next)}
        planHref={planHref}
        onPlan={() => navigate(planHref)}
      />
    );

  return (
    <div ref={top} data-application="">
      {content}
    </div>
  );
}

/** Whether kept answers are the saved ones again (typed, then changed back): nothing to restore. */
const sameAnswers = (kept: unknown, saved: unknown) =>
  JSON.stringify(compact(kept)) === JSON.stringify(compact(saved));
