import type { ApplicationConsent, ConsentRequest } from '@pre-admission/api';

/** The consent task's status in the application's task list: the latest request's, or not started. */
export type ConsentTaskStatus = 'notStarted' | ConsentRequest['status'];

/**
 * What the task list says of the consent (docs/behaviour.md#supervisor-consent): accepted while consent is
 * given for the supervisor chosen now; otherwise the latest request's state, except an acceptance that names
 * a supervisor no longer chosen (a new request is needed: not started).
 */
export function consentTaskStatus(consent: ApplicationConsent): ConsentTaskStatus {
  if (consent.given) return 'accepted';
  const latest = consent.requests[0];
  return latest && latest.status !== 'accepted' ? latest.status : 'notStarted';
}

/** The task list's tone of each consent status (the planner's tags). */
export const consentTone = (status: ConsentTaskStatus): 'notStarted' | 'inProgress' | 'completed' =>
  status === 'accepted' ? 'completed' : status === 'requested' ? 'inProgress' : 'notStarted';
