import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  failureCause,
  failureRequestId,
  type Api,
  type ApplicationSummary,
  type HistoryEntry,
  type OptionGroup,
} from '@pre-admission/api';
import { useLocale } from '@pre-admission/i18n';
import { Button, LoadingIndicator, useFailureMessage, visuallyHidden } from '@pre-admission/ui';
import { nameIn } from '../names';
import * as plannerStyles from '../Planner.css';
import { PlannerLink } from '../TaskPage';
import { PlannerMessages } from './PlannerMessages';
import {
  historyMessage,
  japanTimeZone,
  openMessage,
  ownTimeZone,
  sameClock,
  statusTone,
  timeline,
  withdrawable,
} from './status';
import { WithdrawDialog } from './WithdrawDialog';
import * as styles from './ApplicationsOverview.css';

export interface ApplicationsOverviewProps {
  api: Api;
  /** The programmes list: each application's programme by name. */
  lists: { readonly programs: readonly OptionGroup[] };
  /** Each application's own address (the app's route table: /applications/:applicationId). */
  applicationHref: (applicationId: string) => string;
  /** The application plan's address: where an applicant without an application starts. */
  planHref: string;
  /** Goes to one of these addresses: the app's router, a new history entry. */
  navigate: (href: string) => void;
  /** The list answered 404: the session is gone; the app goes to `/`. */
  onNoSession: () => void;
  /** 403 `second_factor_required`: the app sends the applicant to the Sign-in and security page. */
  onSecondFactorRequired?: () => void;
  /** A failure this screen does not show itself (the list could not be read). */
  reportError: (error: unknown) => void;
  /** The applicant's time zone (default: the browser's): a due date is shown in Japan time and in it. */
  timeZone?: string;
  /** The heading's level: 1 on a page of its own (default), 2 inside another page. */
  headingLevel?: 1 | 2;
}

/**
 * docs/behaviour.md#applications: the applicant's applications, each with its status in words, its
 * reference number, what the desk asks (a return for changes: what and by when, in Japan time and the
 * applicant's own), the decision with its reason in the applicant's language, its history as a timeline, a
 * link to open it, and Withdraw while it can be withdrawn. None yet: the way forward, the application plan.
 */
export function ApplicationsOverview(props: ApplicationsOverviewProps) {
  return (
    <PlannerMessages>
      <Overview {...props} />
    </PlannerMessages>
  );
}

type ListAnswer = Awaited<ReturnType<Api['listApplications']>>;

/** The list's query: one per visit (gcTime 0), never sent again by itself, as the plan's. */
const listKey = ['applicationList'] as const;

/**
 * The list's query options. The Planner reads the list with the plan (one loading state for both, so the
 * overview never appears above a plan already on screen and pushes it down), and the overview then finds the
 * answer in the cache. A failed read is not sent again when the overview mounts (retryOnMount): the overview
 * reports it, and the app's retry reads it again.
 */
export const applicationListQuery = (api: Api) =>
  queryOptions({
    queryKey: listKey,
    queryFn: () => api.listApplications(),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    retryOnMount: false,
  });

