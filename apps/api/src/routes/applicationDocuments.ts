// An application's documents (issue 38; openapi.yaml uploadApplicationDocument, getApplicationDocument,
// getApplicationDocumentPreview, removeApplicationDocument): one file at a time, streamed, decided by its bytes
// (application/files/), into a slot of an application the session's account owns. The original is only ever
// sent as a download; an image's preview, re-encoded by the server, is the only thing shown inline.
// docs/security.md#uploads.
import type { FastifyMultipartOptions, MultipartFile } from '@fastify/multipart';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { refuseWithoutSecondFactor } from '../account/secondFactors.ts';
import {
  changeRefusal,
  deleteDocument,
  documentOf,
  documentRowsOf,
  FILES_PER_APPLICATION,
  findOwnApplication,
  findOwnDocument,
  insertDocument,
  newDocumentId,
  slotOffered,
  type DocumentRow,
  type OwnApplication,
  type SlotKind,
} from '../application/files/documents.ts';
import {
  APPLICATION_LIMIT_BYTES,
  FILE_LIMIT_BYTES,
  receiveFile,
  UploadCutShort,
  type Refusal,
} from '../application/files/receive.ts';
import { DatabaseFileStorage, type FileStorage } from '../application/files/storage.ts';
import { HttpProblem, problems } from '../platform/problem.ts';
import { limitKeys, take } from '../platform/rateLimits.ts';
import { lookupSession, type Handlers, type Services } from '../services.ts';

/**
 * What a multipart upload may hold: the two small fields, then one file of at most the per-file limit. The
 * file's limit is one byte over ours, so that receiveFile sees the excess and answers `file_too_large` itself;
 * busboy stops there anyway. Registered on the upload's route alone (plugins/apiRoutes.ts).
 */
export const uploadMultipartOptions: FastifyMultipartOptions = {
  limits: {
    fileSize: FILE_LIMIT_BYTES + 1,
    files: 1,
    fields: 2,
    parts: 3,
    fieldNameSize: 32,
    fieldSize: 64,
    headerPairs: 8,
  },
  throwFileSizeLimit: false,
};

/**
 * The most a request's declared length may exceed the file limit by: the boundaries, the part headers (with a
 * name of a few hundred bytes) and the two fields. A longer Content-Length is refused before a byte is read.
 */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

/** The refusals of these operations, with their openapi.yaml Problem.code. */
const documentProblems = {
  applicationNotFound: () =>
    new HttpProblem(404, 'not-found', 'The application was not found.', { code: 'application_not_found' }),
  documentNotFound: () =>
    new HttpProblem(404, 'not-found', 'The document was not found.', { code: 'document_not_found' }),
  conflict: (code: 'not_editable' | 'past_due' | 'too_many_files') =>
    new HttpProblem(409, 'application-conflict', 'The application cannot be changed in its present state.', {
      code,
    }),
  tooLarge: (code: 'file_too_large' | 'application_too_large') =>
    new HttpProblem(413, 'payload-too-large', 'The file is too large.', { code }),
  refused: (code: Exclude<Refusal, 'file_too_large' | 'application_too_large'>) =>
    new HttpProblem(415, 'unsupported-file', 'This type of file cannot be uploaded.', { code }),
  notMultipart: () =>
    new HttpProblem(415, 'unsupported-file', 'This type of file cannot be uploaded.', {
      detail: 'The request must be multipart/form-data.',
    }),
};

const refusalProblem = (code: Refusal): HttpProblem =>
  code === 'file_too_large' || code === 'application_too_large'
    ? documentProblems.tooLarge(code)
    : documentProblems.refused(code);

/**
 * `attachment` or `inline`, with the name twice (RFC 6266): `filename` in ASCII for old clients (anything
 * else, and the quote and backslash, as `_`), `filename*` in UTF-8 (RFC 5987), percent-encoded down to its
 * attr-chars. The name is sanitised already (receive.ts): no control characters, no path.
 */
