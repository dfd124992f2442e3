import { ApiError, NetworkError } from '@pre-admission/api';
import { FixedLocale, type Locale } from '@pre-admission/i18n';
import { clearAnnouncements, Header, PageLayout, ProblemPage } from '@pre-admission/ui';
import {
  Component,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { useIntl } from 'react-intl';
import { supportEmail } from '../config/site';
import { failureLogLevel } from '@pre-admission/api';
import { classifyFailure, type Failure } from './classifyFailure';

/** `retry` sends again what failed (a sign-out); without one, "Try again" reloads the reads that failed. */
type Report = (error: unknown, retry?: () => void) => void;
const ReportContext = createContext<Report>(() => undefined);

/** The one handler for failures no screen maps (docs/behaviour.md#error-catalogue): screens call it, the boundary shows the result. */
export function useReportError(): Report {
  return useContext(ReportContext);
}

/** A call that got no answer, not yet tried again: the page's NetworkNotice says so, with "Try again". */
export interface ConnectionFailure {
  readonly failed: boolean;
  readonly retry: () => void;
}
const ConnectionContext = createContext<ConnectionFailure>({ failed: false, retry: () => undefined });

export function useConnectionFailure(): ConnectionFailure {
  return useContext(ConnectionContext);
}

function log(error: unknown): void {
  if (failureLogLevel(error) === 'warn') console.warn('Unhandled failure', error);
  else console.error('Unhandled failure', error);
}

/** Loads again every read that failed (the plan, a reference list): they all live in the app's one cache. */
async function retryFailedReads(): Promise<void> {
  const { queryClient } = await import('../referenceData/queries');
  await queryClient.refetchQueries({ predicate: (query) => query.state.status === 'error' });
}

/**
 * The problem page (issue 27, GOV.UK's "there is a problem with the service"): in the session's language,
 * with the site's header, the desk, the reference and a way back; a page of its own, its links plain page
 * loads (the router is part of what may have broken).
 */
function ProblemScreen({ failure, homeHref }: { failure: Failure & { kind: 'problem' }; homeHref: string }) {
  const intl = useIntl();
  const heading = intl.formatMessage({ id: 'ui.problemPage.title' });
  const title = intl.messages['app.documentTitle']
    ? intl.formatMessage({ id: 'app.documentTitle' }, { page: heading })
    : heading;
  return (
    <PageLayout title={title} header={<Header variant="compact" homeHref={homeHref} />}>
      <ProblemPage
        supportEmail={supportEmail}
        requestId={failure.requestId}
        homeHref={homeHref}
        stack={failure.stack}
      />
    </PageLayout>
  );
}

/**
 * The app could not start (its screen's code did not load: a deploy in between, the connection): the
 * problem page on its own, in the language the start chose (the design system's messages, both languages,
 * come with the entry).
 */
export function StartFailure({
  error,
  locale,
  basePath,
}: {
  error: unknown;
  locale: Locale;
  basePath: string;
}) {
  useEffect(() => log(error), [error]);
  return (
    <FixedLocale locale={locale}>
      <ProblemScreen
        failure={{
          kind: 'problem',
          ...(import.meta.env.DEV && error instanceof Error ? { stack: error.stack } : {}),
        }}
        homeHref={basePath}
      />
    </FixedLocale>
  );
}

class RenderBoundary extends Component<{ onError: Report; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * One error boundary and one handler for unhandled rejections (issue 6). A call that got no answer keeps the
 * page: the layout's NetworkNotice says the site could not be reached and offers "Try again"; any other
 * failure replaces the page with the problem page (docs/behaviour.md#routes and #error-catalogue, issue 27).
 */
export function FailureBoundary({ children, basePath }: { children: ReactNode; basePath: string }) {
  const [problem, setProblem] = useState<(Failure & { kind: 'problem' }) | null>(null);
  const [retries, setRetries] = useState<ReadonlyArray<() => void> | null>(null);
  const report = useCallback<Report>((error, retry) => {
    log(error);
    const failure = classifyFailure(error, import.meta.env.DEV);
    if (failure.kind === 'network') {
      setRetries((waiting) => [...(waiting ?? []), ...(retry ? [retry] : [])]);
      return;
    }
    // The page is about to be replaced: nothing it queued for screen readers applies any more.
    clearAnnouncements();
    setProblem((existing) => existing ?? failure);
  }, []);

  const connection = useMemo<ConnectionFailure>(
    () => ({
      failed: retries !== null,
      retry: () => {
        const waiting = retries ?? [];
        setRetries(null);
        for (const retry of waiting) retry();
        void retryFailedReads();
      },
    }),
    [retries],
  );

  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      // Only failed calls are the app's business; anything else (an extension's promise) is logged.
      if (event.reason instanceof ApiError || event.reason instanceof NetworkError) {
        event.preventDefault();
        report(event.reason);
      }
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, [report]);

  if (problem) return <ProblemScreen failure={problem} homeHref={basePath} />;
  return (
    <ReportContext.Provider value={report}>
      <ConnectionContext.Provider value={connection}>
        <RenderBoundary onError={report}>{children}</RenderBoundary>
      </ConnectionContext.Provider>
    </ReportContext.Provider>
  );
}
