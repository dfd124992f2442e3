import { ApiError, NetworkError } from '@pre-admission/api';
import { FixedLocale } from '@pre-admission/i18n';
import { clearAnnouncements, PageLayout, UnexpectedError, UnsupportedBrowser } from '@pre-admission/ui';
import {
  Component,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useState,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import { useIntl } from 'react-intl';
import { supportEmail } from '../config/site';
import { documentTitle } from '../layout/documentTitle';
import { failureLogLevel } from '@pre-admission/api';
import { classifyFailure } from './classifyFailure';

type Report = (error: unknown) => void;
const ReportContext = createContext<Report>(() => undefined);

/** The one handler for failures no screen maps (docs/behaviour.md#error-catalogue): screens call it, the boundary shows the result. */
export function useReportError(): Report {
  return useContext(ReportContext);
}

function log(error: unknown): void {
  if (failureLogLevel(error) === 'warn') console.warn('Unhandled failure', error);
  else console.error('Unhandled failure', error);
}

/**
 * The unexpected-error screen's heading is always Japanese (docs/behaviour.md#error-catalogue); the tab
 * names it too, with the site's name in the page's language.
 */
function UnexpectedErrorTitle({ siteIntl }: { siteIntl: ReturnType<typeof useIntl> }) {
  const japanese = useIntl();
  const title = documentTitle(siteIntl, japanese.formatMessage({ id: 'ui.unexpectedError.title' }));
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

/** The failure replaces the whole site, header included: a page of its own, with its main landmark. */
function FailureScreen({ error }: { error: unknown }) {
  const intl = useIntl();
  const failure = classifyFailure(error);
  return (
    <PageLayout>
      {failure.screen === 'unexpectedError' && (
        <FixedLocale locale="ja">
          <UnexpectedErrorTitle siteIntl={intl} />
        </FixedLocale>
      )}
      {failure.screen === 'unsupportedBrowser' ? (
        <UnsupportedBrowser supportEmail={supportEmail} />
      ) : (
        <UnexpectedError status={failure.status} message={failure.message} stack={failure.stack} />
      )}
    </PageLayout>
  );
}

/**
 * The app could not start (its language or screen chunk did not load): the failure screen on its own,
 * in the languages the entry carries (the design system's messages, both languages).
 */
export function StartFailure({ error }: { error: unknown }) {
  useEffect(() => log(error), [error]);
  return (
    <FixedLocale locale="ja">
      <FailureScreen error={error} />
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
 * One error boundary and one handler for unhandled rejections (issue 6). A failure replaces the page with
 * the unsupported-browser screen (no HTTP status) or the unexpected-error screen (a status), docs/behaviour.md#routes and #error-catalogue.
 */
export function FailureBoundary({ children }: { children: ReactNode }) {
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const report = useCallback<Report>((error) => {
    log(error);
    // The page is about to be replaced: nothing it queued for screen readers applies any more.
    clearAnnouncements();
    setFailure((existing) => existing ?? { error });
  }, []);

  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      // Only failed calls take over the page; anything else (an extension's promise) is logged.
      if (event.reason instanceof ApiError || event.reason instanceof NetworkError) {
        event.preventDefault();
        report(event.reason);
      }
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, [report]);

  if (failure) return <FailureScreen error={failure.error} />;
  return (
    <ReportContext.Provider value={report}>
      <RenderBoundary onError={report}>{children}</RenderBoundary>
    </ReportContext.Provider>
  );
}
