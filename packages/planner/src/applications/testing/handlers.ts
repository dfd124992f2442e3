import { applicationHandlers, applicationStore, http, never, problem } from '@pre-admission/api/mocks';
import type { components } from '@pre-admission/api/schema';

type Application = components['schemas']['Application'];

const documents = '/api/applicant/applications/{applicationId}/documents';
const withdrawal = '/api/applicant/applications/{applicationId}/withdrawal';

/**
 * The stories' server: the adapter's in-memory store of the applicant's applications (list, uploads answered
 * by the file's name, removal, previews, withdrawal), with these applications; a fresh one per call.
 */
export const storyServer = (applications: readonly Application[]) => applicationStore({ applications });

/**
 * The first upload gets `first`'s answer; the later ones fall through to the handlers after it (the store),
 * as when the connection comes back. A handler per story: each counts its own uploads.
 */
function firstUpload(first: () => Promise<never> | ReturnType<typeof problem<'uploadApplicationDocument'>>) {
  let calls = 0;
  return http.post(documents, () => {
    calls += 1;
    return calls === 1 ? first() : undefined;
  });
}

export const storyHandlers = {
  /** The first file stays on its way for ever (cancel it, then try again). */
  firstUploadPending: () => firstUpload(never),
  /** The first upload fails on our side (500). */
  firstUploadFails: () => firstUpload(() => problem('uploadApplicationDocument', '500')),
  uploadPending: applicationHandlers.uploadPending,
  listPending: applicationHandlers.listPending,
  withdrawNotWithdrawable: applicationHandlers.withdrawNotWithdrawable,
  withdrawFails: http.post(withdrawal, () => problem('withdrawApplication', '500')),
};
