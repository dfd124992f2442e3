import { useIntl } from 'react-intl';
import type { MessageId } from '@pre-admission/i18n';
import { Button, Link, LoadingIndicator } from '@pre-admission/ui';
import { nameOf, type DeskLists } from '../lists';
import { consentStatuses, type StaffConsentRequest } from '../model';
import { ScrollingTable } from '../ScrollingTable';
import { applicantName, consentStatusMessage, consentTone, formatDay, formatTime } from '../status';
import * as styles from '../Desk.css';

/** Where the list is: the app's query state, as the screen shows it. */
export type ConsentListState =
  | { status: 'loading' }
  | { status: 'failed'; onRetry: () => void }
  | { status: 'loaded'; requests: ReadonlyArray<StaffConsentRequest> };

export interface ConsentRequestsListProps {
  state: ConsentListState;
  lists: Pick<DeskLists, 'programmes'>;
  /** The address of a request's page. */
  requestHref: (id: string) => string;
}

/**
 * The order the list shows: the requests waiting for an answer first, the one due soonest at the top; then
 * the others by state, newest first as the server sends them.
 */
function consentOrder(requests: ReadonlyArray<StaffConsentRequest>): StaffConsentRequest[] {
  const rank = (request: StaffConsentRequest) => consentStatuses.indexOf(request.status);
  return [...requests].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.status === 'requested' ? a.expiresAt.localeCompare(b.expiresAt) : 0) ||
      b.requestedAt.localeCompare(a.requestedAt),
  );
}

/**
 * The supervisor's consent requests (issue 40, item 2): a supervisor's own, or every one for the desk. How
 * many wait for an answer, then a table whose applicants' names link to each request, with the programme,
 * the day it was asked and the time an answer is due by, in Japan time.
 */
export function ConsentRequestsList({ state, lists, requestHref }: ConsentRequestsListProps) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  return (
    <div className={styles.root}>
      <h1 className={styles.title}>{t('desk.consent.title')}</h1>
      {state.status === 'loading' && <LoadingIndicator label={t('desk.consent.loading')} />}
      {state.status === 'failed' && (
        <div className={styles.notice} role="alert">
          <h2 className={styles.heading}>{t('desk.consent.failed.title')}</h2>
          <p className={styles.text}>{t('desk.consent.failed.text')}</p>
          <Button variant="secondary" onPress={state.onRetry}>
            {t('desk.list.retry')}
          </Button>
        </div>
      )}
      {state.status === 'loaded' && (
        <Requests requests={state.requests} lists={lists} requestHref={requestHref} />
      )}
    </div>
  );
}

function Requests({
  requests,
  lists,
  requestHref,
}: Omit<ConsentRequestsListProps, 'state'> & { requests: ReadonlyArray<StaffConsentRequest> }) {
  const intl = useIntl();
  const waiting = requests.filter((request) => request.status === 'requested').length;
  if (requests.length === 0)
    return (
      <div className={styles.notice}>
        <h2 className={styles.heading}>{intl.formatMessage({ id: 'desk.consent.empty.title' })}</h2>
        <p className={styles.text}>{intl.formatMessage({ id: 'desk.consent.empty.text' })}</p>
      </div>
    );
  return (
    <>
      <p role="status" className={styles.text}>
        <strong>{intl.formatMessage({ id: 'desk.consent.waiting' }, { count: waiting })}</strong>
      </p>
      <ScrollingTable caption={intl.formatMessage({ id: 'desk.consent.caption' })}>
        <thead>
          <tr>
            {(
              [
                'desk.consent.column.applicant',
                'desk.filter.programme',
                'desk.consent.column.requested',
                'desk.consent.column.expires',
                'desk.column.status',
              ] as const
            ).map((id) => (
              <th key={id} scope="col" className={styles.headCell}>
                {intl.formatMessage({ id })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {consentOrder(requests).map((request) => (
            <tr key={request.id}>
              <td className={styles.cell}>
                <Link href={requestHref(request.id)} className={styles.link}>
                  {applicantName(request.applicant) || intl.formatMessage({ id: 'desk.answer.notAnswered' })}
                </Link>
                {request.applicant.nameJa && (
                  <>
                    <br />
                    <span className={styles.muted}>{request.applicant.nameJa}</span>
                  </>
                )}
              </td>
              {/* The programme's name says its kind; the kind alone without one (as the applications list). */}
              <td className={styles.cell}>
                {request.programId === undefined
                  ? intl.formatMessage({ id: `desk.kind.${request.studentType}` })
                  : nameOf(intl, lists.programmes, request.programId)}
              </td>
              <td className={styles.cell}>{formatDay(intl, request.requestedAt)}</td>
              <td className={styles.cell}>{formatTime(intl, request.expiresAt)}</td>
              <td className={styles.cell}>
                <span className={styles.status[consentTone(request.status)]}>
                  {intl.formatMessage({ id: consentStatusMessage(request.status) })}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollingTable>
    </>
  );
}
