import { ScrollingTable } from '../ScrollingTable';
import { useIntl } from 'react-intl';
import { Button, Link, LoadingIndicator } from '@pre-admission/ui';
import { nameOf } from '../lists';
import type { ApplicationFilters, StaffApplicationList, StaffApplicationSummary } from '../model';
import { formatDay, statusMessage, statusTone } from '../status';
import { cleared, FilterForm, hasFilters, type FilterLists } from './FilterForm';
import * as styles from '../Desk.css';

/** Where the list is: the app's query state, as the screen shows it. */
export type ListState =
  | { status: 'loading' }
  | { status: 'failed'; onRetry: () => void }
  | { status: 'loaded'; list: StaffApplicationList };

export interface ApplicationsListProps {
  /** The filters, sort, search and page: the app keeps them in the address. */
  filters: ApplicationFilters;
  onChange: (filters: ApplicationFilters) => void;
  state: ListState;
  lists: FilterLists;
  /** The address of an application's page. */
  applicationHref: (id: string) => string;
  /**
   * Every application the filters match as a CSV file (exportStaffApplications, with these filters): a plain
   * link, which the browser downloads. None: no download is offered.
   */
  exportHref?: string;
}

/**
 * The desk's list of applications (issue 40, item 3): filters, the matching count, one page of the results
 * as a table whose references link to each application, and paging. The filters stay usable while a page
 * loads or after a failure, so that a filter that went wrong can be taken back.
 */
export function ApplicationsList({
  filters,
  onChange,
  state,
  lists,
  applicationHref,
  exportHref,
}: ApplicationsListProps) {
  const intl = useIntl();
  return (
    <div className={styles.root}>
      <h1 className={styles.title}>{intl.formatMessage({ id: 'desk.list.title' })}</h1>
      <FilterForm filters={filters} onChange={onChange} lists={lists} />
      {state.status === 'loading' && (
        <LoadingIndicator label={intl.formatMessage({ id: 'desk.list.loading' })} />
      )}
      {state.status === 'failed' && (
        <div className={styles.notice} role="alert">
          <h2 className={styles.heading}>{intl.formatMessage({ id: 'desk.list.failed.title' })}</h2>
          <p className={styles.text}>{intl.formatMessage({ id: 'desk.list.failed.text' })}</p>
          <Button variant="secondary" onPress={state.onRetry}>
            {intl.formatMessage({ id: 'desk.list.retry' })}
          </Button>
        </div>
      )}
      {state.status === 'loaded' && (
        <Results
          list={state.list}
          filters={filters}
          onChange={onChange}
          lists={lists}
          applicationHref={applicationHref}
          exportHref={exportHref}
        />
      )}
    </div>
  );
}

interface ResultsProps extends Omit<ApplicationsListProps, 'state'> {
  list: StaffApplicationList;
}

function Results({ list, filters, onChange, lists, applicationHref, exportHref }: ResultsProps) {
  const intl = useIntl();
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  const page = Math.min(list.page, pages);
  const toPage = (next: number) => onChange({ ...filters, page: next === 1 ? undefined : next });
  return (
    <>
      {/* A status: a screen reader hears the new count after each filter, without moving there. */}
      <p role="status" className={styles.text}>
        <strong>{intl.formatMessage({ id: 'desk.list.count' }, { count: list.total })}</strong>
      </p>
      {exportHref && list.total > 0 && (
        <p className={styles.text}>
          <Link href={exportHref} className={styles.link} download>
            {intl.formatMessage({ id: 'desk.export.csv' })}
          </Link>
        </p>
      )}
      {list.applications.length === 0 ? (
        <div className={styles.notice}>
          <h2 className={styles.heading}>{intl.formatMessage({ id: 'desk.list.empty.title' })}</h2>
          <p className={styles.text}>{intl.formatMessage({ id: 'desk.list.empty.text' })}</p>
          {hasFilters(filters) && (
            <Button variant="secondary" onPress={() => onChange(cleared(filters))}>
              {intl.formatMessage({ id: 'desk.filter.clear' })}
            </Button>
          )}
        </div>
      ) : (
        <ScrollingTable caption={intl.formatMessage({ id: 'desk.paging.position' }, { page, pages })}>
          <thead>
            <tr>
              <th scope="col" className={styles.headCell}>
                {intl.formatMessage({ id: 'desk.column.reference' })}
              </th>
              <th scope="col" className={styles.headCell}>
                {intl.formatMessage({ id: 'desk.column.name' })}
              </th>
              <th scope="col" className={styles.headCell}>
                {intl.formatMessage({ id: 'desk.filter.programme' })}
              </th>
              <th scope="col" className={styles.headCell}>
                {intl.formatMessage({ id: 'desk.column.status' })}
              </th>
              <th scope="col" className={styles.headCell}>
                {intl.formatMessage({ id: 'desk.column.submitted' })}
              </th>
            </tr>
          </thead>
          <tbody>
            {list.applications.map((application) => (
              <Row
                key={application.id}
                application={application}
                lists={lists}
                href={applicationHref(application.id)}
              />
            ))}
          </tbody>
        </ScrollingTable>
      )}
      {pages > 1 && (
        <nav aria-label={intl.formatMessage({ id: 'desk.paging.label' })} className={styles.paging}>
          <Button variant="secondary" isDisabled={page <= 1} onPress={() => toPage(page - 1)}>
            {intl.formatMessage({ id: 'desk.paging.previous' })}
          </Button>
          <span>{intl.formatMessage({ id: 'desk.paging.position' }, { page, pages })}</span>
          <Button variant="secondary" isDisabled={page >= pages} onPress={() => toPage(page + 1)}>
            {intl.formatMessage({ id: 'desk.paging.next' })}
          </Button>
        </nav>
      )}
    </>
  );
}

function Row({
  application,
  lists,
  href,
}: {
  application: StaffApplicationSummary;
  lists: FilterLists;
  href: string;
}) {
  const intl = useIntl();
  const name = [application.familyName, application.givenNames].filter(Boolean).join(' ');
  return (
    <tr>
      <td className={styles.cell}>
        <Link href={href} className={`${styles.link} ${styles.reference}`}>
          {application.reference ?? intl.formatMessage({ id: 'desk.list.noReference' })}
        </Link>
      </td>
      <td className={styles.cell}>
        {name || intl.formatMessage({ id: 'desk.answer.notAnswered' })}
        {application.nameJa && (
          <>
            <br />
            <span className={styles.muted}>{application.nameJa}</span>
          </>
        )}
      </td>
      {/* The programme's name says its kind ("Master's programme (April entry)"); the kind alone without one. */}
      <td className={styles.cell}>
        {application.programId === undefined
          ? intl.formatMessage({ id: `desk.kind.${application.studentType}` })
          : nameOf(intl, lists.programmes, application.programId)}
      </td>
      <td className={styles.cell}>
        <span className={styles.status[statusTone(application.status)]}>
          {intl.formatMessage({ id: statusMessage(application.status) })}
        </span>
      </td>
      <td className={styles.cell}>{application.submittedAt && formatDay(intl, application.submittedAt)}</td>
    </tr>
  );
}