export function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * What a stored file is sent with: never rendered as a page (a sandbox with nothing allowed, should a
 * browser be sent to it), never sniffed, never framed, never cached (it is the applicant's). The desk's file
 * routes send the same (routes/staffApplications.ts), and so do its exports.
 */
export function fileHeaders(
  reply: FastifyReply,
  mediaType: string,
  size: number | undefined,
  disposition: string,
): void {
  // No size: a body written as it is read (the desk's exports, routes/staffApplications.ts), sent chunked.
  if (size !== undefined) reply.header('content-length', String(size));
  reply
    .type(mediaType)
    .header('content-disposition', disposition)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'; sandbox")
    .header('cache-control', 'private, no-store');
}

/** The original as uploaded, an attachment under its display name: the applicant's route and the desk's. */
export function sendOriginal(reply: FastifyReply, storage: FileStorage, document: DocumentRow) {
  fileHeaders(
    reply,
    document.mediaType,
    document.size,
    contentDisposition('attachment', document.displayName),
  );
  return reply.send(Readable.from(storage.read(document.fileId)));
}

/** A document's re-encoded preview (a JPEG stays a JPEG, anything else became a PNG), named after the original. */
interface Preview {
  fileId: string;
  mediaType: 'image/jpeg' | 'image/png';
  size: number;
  name: string;
}

/** The preview of a document, or undefined when it has none: the applicant's route and the desk's. */
export async function previewOf(storage: FileStorage, document: DocumentRow): Promise<Preview | undefined> {
  const stored = document.previewFileId && (await storage.stat(document.previewFileId));
  if (!document.previewFileId || !stored) return undefined;
  const mediaType = document.mediaType === 'image/jpeg' ? 'image/jpeg' : 'image/png';
  const name = `${document.displayName.replace(/\.[^.]*$/, '')}.${mediaType === 'image/jpeg' ? 'jpg' : 'png'}`;
  return { fileId: document.previewFileId, mediaType, size: stored.size, name };
}

/** A preview, inline. */
export function sendPreview(reply: FastifyReply, storage: FileStorage, preview: Preview) {
  fileHeaders(reply, preview.mediaType, preview.size, contentDisposition('inline', preview.name));
  return reply.send(Readable.from(storage.read(preview.fileId)));
}

const SLOT_KINDS: readonly string[] = ['certificate', 'material'] satisfies SlotKind[];

/** The fields before the file, and the file: 400 when they are missing or malformed. */
async function readFields(
  request: FastifyRequest,
): Promise<{ slotKind: SlotKind; slotTypeId: number; file: MultipartFile }> {
  const fields = new Map<string, unknown>();
  let file: MultipartFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields.set(part.fieldname, part.value);
        continue;
      }
      if (part.fieldname === 'file') file = part;
      // Any file part ends the fields (openapi.yaml: the fields first); one of another name is left unread.
      break;
    }
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw problems.tooLarge();
    throw problems.badRequest('The multipart body is malformed.');
  }
  const errors: { field: string; code: string }[] = [];
  const slotKind = fields.get('slotKind');
  const slotTypeId = fields.get('slotTypeId');
  if (slotKind === undefined) errors.push({ field: 'slotKind', code: 'required' });
  else if (typeof slotKind !== 'string' || !SLOT_KINDS.includes(slotKind))
    errors.push({ field: 'slotKind', code: 'invalid' });
  if (slotTypeId === undefined) errors.push({ field: 'slotTypeId', code: 'required' });
  else if (
    typeof slotTypeId !== 'string' ||
    !/^[1-9][0-9]{0,9}$/.test(slotTypeId) ||
    Number(slotTypeId) > 2 ** 31 - 1
  )
    errors.push({ field: 'slotTypeId', code: 'invalid_type' });
  if (!file) errors.push({ field: 'file', code: 'required' });
  if (errors.length > 0 || !file) throw problems.validation(errors);
  return { slotKind: slotKind as SlotKind, slotTypeId: Number(slotTypeId), file };
}

export function applicationDocumentHandlers(
  s: Services,
): Handlers<
  | 'uploadApplicationDocument'
  | 'getApplicationDocument'
  | 'removeApplicationDocument'
  | 'getApplicationDocumentPreview'
