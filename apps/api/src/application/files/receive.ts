// Receiving one uploaded file (issue 38): its first bytes decide its type (inspect.ts), its bytes go to the
// storage as they arrive, and a refusal (its type, its size, a password, an image that does not decode) stops
// the reading at once and removes what was written. A refused 1 GB upload costs the server a few chunks.
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  EncryptionScanner,
  INSPECT_BYTES,
  inspectHead,
  type AcceptedType,
  type ContentRefusal,
} from './inspect.ts';
import { makePreview, type PreviewType } from './preview.ts';
import type { FileStorage } from './storage.ts';

/** The most one file may hold: 10 MB (openapi.yaml FileTooLarge; docs/behaviour.md#documents). */
export const FILE_LIMIT_BYTES = 10 * 1024 * 1024;
/** The most an application's files may hold together: 100 MB. The caller passes what is left of it. */
export const APPLICATION_LIMIT_BYTES = 100 * 1024 * 1024;

export type SizeRefusal = 'file_too_large' | 'application_too_large';
export type Refusal = ContentRefusal | SizeRefusal;

export interface ReceivedFile {
  fileId: string;
  mediaType: AcceptedType;
  size: number;
  sha256: string;
  /** Shown to the applicant and the desk, and the download's name: never a path (sanitiseDisplayName). */
  displayName: string;
  /** Images only: the re-encoded preview, stored as a file of its own. */
  preview?: { fileId: string; mediaType: PreviewType; size: number; width: number; height: number };
}

export type Received = { ok: true; file: ReceivedFile } | { ok: false; code: Refusal };

export interface ReceiveOptions {
  storage: FileStorage;
  /** The name the browser sent (multipart's filename), untrusted. */
  declaredName: string | undefined;
  /** The per-file limit (FILE_LIMIT_BYTES unless a test says otherwise). */
  fileLimit?: number;
  /** What the application may still take (APPLICATION_LIMIT_BYTES minus its files' sizes). */
  applicationRoom?: number;
  /** New stored files' ids (random by default). */
  newId?: () => string;
}

/** A refusal found while the bytes stream: ends the storage's write, whose caller then removes the file. */
class Refused extends Error {
  readonly code: Refusal;
  constructor(code: Refusal) {
    super(code);
    this.code = code;
  }
}

/** The upload's own stream failed (the client went, the multipart body broke off): nothing is kept. */
export class UploadCutShort extends Error {
  constructor(cause: unknown) {
    super('the upload stream failed before its end', { cause });
  }
}

const randomId = (): string => randomBytes(16).toString('base64url');

/**
 * Receives one file from `source` (a multipart file's stream). Reads at most the smaller limit plus one chunk:
 * past it, or on any refusal, the source is destroyed (busboy then skips the rest of the part; the route
 * closes the connection) and nothing stays stored.
 */
export async function receiveFile(source: Readable, options: ReceiveOptions): Promise<Received> {
  const { storage } = options;
  const fileLimit = options.fileLimit ?? FILE_LIMIT_BYTES;
  const room = options.applicationRoom ?? APPLICATION_LIMIT_BYTES;
  const limit = Math.min(fileLimit, room);
  const tooLarge: SizeRefusal = room < fileLimit ? 'application_too_large' : 'file_too_large';
  const newId = options.newId ?? randomId;
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const pull = async (): Promise<IteratorResult<Buffer>> => {
    try {
      return await iterator.next();
    } catch (error) {
      throw new UploadCutShort(error);
    }
  };
  const stop = () => {
    source.destroy();
  };

  // The first bytes, up to INSPECT_BYTES (or the end), before anything is stored.
  const head: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < INSPECT_BYTES) {
    const next = await pull();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headBytes += next.value.length;
    if (headBytes > limit) {
      stop();
      return { ok: false, code: tooLarge };
    }
  }
  const inspection = await inspectHead(Buffer.concat(head, headBytes).subarray(0, INSPECT_BYTES));
  if (!inspection.ok) {
    if (!ended) stop();
    return { ok: false, code: inspection.code };
  }
  const { mediaType } = inspection;
  const scanner = mediaType === 'application/pdf' ? new EncryptionScanner() : undefined;
  // An image's bytes are also kept for its preview: sharp decodes from one whole buffer anyway, and reading
  // them back from the database would cost PGlite's shared connection as long again as writing them.
  const image: Buffer[] | undefined = mediaType === 'application/pdf' ? undefined : [];

  let received = 0;
  const check = (chunk: Buffer): Buffer => {
    received += chunk.length;
    if (received > limit) throw new Refused(tooLarge);
    if (scanner?.push(chunk)) throw new Refused('encrypted_pdf');
    image?.push(chunk);
    return chunk;
  };
  async function* accepted(): AsyncGenerator<Buffer> {
    for (const chunk of head) yield check(chunk);
    if (ended) return;
    for (;;) {
      const next = await pull();
      if (next.done) return;
      yield check(next.value);
    }
  }

  const fileId = newId();
  let stored: { size: number; sha256: string };
  try {
    stored = await storage.write(fileId, accepted());
  } catch (error) {
    stop();
    await storage.remove(fileId);
    if (error instanceof Refused) return { ok: false, code: error.code };
    throw error;
  }

  const file: ReceivedFile = {
    fileId,
    mediaType,
    size: stored.size,
    sha256: stored.sha256,
    displayName: sanitiseDisplayName(options.declaredName, mediaType),
  };
  if (mediaType === 'application/pdf' || !image) return { ok: true, file };

  const preview = await makePreview(Buffer.concat(image, stored.size), mediaType).catch(
    async (error: unknown) => {
      await storage.remove(fileId);
      throw error;
    },
  );
  if (!preview.ok) {
    await storage.remove(fileId);
    return { ok: false, code: preview.code };
  }
  const previewId = newId();
  try {
    const previewStored = await storage.write(
      previewId,
      (async function* () {
        yield preview.bytes;
      })(),
    );
    file.preview = {
      fileId: previewId,
      mediaType: preview.mediaType,
      size: previewStored.size,
      width: preview.width,
      height: preview.height,
    };
  } catch (error) {
    await storage.remove(previewId);
    await storage.remove(fileId);
    throw error;
  }
  return { ok: true, file };
}

