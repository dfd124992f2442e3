import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { failureCause, failureLogLevel, failureRequestId, failureStatus } from '@pre-admission/api';
import type { MessageId } from '@pre-admission/i18n';
import { useFailureMessage, useToast } from '@pre-admission/ui';
import { useAccount } from '../AccountContext';
import { askToSignInAgain } from '../secondStep';
import { unnamedLoggedFailure, type Presentation } from './catalogue';
import { rateLimitedMessage } from './rateLimitedMessage';

/** The key of a form-level server error: no field has it, so the error summary shows it on its own. */
const formErrorKey = 'form';

/** What the adapter hands back for a mapped failure, or a thrown error in an "only logged" flow. */
export interface FailureDetails {
  readonly error: unknown;
  readonly retryAfter?: number;
}

/** docs/behaviour.md#error-catalogue: status 500 or above is logged at error level, lower at warning level (and no status as error). */
export function logFailure(context: string, error: unknown): void {
  if (failureLogLevel(error) === 'warn') console.warn(`[account] ${context} failed`, error);
  else console.error(`[account] ${context} failed`, error);
}

/**
 * Carries out a presentation of the error catalogue (./catalogue.ts) and holds what the screen renders from
 * it: the server errors for the ui Form (`errors`) and whether the 'URL is invalid' alert is open.
 */
export function useFailures(context: string) {
  const intl = useIntl();
  const toast = useToast();
  const { navigate, onSecondFactorRequired, onSignedOut, reportError, supportEmail } = useAccount();
  const failureMessage = useFailureMessage(supportEmail);
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>();
  const [invalidLink, setInvalidLink] = useState(false);
  // The error toasts this screen showed: they speak of its request, so they go when a later request
  // succeeds or the screen goes (a route change); left up, a 409's toast covered the next page's lead text.
  const shownToasts = useRef(new Set<string>());
  const showToast = useCallback(
    (title: MessageId, text: MessageId) =>
      void shownToasts.current.add(
        toast.error({ title: intl.formatMessage({ id: title }), text: intl.formatMessage({ id: text }) }),
      ),
    [intl, toast],
  );
  const dismissToasts = useCallback(() => {
    for (const key of shownToasts.current) toast.close(key);
    shownToasts.current.clear();
  }, [toast]);
  useEffect(() => dismissToasts, [dismissToasts]);

  const present = useCallback(
    (presentation: Presentation, details: FailureDetails) => {
      switch (presentation.kind) {
        case 'field':
          setErrors({ [presentation.field]: intl.formatMessage({ id: presentation.message }) });
          return;
        case 'rateLimited':
          setErrors({ [formErrorKey]: rateLimitedMessage(intl, details.retryAfter) });
          return;
        case 'invalidLink':
          setInvalidLink(true);
          return;
        case 'sessionLost':
          // The app still thinks the applicant is signed in; without this, '/' would bounce to /applications.
          onSignedOut();
          navigate(presentation.to);
          return;
        case 'restartSignIn':
          // Sign-in says why and keeps the address; the applicant starts again from the password.
          askToSignInAgain();
          navigate(presentation.to, { replace: true });
          return;
        case 'secondFactorRequired':
          // The app re-reads the session, whose secondFactorRequired keeps every other page away and says why.
          onSecondFactorRequired?.();
          if (presentation.to !== undefined) navigate(presentation.to);
          return;
        case 'toast':
          showToast(presentation.title, presentation.text);
          return;
        case 'logged':
          logFailure(context, details.error);
          showToast(presentation.title, presentation.text);
          return;
      }
    },
    [context, intl, navigate, onSecondFactorRequired, onSignedOut, showToast],
  );

  /**
   * A form's request that got no answer, or failed on our side (a 5xx), is the form's to say (issue 27): its
   * error summary says what happened, to try again, and for a 5xx the desk and the reference; the screen
   * and every typed value stay. True when it was one of those.
   */
  const presentInForm = useCallback(
    (error: unknown): boolean => {
      const cause = failureCause(error);
      if (cause === 'other') return false;
      logFailure(context, error);
      setErrors({ [formErrorKey]: failureMessage({ cause, requestId: failureRequestId(error) }) });
      return true;
    },
    [context, failureMessage],
  );

  /**
   * For flows docs/behaviour.md#error-catalogue says are "only logged": a failure with a status is logged and
   * toasted; one that got no answer goes to the app, which keeps the page and says the site could not be
   * reached (never the unsupported-browser screen: issue 27).
   */
  const logOrReport = useCallback(
    (error: unknown) => {
      if (failureStatus(error) === undefined) reportError(error);
      else present(unnamedLoggedFailure, { error });
    },
    [present, reportError],
  );

  return { errors, invalidLink, present, presentInForm, logOrReport, dismissToasts };
}