> {
  const { db, clock, config } = s;
  const storage = new DatabaseFileStorage(db, clock);

  /** The session's account id; any other session state is 404 (docs/behaviour.md#error-catalogue). */
  const accountOf = async (request: FastifyRequest) => {
    const session = await lookupSession(s, request);
    if (session.state !== 'valid') throw problems.noSession(404);
    await refuseWithoutSecondFactor(s, session.account.id);
    return session.account.id;
  };

  /** The account's document, after its application: another account's ids answer as unknown ones. */
  const ownDocument = async (accountId: string, applicationId: string, documentId: string) => {
    const application = await findOwnApplication(db, accountId, applicationId);
    if (!application) throw documentProblems.applicationNotFound();
    const document = await findOwnDocument(db, accountId, application.id, documentId);
    if (!document) throw documentProblems.documentNotFound();
    return { application, document };
  };

  const removeFiles = async (row: Pick<DocumentRow, 'fileId' | 'previewFileId'>) => {
    await storage.remove(row.fileId);
    if (row.previewFileId) await storage.remove(row.previewFileId);
  };

  /** Everything after the application is found; a refusal before the body's end closes the connection. */
  async function upload(
    request: FastifyRequest,
    reply: FastifyReply,
    accountId: string,
    application: OwnApplication,
  ) {
    const declared = Number(request.headers['content-length']);
    if (declared > FILE_LIMIT_BYTES + MULTIPART_OVERHEAD_BYTES)
      throw documentProblems.tooLarge('file_too_large');
    await take(db, clock, [
      { key: limitKeys.uploadAccount(accountId), limit: config.limits.uploadsPerAccount },
    ]);
    const { slotKind, slotTypeId, file } = await readFields(request);

    const documents = await documentRowsOf(db, application.id);
    const refusal = changeRefusal(application, clock.now(), { slotKind, slotTypeId, documents });
    if (refusal) throw documentProblems.conflict(refusal);
    if (!(await slotOffered(db, application, slotKind, slotTypeId)))
      throw problems.validation([{ field: 'slotTypeId', code: 'not_offered' }]);
    if (documents.length >= FILES_PER_APPLICATION) throw documentProblems.conflict('too_many_files');
    const room = APPLICATION_LIMIT_BYTES - documents.reduce((sum, d) => sum + d.size, 0);
    if (room <= 0) throw documentProblems.tooLarge('application_too_large');

    let received;
    try {
      received = await receiveFile(file.file, {
        storage,
        declaredName: file.filename,
        applicationRoom: room,
      });
    } catch (error) {
      if (error instanceof UploadCutShort) throw problems.badRequest('The upload ended before its file did.');
      throw error;
    }
    if (!received.ok) throw refusalProblem(received.code);
    const { file: stored } = received;
    const row: DocumentRow & { accountId: string } = {
      id: newDocumentId(),
      applicationId: application.id,
      accountId,
      slotKind,
      slotTypeId,
      fileId: stored.fileId,
      previewFileId: stored.preview?.fileId ?? null,
      displayName: stored.displayName,
      mediaType: stored.mediaType,
      size: stored.size,
      createdAt: clock.now(),
    };
    try {
      // The checks again, on the application's locked row: uploads in parallel, or a submission meanwhile.
      await db.transaction(async (tx) => {
        const locked = await findOwnApplication(tx, accountId, application.id, { lock: true });
        if (!locked) throw documentProblems.applicationNotFound();
        const now = await documentRowsOf(tx, application.id);
        const changed = changeRefusal(locked, clock.now(), { slotKind, slotTypeId, documents: now });
        if (changed) throw documentProblems.conflict(changed);
        if (now.length >= FILES_PER_APPLICATION) throw documentProblems.conflict('too_many_files');
        if (now.reduce((sum, d) => sum + d.size, 0) + stored.size > APPLICATION_LIMIT_BYTES)
          throw documentProblems.tooLarge('application_too_large');
        await insertDocument(tx, row);
      });
    } catch (error) {
      await removeFiles(row);
      throw error;
    }
    return reply.code(201).send(documentOf(row));
  }

  return {
    async uploadApplicationDocument(request, reply) {
      const accountId = await accountOf(request);
      const application = await findOwnApplication(db, accountId, request.params.applicationId);
      if (!application) throw documentProblems.applicationNotFound();
      if (!request.isMultipart()) throw documentProblems.notMultipart();
      try {
        return await upload(request, reply, accountId, application);
      } catch (error) {
        // The client may still be sending (a refused type, a file over the limit): Node would read the rest
        // of the body to keep the connection alive. Closing it stops the upload for good.
        if (!request.raw.complete) reply.header('connection', 'close');
        throw error;
      }
    },

    async getApplicationDocument(request, reply) {
      const accountId = await accountOf(request);
      const { document } = await ownDocument(
        accountId,
        request.params.applicationId,
        request.params.documentId,
      );
      return sendOriginal(reply, storage, document);
    },

    async getApplicationDocumentPreview(request, reply) {
      const accountId = await accountOf(request);
      const { document } = await ownDocument(
        accountId,
        request.params.applicationId,
        request.params.documentId,
      );
      const preview = await previewOf(storage, document);
      if (!preview) throw documentProblems.documentNotFound();
      return sendPreview(reply, storage, preview);
    },

    async removeApplicationDocument(request, reply) {
      const accountId = await accountOf(request);
      const { document } = await ownDocument(
        accountId,
        request.params.applicationId,
        request.params.documentId,
      );
      await db.transaction(async (tx) => {
        const locked = await findOwnApplication(tx, accountId, document.applicationId, { lock: true });
        if (!locked) throw documentProblems.applicationNotFound();
        const refusal = changeRefusal(locked, clock.now(), { documentId: document.id });
        if (refusal) throw documentProblems.conflict(refusal);
        await deleteDocument(tx, document.id);
      });
      // After the commit: a failure here leaves files no document holds, which housekeeping removes.
      await removeFiles(document);
      return reply.code(204).send();
    },
  };
}
