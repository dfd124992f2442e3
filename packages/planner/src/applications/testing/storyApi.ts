import { ApiError, createApi } from '@pre-admission/api';
import type { Answer, ApplicationDocument, ApplicationsApi } from '../contract';

const base = '/api/applicant/applications';

async function answer<Data>(call: () => Promise<Data>): Promise<Answer<Data>> {
  try {
    return { ok: true, data: await call() };
  } catch (error) {
    // As the adapter's failure tables: the applicant's own failures are answers; a failure on our side throws.
    if (error instanceof ApiError && error.status < 500)
      return {
        ok: false,
        failure: 'refused',
        error,
        ...(error.retryAfter ? { retryAfter: error.retryAfter } : {}),
      };
    throw error;
  }
}

/**
 * The application operations over the stories' MSW handlers (./handlers.ts), until the adapter's are on main.
 * An upload reports 40 % of its file sent at once, then waits for the handler's answer, so that a story sees
 * a file on its way for as long as the handler keeps it (`never`).
 */
export function storyApplicationsApi(): ApplicationsApi {
  const { client } = createApi();
  return {
    listApplications: () =>
      answer(async () => (await client.GET('/api/applicant/applications')).data?.applications ?? []),
    withdrawApplication: (applicationId, body) =>
      answer(async () => {
        const { data } = await client.POST('/api/applicant/applications/{applicationId}/withdrawal', {
          params: { path: { applicationId } },
          body,
        });
        if (!data) throw new Error('No application in the answer');
        return data;
      }),
    uploadApplicationDocument: (applicationId, { slotKind, slotTypeId, file }, { signal, onProgress } = {}) =>
      answer(async () => {
        onProgress?.({ loaded: Math.round(file.size * 0.4), total: file.size });
        const form = new FormData();
        form.append('slotKind', slotKind);
        form.append('slotTypeId', String(slotTypeId));
        form.append('file', file, file.name);
        const response = await fetch(`${base}/${applicationId}/documents`, {
          method: 'POST',
          body: form,
          signal,
        });
        if (!response.ok)
          throw new ApiError(
            response.status,
            await response.json(),
            Number(response.headers.get('Retry-After')) || undefined,
          );
        onProgress?.({ loaded: file.size, total: file.size });
        return (await response.json()) as ApplicationDocument;
      }),
    removeApplicationDocument: (applicationId, documentId) =>
      answer(async () => {
        await client.DELETE('/api/applicant/applications/{applicationId}/documents/{documentId}', {
          params: { path: { applicationId, documentId } },
        });
      }),
    applicationDocumentUrl: (applicationId, documentId) => `${base}/${applicationId}/documents/${documentId}`,
    applicationDocumentPreviewUrl: (applicationId, documentId) =>
      `${base}/${applicationId}/documents/${documentId}/preview`,
  };
}
