import { describe, expect, it, vi } from 'vitest';
import { createApi } from '../createApi';
import { fakeXhr, type FakeXhr } from '../test/fakeXhr';
import { json } from '../test/fakeServer';
import { ApiError, MalformedResponseError, NetworkError } from './errors';

const applicationId = 'q3ZbV1n8R0K7yXw2LmA9tQ';
const stored = {
  id: 'Zp4c0YlM8aQe2HnTq1Wv7A',
  slotKind: 'certificate',
  slotTypeId: 311,
  fileName: 'graduation-certificate.pdf',
  mediaType: 'application/pdf',
  size: 8,
  uploadedAt: '2026-12-01T03:12:00.000Z',
  hasPreview: false,
};
const request = {
  slotKind: 'certificate' as const,
  slotTypeId: 311,
  file: new File(['%PDF-1.7'], 'graduation-certificate.pdf', { type: 'application/pdf' }),
};

/** An api whose uploads go through one fake XMLHttpRequest, kept to look at. */
function uploading(xhr: FakeXhr) {
  return createApi({
    baseUrl: '/pre-admission',
    xhr: () => xhr,
    now: () => Date.UTC(2021, 0, 1) + 5000,
    random: () => 0.5,
  });
}

const problem = (status: number, body: object, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ type: 'urn:test', title: 'Refused', status, ...body }), {
    status,
    headers: { 'Content-Type': 'application/problem+json', ...headers },
  });

describe('uploadApplicationDocument over XMLHttpRequest', () => {
  it('posts the slot and then the file, with the headers of every call, and answers the stored document', async () => {
    const xhr = fakeXhr(() => json(stored, 201));
    const outcome = await uploading(xhr).uploadApplicationDocument(applicationId, request);

    expect(outcome).toEqual({
      ok: true,
      data: { ...stored, uploadedAt: new Date(stored.uploadedAt) },
    });
    expect(xhr.sent.method).toBe('POST');
    expect(xhr.sent.url).toBe(`/pre-admission/api/applicant/applications/${applicationId}/documents`);
    expect(xhr.sent.headers).toEqual({ Accept: 'application/json', 'X-Request-Id': '5000:2048' });
    // The browser writes the multipart Content-Type with its boundary: a hand-made one would have none.
    expect(xhr.sent.headers).not.toHaveProperty('Content-Type');
    expect(xhr.withCredentials).toBe(false);
    // The server reads the stream in order: the fields must come before the file (openapi.yaml).
    expect([...xhr.sent.body!.keys()]).toEqual(['slotKind', 'slotTypeId', 'file']);
    expect(xhr.sent.body!.get('slotTypeId')).toBe('311');
    expect((xhr.sent.body!.get('file') as File).name).toBe('graduation-certificate.pdf');
  });

  it('reports the progress of the body as it goes up', async () => {
    const xhr = fakeXhr(() => json(stored, 201), {
      progress: [
        [0, 800],
        [400, 800],
        [800, 800],
      ],
    });
    const onProgress = vi.fn();
    await uploading(xhr).uploadApplicationDocument(applicationId, request, { onProgress });
    expect(onProgress.mock.calls).toEqual([
      [{ loaded: 0, total: 800 }],
      [{ loaded: 400, total: 800 }],
      [{ loaded: 800, total: 800 }],
    ]);
  });

  it('cancels with the signal: the request is aborted and the call fails with the signal’s reason', async () => {
    const xhr = fakeXhr(() => new Promise<Response>(() => {}));
    const controller = new AbortController();
    const pending = uploading(xhr).uploadApplicationDocument(applicationId, request, {
      signal: controller.signal,
    });
    controller.abort();
    const error = await pending.catch((caught: unknown) => caught);
    expect(xhr.aborted).toBe(true);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).cause).toBe(controller.signal.reason);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const xhr = fakeXhr(() => json(stored, 201));
    const controller = new AbortController();
    controller.abort();
    await expect(
      uploading(xhr).uploadApplicationDocument(applicationId, request, { signal: controller.signal }),
    ).rejects.toBeInstanceOf(NetworkError);
    expect(xhr.sent.method).toBe('');
  });

  it.each([
    [415, { code: 'heic' }, { failure: 'fileRefused', code: 'heic' }],
    [415, { code: 'encrypted_pdf' }, { failure: 'fileRefused', code: 'encrypted_pdf' }],
    [413, { code: 'file_too_large' }, { failure: 'fileTooLarge' }],
    [413, { code: 'application_too_large' }, { failure: 'applicationTooLarge' }],
    [409, { code: 'too_many_files' }, { failure: 'tooManyFiles' }],
    [404, { code: 'application_not_found' }, { failure: 'applicationNotFound' }],
    [
      400,
      { errors: [{ field: 'slotTypeId', code: 'not_offered' }] },
      { failure: 'validation', fieldErrors: [{ field: 'slotTypeId', code: 'not_offered' }] },
    ],
  ])('maps a %i problem %j to %j', async (status, body, expected) => {
    const outcome = await uploading(fakeXhr(() => problem(status, body))).uploadApplicationDocument(
      applicationId,
      request,
    );
    expect(outcome).toMatchObject({ ok: false, ...expected, error: { status } });
  });

  it('reads the wait of a 429 and the request id the server logged', async () => {
    const xhr = fakeXhr(() => problem(429, { instance: '99:1' }, { 'Retry-After': '30' }));
    const outcome = await uploading(xhr).uploadApplicationDocument(applicationId, request);
    expect(outcome).toMatchObject({ ok: false, failure: 'rateLimited', retryAfter: 30 });
    expect(!outcome.ok && outcome.error.requestId).toBe('99:1');
  });

  it('hands a 413 without a problem (a proxy’s page) to the screen as a file too large', async () => {
    const xhr = fakeXhr(() => new Response('<html>Too large</html>', { status: 413 }));
    expect(await uploading(xhr).uploadApplicationDocument(applicationId, request)).toMatchObject({
      ok: false,
      failure: 'fileTooLarge',
    });
  });

  it('rethrows a 500 with the request id it sent, a broken body and no answer at all', async () => {
    const failed = await uploading(fakeXhr(() => new Response('', { status: 500 })))
      .uploadApplicationDocument(applicationId, request)
      .catch((caught: unknown) => caught);
    expect(failed).toBeInstanceOf(ApiError);
    expect(failed).toMatchObject({ status: 500, requestId: '5000:2048' });

    await expect(
      uploading(fakeXhr(() => new Response('{', { status: 201 }))).uploadApplicationDocument(
        applicationId,
        request,
      ),
    ).rejects.toBeInstanceOf(MalformedResponseError);
    await expect(
      uploading(fakeXhr(() => json({ ...stored, size: 0 }, 201))).uploadApplicationDocument(
        applicationId,
        request,
      ),
    ).rejects.toBeInstanceOf(MalformedResponseError);
    await expect(
      uploading(fakeXhr(() => 'network-error')).uploadApplicationDocument(applicationId, request),
    ).rejects.toBeInstanceOf(NetworkError);
  });

  it('builds the download and preview URLs under the base path', () => {
    const api = createApi({ baseUrl: '/pre-admission' });
    expect(api.applicationDocumentUrl(applicationId, stored.id)).toBe(
      `/pre-admission/api/applicant/applications/${applicationId}/documents/${stored.id}`,
    );
    expect(api.applicationDocumentPreviewUrl(applicationId, stored.id)).toBe(
      `/pre-admission/api/applicant/applications/${applicationId}/documents/${stored.id}/preview`,
    );
  });
});