function Overview({
  api,
  lists,
  applicationHref,
  planHref,
  navigate,
  onNoSession,
  onSecondFactorRequired,
  reportError,
  timeZone = ownTimeZone(),
  headingLevel = 1,
}: ApplicationsOverviewProps) {
  const intl = useIntl();
  const { locale } = useLocale();
  const failureMessage = useFailureMessage();
  const queryClient = useQueryClient();
  const list = useQuery(applicationListQuery(api));

  const failed = useEffectEvent((answer: ListAnswer | undefined, error: unknown) => {
    if (answer && !answer.ok) {
      if (answer.error.status === 404) onNoSession();
      else if (answer.error.problem?.code === 'second_factor_required' && onSecondFactorRequired)
        onSecondFactorRequired();
      else reportError(answer.error);
    } else if (error) reportError(error);
  });
  useEffect(() => failed(list.data, list.error), [list.data, list.error]);

  // Withdrawal: which application's dialog is open, the reason typed for each, the last attempt's errors.
  const [withdrawing, setWithdrawing] = useState<ApplicationSummary>();
  const [reasons, setReasons] = useState<Readonly<Record<string, string>>>({});
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const [withdrawn, setWithdrawn] = useState<ApplicationSummary>();
  const withdraw = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => api.withdrawApplication(id, { reason }),
    retry: false,
  });
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (withdrawn) noticeRef.current?.focus();
  }, [withdrawn]);

  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const Sub = headingLevel === 1 ? 'h2' : 'h3';
  const Minor = headingLevel === 1 ? 'h3' : 'h4';
  const title = (
    <Heading className={plannerStyles.title}>{intl.formatMessage({ id: 'planner.status.title' })}</Heading>
  );
  if (!list.data?.ok)
    return (
      <div className={plannerStyles.root}>
        {title}
        {list.isPending && <LoadingIndicator label={intl.formatMessage({ id: 'planner.status.loading' })} />}
      </div>
    );
  const applications = list.data.data;

  const programmes = lists.programs.flatMap((group) => group.options);
  const nameOf = (application: ApplicationSummary) => {
    const kind = intl.formatMessage({ id: `planner.kind.${application.studentType}` });
    const programme = programmes.find((option) => option.id === application.programId);
    return programme
      ? intl.formatMessage({ id: 'planner.status.name' }, { kind, programme: nameIn(locale, programme) })
      : kind;
  };
  // Two applications of one kind and programme (a withdrawn one and a new one) differ by their reference
  // number: the links' and buttons' names, and the notice, say it.
  const fullName = (application: ApplicationSummary) =>
    application.reference
      ? intl.formatMessage(
          { id: 'planner.status.nameWithReference' },
          { name: nameOf(application), reference: application.reference },
        )
      : nameOf(application);
  const when = (date: Date, zone = timeZone) => formatWhen(intl, date, zone);
  const time = (date: Date) => <time dateTime={date.toISOString()}>{when(date)}</time>;

  const submitWithdrawal = async (application: ApplicationSummary, reason: string) => {
    setErrors({});
    let error: unknown;
    try {
      const answer = await withdraw.mutateAsync({ id: application.id, reason });
      if (answer.ok) {
        queryClient.setQueryData<ListAnswer>(listKey, (current) =>
          current?.ok
            ? { ...current, data: current.data.map((a) => (a.id === answer.data.id ? answer.data : a)) }
            : current,
        );
        setReasons((all) => without(all, application.id));
        setWithdrawing(undefined);
        setWithdrawn(answer.data);
        return;
      }
      error = answer.error;
    } catch (thrown) {
      error = thrown;
    }
    // By the status and the problem's code, whether the adapter's table answers the failure or throws it: what
    // was typed stays in the dialog for each.
    const status = error instanceof ApiError ? error.status : undefined;
    const code = error instanceof ApiError ? error.problem?.code : undefined;
    if (status === 404 && code !== 'application_not_found') return onNoSession();
    if (code === 'second_factor_required' && onSecondFactorRequired) return onSecondFactorRequired();
    if (status === 400)
      return setErrors({ reason: intl.formatMessage({ id: 'planner.status.withdraw.reasonRefused' }) });
    if (status === 429)
      return setErrors({
        form: intl.formatMessage(
          { id: 'planner.status.withdraw.rateLimited' },
          { seconds: (error as ApiError).retryAfter ?? 60 },
        ),
      });
    if (status === 404 || status === 409) {
      // Decided or withdrawn meanwhile, or gone: the list is read again, and says where it stands.
      setErrors({ form: intl.formatMessage({ id: 'planner.status.withdraw.notWithdrawable' }) });
      void queryClient.invalidateQueries({ queryKey: listKey });
      return;
    }
    const cause = failureCause(error);
    setErrors({
      form:
        cause === 'other'
          ? intl.formatMessage({ id: 'planner.status.withdraw.failed' })
          : failureMessage({ cause, requestId: failureRequestId(error) }),
    });
  };

  const details = (application: ApplicationSummary): ReactNode => {
    const { status, reopened, decision } = application;
    if (status === 'returned' && reopened) {
      const due = reopened.dueAt;
      return (
        <div className={`${plannerStyles.inset} ${styles.stack}`}>
          <p className={plannerStyles.text}>{intl.formatMessage({ id: 'planner.status.returned.lead' })}</p>
          <blockquote className={styles.quote}>{reopened.message}</blockquote>
          {reopened.sections.length > 0 && (
            <p className={plannerStyles.text}>
              {intl.formatMessage(
                { id: 'planner.status.returned.sections' },
                {
                  sections: intl.formatList(
                    reopened.sections.map((section) =>
                      intl.formatMessage({ id: `planner.status.section.${section}` }),
                    ),
                    { type: 'conjunction' },
                  ),
                },
              )}
            </p>
          )}
          <p className={plannerStyles.text}>
            <strong>
              {intl.formatMessage(
                { id: 'planner.status.returned.due' },
                {
                  time: (
                    <time dateTime={reopened.dueAt.toISOString()}>{when(reopened.dueAt, japanTimeZone)}</time>
                  ),
                },
              )}
            </strong>
            {!sameClock(due, japanTimeZone, timeZone) && (
              <>
                {locale === 'ja' ? '' : ' '}
                {intl.formatMessage(
                  { id: 'planner.status.returned.dueLocal' },
                  { time: when(reopened.dueAt) },
                )}
              </>
            )}
          </p>
        </div>
      );
    }
    if (status === 'decided' && decision) {
      const reason = decision.reason && (locale === 'ja' ? decision.reason.ja : decision.reason.en);
      return (
        <>
          <p className={plannerStyles.text}>
            {intl.formatMessage({ id: `planner.status.decision.${decision.outcome}` })}
          </p>
          {reason && (
            <p className={plannerStyles.text}>
              {intl.formatMessage({ id: 'planner.status.decision.reason' }, { reason })}
            </p>
          )}
          {decision.message && <blockquote className={styles.quote}>{decision.message}</blockquote>}
        </>
      );
    }
    const at =
      status === 'draft'
        ? application.updatedAt
        : (timeline(application).at(-1)?.at ?? application.updatedAt);
    return (
      <p className={plannerStyles.text}>
        {intl.formatMessage({ id: `planner.status.about.${status}` }, { time: time(at) })}
      </p>
    );
  };

  const entry = (item: HistoryEntry, index: number) => {
    const reason =
      item.decision?.reason && (locale === 'ja' ? item.decision.reason.ja : item.decision.reason.en);
    return (
      <li key={index} className={styles.event}>
        {time(item.at)}
        <span>
          {intl.formatMessage(
            { id: historyMessage(item) },
            {
              reason: item.reason ?? reason ?? '',
              due: item.reopened ? when(item.reopened.dueAt, japanTimeZone) : '',
            },
          )}
        </span>
      </li>
    );
  };

  const card = (application: ApplicationSummary) => {
    const headingId = `application-${application.id}`;
    const history = timeline(application);
    return (
      <li key={application.id} className={styles.card}>
        <article aria-labelledby={headingId} className={plannerStyles.root}>
          <Sub id={headingId} className={plannerStyles.sectionHeading}>
            {nameOf(application)}
          </Sub>
          <dl className={plannerStyles.summaryList}>
            <div className={plannerStyles.summaryRow}>
              <dt className={plannerStyles.summaryKey}>
                {intl.formatMessage({ id: 'planner.status.label' })}
              </dt>
              <dd className={plannerStyles.summaryValue}>
                <span className={toneClass(statusTone(application.status))}>
                  {intl.formatMessage({ id: `planner.status.${application.status}` })}
                </span>
              </dd>
            </div>
            {application.reference && (
              <div className={plannerStyles.summaryRow}>
                <dt className={plannerStyles.summaryKey}>
                  {intl.formatMessage({ id: 'planner.status.reference' })}
                </dt>
                <dd className={`${plannerStyles.summaryValue} ${styles.reference}`}>
                  {application.reference}
                </dd>
              </div>
            )}
          </dl>
          {details(application)}
          {history.length > 0 && (
            <div>
              <Minor id={`${headingId}-history`} className={plannerStyles.groupHeading}>
                {intl.formatMessage({ id: 'planner.status.history.title' })}
              </Minor>
              <ol className={styles.timeline} aria-labelledby={`${headingId}-history`}>
                {history.map(entry)}
              </ol>
            </div>
          )}
          <div className={plannerStyles.actions}>
            <PlannerLink
              href={applicationHref(application.id)}
              onOpen={() => navigate(applicationHref(application.id))}
              className={plannerStyles.taskLink}
            >
              {intl.formatMessage({ id: openMessage(application.status) })}
              <span className={visuallyHidden}> {fullName(application)}</span>
            </PlannerLink>
            {withdrawable.has(application.status) && (
              <Button
                variant="secondary"
                onPress={() => {
                  setErrors({});
                  setWithdrawn(undefined);
                  setWithdrawing(application);
                }}
              >
                {intl.formatMessage({ id: 'planner.status.withdraw.open' })}
                <span className={visuallyHidden}> {fullName(application)}</span>
              </Button>
            )}
          </div>
        </article>
      </li>
    );
  };

  return (
    <div className={plannerStyles.root}>
      {title}
      {withdrawn && (
        <div
          ref={noticeRef}
          tabIndex={-1}
          role="region"
          aria-labelledby="applications-withdrawn"
          className={plannerStyles.notice}
        >
          <Sub id="applications-withdrawn" className={plannerStyles.sectionHeading}>
            {intl.formatMessage({ id: 'planner.status.withdraw.done' })}
          </Sub>
          <p className={plannerStyles.text}>
            {intl.formatMessage({ id: 'planner.status.withdraw.doneText' }, { name: fullName(withdrawn) })}
          </p>
        </div>
      )}
      {applications.length === 0 ? (
        <>
          <p className={plannerStyles.text}>{intl.formatMessage({ id: 'planner.status.none' })}</p>
          <p className={plannerStyles.text}>
            <PlannerLink href={planHref} onOpen={() => navigate(planHref)} className={plannerStyles.taskLink}>
              {intl.formatMessage({ id: 'planner.status.toPlan' })}
            </PlannerLink>
          </p>
        </>
      ) : (
        <ul className={styles.cards}>{applications.map(card)}</ul>
      )}
      <WithdrawDialog
        isOpen={withdrawing !== undefined}
        applicationId={withdrawing?.id ?? ''}
        name={withdrawing ? nameOf(withdrawing) : ''}
        reference={withdrawing?.reference ?? ''}
        reason={withdrawing ? (reasons[withdrawing.id] ?? '') : ''}
        onReasonChange={(reason) =>
          withdrawing && setReasons((all) => ({ ...all, [withdrawing.id]: reason }))
        }
        errors={errors}
        pending={withdraw.isPending}
        onWithdraw={(reason) => withdrawing && void submitWithdrawal(withdrawing, reason)}
        onClose={() => setWithdrawing(undefined)}
      />
    </div>
  );
}

/**
 * A date and time in a time zone, with the zone's short name ("2026年12月8日 17:00 JST", "December 8, 2026 at
 * 08:00 AM GMT"): `dateStyle` cannot be given with `timeZoneName`, so the parts are named one by one.
 */
export function formatWhen(intl: IntlShape, date: Date, timeZone: string): string {
  return intl.formatDate(date, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  });
}

const toneClass = (tone: ReturnType<typeof statusTone>) =>
  tone === 'action' ? styles.action : plannerStyles.status[tone];

function without<Value>(
  record: Readonly<Record<string, Value>>,
  key: string,
): Readonly<Record<string, Value>> {
  const { [key]: _gone, ...rest } = record;
  return rest;
}