/** The extension a download of each type gets, and the ones its name may already have. */
const EXTENSIONS: Record<AcceptedType, { name: string; accepted: string[] }> = {
  'application/pdf': { name: 'pdf', accepted: ['pdf'] },
  'image/jpeg': { name: 'jpg', accepted: ['jpg', 'jpeg', 'jpe', 'jfif'] },
  'image/png': { name: 'png', accepted: ['png'] },
  'image/gif': { name: 'gif', accepted: ['gif'] },
};

/** The name a file gets when the one sent leaves nothing to show. */
const FALLBACK_STEM: Record<AcceptedType, string> = {
  'application/pdf': 'document',
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/gif': 'image',
};

/** The longest display name, in characters (code points), extension included. */
export const DISPLAY_NAME_MAX = 120;

/**
 * Characters a name loses: controls (NUL, C0, DEL, C1), halves of a surrogate pair left alone, line and paragraph separators, and the bidirectional
 * controls (U+202A–U+202E embeddings and overrides, U+2066–U+2069 isolates, the marks U+200E, U+200F, U+061C)
 * with which `invoice\u202Efdp.exe` reads as `invoiceexe.pdf`. Joiners (U+200C, U+200D) stay: Persian names
 * and emoji need them.
 */
const UNWANTED = /[\p{Cc}\p{Cs}\u2028\u2029\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/gu;

/**
 * The name to show for an uploaded file: the last part of what the browser sent (a path's folders dropped,
 * whichever slash), without control or bidirectional characters, NFC, at most DISPLAY_NAME_MAX characters,
 * and ending with the extension of the type its bytes are (a JPEG sent as `x.html` is shown and downloaded as
 * `x.html.jpg`, so a download is never opened as a page). Never used as a path: files are stored by id.
 */
export function sanitiseDisplayName(declared: string | undefined, mediaType: AcceptedType): string {
  const extension = EXTENSIONS[mediaType];
  // The last part of a path, whichever its slashes; then a bound on the work below (a name that long loses
  // its end, and gets its type's extension).
  let name = (declared ?? '').split(/[/\\]/).pop() ?? '';
  name = name
    .slice(0, 4 * DISPLAY_NAME_MAX)
    .replace(UNWANTED, '')
    .normalize('NFC')
    .replace(/\s+/g, ' ');
  // Leading dots (hidden files, `..`) and spaces, and trailing ones (which Windows drops), go.
  name = name.replace(/^[\s.]+|[\s.]+$/g, '');
  const dot = name.lastIndexOf('.');
  const ownExtension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  let stem = extension.accepted.includes(ownExtension) ? name.slice(0, dot) : name;
  let suffix = extension.accepted.includes(ownExtension) ? name.slice(dot) : `.${extension.name}`;
  stem = stem.replace(/[\s.]+$/g, '');
  if (!stem) stem = FALLBACK_STEM[mediaType];
  if (!suffix.slice(1)) suffix = `.${extension.name}`;
  const room = DISPLAY_NAME_MAX - [...suffix].length;
  const graphemes = Array.from(
    new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(stem),
    (part) => part.segment,
  );
  // Cut between graphemes, so an accented letter or a flag is never split.
  let kept = '';
  let length = 0;
  for (const grapheme of graphemes) {
    length += [...grapheme].length;
    if (length > room) break;
    kept += grapheme;
  }
  return `${kept.replace(/[\s.]+$/g, '') || FALLBACK_STEM[mediaType]}${suffix}`;
}
