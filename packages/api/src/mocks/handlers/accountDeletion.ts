import { HttpResponse } from 'msw';
import { http, problem } from '../http';
import { recentSignIn } from './security';

const account = '/api/applicant/account';

/**
 * The applicant's own deletion (deleteAccount, docs/behaviour.md#delete-account) as the server answers it:
 * 403 `confirmation_required` until the sign-in is recent (the confirmation's handler comes with it, so a
 * story's "Confirm it is you" dialog confirms), then 409 `awaiting_decision` while an application awaits the
 * desk's decision, else 204 (the server clears the session cookie). Each call makes a fresh state.
 */
export function accountDeletion(initial: { confirmed?: boolean; awaitingDecision?: boolean } = {}) {
  const signIn = recentSignIn({ confirmed: initial.confirmed ?? true });
  return [
    signIn.handler,
    http.delete(account, () => {
      if (!signIn.isConfirmed()) return problem('deleteAccount', '403');
      if (initial.awaitingDecision) return problem('deleteAccount', '409');
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}

/** The default set's deletion: it succeeds (the stories that need its refusals use `accountDeletion`). */
export const accountDeletionSucceeds = http.delete(account, () => new HttpResponse(null, { status: 204 }));
