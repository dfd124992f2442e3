import { HttpResponse } from 'msw';
import { http, never, problem } from '@pre-admission/api/mocks';
import type { Application, ApplicationDocument, ApplicationSummary } from '../contract';

const documents = '/api/applicant/applications/{applicationId}/documents';
const document = '/api/applicant/applications/{applicationId}/documents/{documentId}';
const preview = '/api/applicant/applications/{applicationId}/documents/{documentId}/preview';
const list = '/api/applicant/applications';
const withdrawal = '/api/applicant/applications/{applicationId}/withdrawal';

/** The contract's problem of an upload's status, with the story's code. */
const uploadRefused = (status: '409' | '413' | '415', code: string) =>
  problem('uploadApplicationDocument', status, {}, { code });

/**
 * What the stories' server says of a file by its name, as the server decides by its bytes: `photo.heic` is an
 * iPhone photo, `plan.docx` a Word file, `locked.pdf` has a password, `broken.png` cannot be read,
 * `huge-photo.jpg` has too many pixels, `notes.zip` is of no accepted type, `big-scan.pdf` would pass the
 * application's 100 MB; anything else is stored.
 */
const refusalByName: ReadonlyArray<[RegExp, '413' | '415', string]> = [
  [/\.heic$/i, '415', 'heic'],
  [/\.docx?$/i, '415', 'word'],
  [/^locked/i, '415', 'encrypted_pdf'],
  [/^broken/i, '415', 'damaged'],
  [/^huge-photo/i, '415', 'too_many_pixels'],
  [/\.zip$/i, '415', 'unsupported_type'],
  [/^big-scan/i, '413', 'application_too_large'],
];

let stored = 0;

/** The document the server stores for an uploaded file. */
async function store(request: Request) {
  const form = await request.formData();
  const file = form.get('file') as File;
  const refusal = refusalByName.find(([pattern]) => pattern.test(file.name));
  if (refusal) return uploadRefused(refusal[1], refusal[2]);
  stored += 1;
  const image = /^image\/(jpeg|png|gif)$/.test(file.type);
  const doc: ApplicationDocument = {
    id: `Up${String(stored).padStart(4, '0')}kL4xQ9mW1cT8bZ3`,
    slotKind: form.get('slotKind') === 'material' ? 'material' : 'certificate',
    slotTypeId: Number(form.get('slotTypeId')),
    fileName: file.name,
    mediaType: (image ? file.type : 'application/pdf') as ApplicationDocument['mediaType'],
    size: file.size,
    uploadedAt: '2026-12-01T03:15:00.000Z',
    hasPreview: image,
  };
  return HttpResponse.json(doc, { status: 201 }) as unknown as ReturnType<typeof uploadRefused>;
}

// A 2x2 PNG: the preview of every image.
const png = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAFklEQVR42mNk+M9Qz8DAwMDAxMDAAAAbwAOBJ6ZfRQAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);

export const documentHandlers = {
  /** Stores a file, or refuses it by its name (above). */
  stores: http.post(documents, ({ request }) => store(request)),
  /** Never answers: the file stays on its way. */
  pending: http.post(documents, never),
  /** Keeps the first file on its way for ever, then stores: cancel, then try again. */
  pendingOnce: () => {
    let calls = 0;
    return http.post(documents, async ({ request }) => {
      calls += 1;
      return calls === 1 ? never() : store(request);
    });
  },
  /** Fails on our side (500) once, then stores. */
  failsOnce: () => {
    let calls = 0;
    return http.post(documents, async ({ request }) => {
      calls += 1;
      return calls === 1 ? problem('uploadApplicationDocument', '500') : store(request);
    });
  },
  /** The due date of the return for changes has passed (409 past_due). */
  pastDue: http.post(documents, () => uploadRefused('409', 'past_due')),
  removes: http.delete(document, () => new HttpResponse(null, { status: 204 })),
  removeFails: http.delete(document, () => problem('removeApplicationDocument', '500')),
  // The contract types an image's body as a string (binary): the bytes go as they are.
  preview: http.get(
    preview,
    () =>
      HttpResponse.arrayBuffer(png.buffer, {
        headers: { 'Content-Type': 'image/png' },
      }) as unknown as ReturnType<typeof problem<'getApplicationDocumentPreview'>>,
  ),
};

/** The applicant's applications, as the list answers them; a withdrawal answers the application withdrawn. */
export function applicationsStore(initial: readonly ApplicationSummary[]) {
  let applications = [...initial];
  return [
    http.get(list, () => HttpResponse.json({ applications })),
    http.post(withdrawal, async ({ params, request }) => {
      const { reason } = (await request.json()) as { reason: string };
      const found = applications.find((a) => a.id === params.applicationId);
      if (!found) return problem('withdrawApplication', '404');
      const at = '2026-12-01T03:15:00.000Z';
      const withdrawn = {
        ...found,
        status: 'withdrawn' as const,
        updatedAt: at,
        history: [...found.history, { status: 'withdrawn' as const, at, reason }],
        answers: { choices: {}, personal: {}, contact: {}, education: { entries: [] }, declarations: {} },
        documents: [],
      } satisfies Application;
      applications = applications.map((a) => (a.id === found.id ? withdrawn : a));
      return HttpResponse.json(withdrawn) as unknown as ReturnType<typeof problem<'withdrawApplication'>>;
    }),
  ];
}

export const applicationsHandlers = {
  listPending: http.get(list, never),
  withdrawFails: http.post(withdrawal, () => problem('withdrawApplication', '500')),
  /** Decided meanwhile (409 not_withdrawable). */
  withdrawRefused: http.post(withdrawal, () =>
    problem('withdrawApplication', '409', {}, { code: 'not_withdrawable' }),
  ),
};
