import type { ApiClient } from '../client/createApiClient';
import {
  attempt,
  confirmationRequired,
  noBody,
  rateLimited,
  secondFactorMissing,
  sessionLost,
  toast,
  type FailureTable,
} from './outcome';

/**
 * The applicant's own copy of everything held about the account (downloadAccountArchive, issue 42): a zip the
 * browser fetches itself, from a link's `href`, with the session cookie of the same origin (the server answers
 * it as an attachment). Its refusals are the server's (404 without a session, 403 `confirmation_required`
 * after an old sign-in): the page asks to confirm before it offers the link (docs/behaviour.md#your-data).
 */
export function accountArchiveUrl(baseUrl: string): string {
  return `${baseUrl}/api/applicant/account/archive`;
}

/**
 * The applicant's own deletion (deleteAccount, docs/behaviour.md#delete-account). The 409 is the page's to
 * explain (which applications wait, and the desk's address): the toast is for a screen that does not.
 */
export const deleteAccountFailures = {
  '403 second_factor_required': secondFactorMissing,
  '403 confirmation_required': confirmationRequired,
  404: { failure: 'noSession', shows: sessionLost },
  '409 awaiting_decision': {
    failure: 'awaitingDecision',
    shows: toast('account.security.deletion.refusedTitle', 'account.security.deletion.awaitingDecisionShort'),
  },
  429: { failure: 'rateLimited', shows: rateLimited },
} as const satisfies FailureTable;

/** Deletes the session's account and everything held about it; the server clears the session cookie. */
export function deleteAccount(client: ApiClient) {
  return attempt(deleteAccountFailures, () => noBody(client.DELETE('/api/applicant/account')));
}
