import { useIntl } from 'react-intl';
import { Link } from '../Link';
// The not-found page's layout and the unexpected-error screen's stack box: no CSS of its own for the sign-in
// page's first load to carry (tests/budget).
import * as page from '../NotFound/NotFound.css';
import * as details from '../UnexpectedError/UnexpectedError.css';

export interface ProblemPageProps {
  /** The Pre-admission Support Desk's address, shown as a mail link. */
  supportEmail: string;
  /** The failed request's id (the server logs it), for the applicant to quote. */
  requestId?: string;
  /** The way back: the site's top page (the app's route table). */
  homeHref: string;
  /** Development builds only: the error's stack, for the developer reading the page. */
  stack?: string;
}

/**
 * "Sorry, there is a problem with the service" (GOV.UK's problem page, issue 27): a failure outside any form,
 * in the site's language, inside the site's layout. What happened, what to do now, how to reach the desk
 * and the reference to quote, a way back. Never a stack trace in a production build (the app passes one
 * only in development).
 */
export function ProblemPage({ supportEmail, requestId, homeHref, stack }: ProblemPageProps) {
  const intl = useIntl();
  return (
    <div className={page.root}>
      <h1 className={page.title}>{intl.formatMessage({ id: 'ui.problemPage.title' })}</h1>
      <p className={page.body}>{intl.formatMessage({ id: 'ui.problemPage.tryLater' })}</p>
      <p className={page.body}>{intl.formatMessage({ id: 'ui.problemPage.notSaved' })}</p>
      <p className={page.body}>
        {intl.formatMessage(
          { id: 'ui.failure.contact' },
          { email: <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link> },
        )}
        {requestId && (
          <>
            {intl.locale.startsWith('ja') ? '' : ' '}
            {intl.formatMessage({ id: 'ui.failure.reference' }, { requestId })}
          </>
        )}
      </p>
      <p className={page.body}>
        <Link href={homeHref}>{intl.formatMessage({ id: 'ui.problemPage.home' })}</Link>
      </p>
      {stack && (
        <>
          <h2 className={details.stackTitle}>{intl.formatMessage({ id: 'ui.problemPage.details' })}</h2>
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard */}
          <pre className={details.stack} tabIndex={0} lang="en">
            {stack}
          </pre>
        </>
      )}
    </div>
  );
}
