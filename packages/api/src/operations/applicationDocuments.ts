import type { ApiClient } from '../client/createApiClient';
import { sendForm, type UploadCallOptions, type UploadTransport } from '../client/upload';
import type { components } from '../generated/schema';
import {
  ApplicationDocumentSchema,
  applicationRows,
  ownApplication,
  type FileRefusalCode,
} from './applications';
import { applicationGone, attempt, fileRefused, noBody, type FailureTable } from './outcome';
import { MalformedResponseError } from '../client/errors';

const { validation, notEditable, pastDue } = applicationRows;

const refusedFile = <const Code extends FileRefusalCode>(code: Code) =>
  ({ failure: 'fileRefused', code, shows: fileRefused }) as const;

/**
 * One file into a slot (docs/behaviour.md#documents). A 413 without a code is a proxy's refusal of the body
 * before the server read it: the file is too large all the same. `fileRefused` has the reason in `code`.
 */
export const uploadApplicationDocumentFailures = {
  400: validation,
  ...ownApplication,
  '409 not_editable': notEditable,
  '409 past_due': pastDue,
  '409 too_many_files': { failure: 'tooManyFiles', shows: fileRefused },
  413: { failure: 'fileTooLarge', shows: fileRefused },
  '413 application_too_large': { failure: 'applicationTooLarge', shows: fileRefused },
  '415 empty': refusedFile('empty'),
  '415 heic': refusedFile('heic'),
  '415 word': refusedFile('word'),
  '415 encrypted_pdf': refusedFile('encrypted_pdf'),
  '415 damaged': refusedFile('damaged'),
  '415 too_many_pixels': refusedFile('too_many_pixels'),
  '415 unsupported_type': refusedFile('unsupported_type'),
} as const satisfies FailureTable;

/** Removed meanwhile (another tab): the slot is read again. */
export const removeApplicationDocumentFailures = {
  ...ownApplication,
  '404 document_not_found': { failure: 'documentNotFound', shows: applicationGone },
  '409 not_editable': notEditable,
  '409 past_due': pastDue,
} as const satisfies FailureTable;

/** What goes into a slot: its list (`certificate` or `material`), the type's id in that list, and the file. */
export interface DocumentUploadRequest {
  slotKind: components['schemas']['DocumentSlotKind'];
  slotTypeId: number;
  file: File;
}

const documentsPath = (applicationId: string) =>
  `/api/applicant/applications/${encodeURIComponent(applicationId)}/documents`;

/**
 * Uploads one file into a slot with its progress (openapi-fetch cannot report it): XMLHttpRequest, with the
 * client's headers and failures (../client/upload.ts), and this operation's failure table. The fields go
 * first and the file last, as the server reads the stream (openapi.yaml uploadApplicationDocument).
 */
export function uploadApplicationDocument(
  transport: UploadTransport,
  applicationId: string,
  { slotKind, slotTypeId, file }: DocumentUploadRequest,
  options: UploadCallOptions = {},
) {
  return attempt(uploadApplicationDocumentFailures, async () => {
    const form = new FormData();
    form.append('slotKind', slotKind);
    form.append('slotTypeId', String(slotTypeId));
    form.append('file', file, file.name);
    const body = await sendForm(transport, documentsPath(applicationId), form, options);
    const result = ApplicationDocumentSchema.safeParse(body);
    if (!result.success) throw new MalformedResponseError(201, result.error);
    return result.data;
  });
}

export function removeApplicationDocument(client: ApiClient, applicationId: string, documentId: string) {
  return attempt(removeApplicationDocumentFailures, () =>
    noBody(
      client.DELETE('/api/applicant/applications/{applicationId}/documents/{documentId}', {
        params: { path: { applicationId, documentId } },
      }),
    ),
  );
}

const documentPath = (baseUrl: string, applicationId: string, documentId: string) =>
  `${baseUrl}${documentsPath(applicationId)}/${encodeURIComponent(documentId)}`;

/**
 * The download of a file as it was sent (getApplicationDocument): the browser fetches it itself, from a
 * link's `href`, with the session cookie of the same origin (the server answers it as an attachment).
 */
export function applicationDocumentUrl(baseUrl: string, applicationId: string, documentId: string): string {
  return documentPath(baseUrl, applicationId, documentId);
}

/** An image's re-encoded preview (getApplicationDocumentPreview), for an `<img src>`; a PDF has none. */
export function applicationDocumentPreviewUrl(
  baseUrl: string,
  applicationId: string,
  documentId: string,
): string {
  return `${documentPath(baseUrl, applicationId, documentId)}/preview`;
}
