// What an uploaded file is, decided from its first bytes alone (issue 38). The name the browser sent and the
// type it declared are the applicant's words, or an attacker's: an HTML page named `x.pdf` and declared
// `application/pdf` is still an HTML page. So neither is ever read here; `file-type` reads the magic numbers.
import { fileTypeFromBuffer } from 'file-type';

/** The types an application accepts: what the desk can open and print everywhere. */
export const ACCEPTED_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/gif'] as const;
export type AcceptedType = (typeof ACCEPTED_TYPES)[number];

/**
 * Why a file is refused, as the upload's problem `code` says it (the GOV.UK file upload pattern's messages:
 * empty, wrong type, password protected, too big):
 * - `empty`: no bytes at all;
 * - `heic`: an iPhone photo (HEIC/HEIF), which the desk's computers cannot open; the screen says how to send
 *   it as a JPEG;
 * - `word`: a word processor's file (doc, docx, odt, rtf; any Office compound file, which is how a .doc
 *   comes), to be saved as a PDF;
 * - `encrypted_pdf`: a PDF with a password (an `/Encrypt` dictionary), which the desk cannot open;
 * - `unsupported_type`: anything else, whatever its name says (SVG, HTML, text, zip, programs, and
 *   polyglots whose first bytes are not one of the accepted types);
 * - `damaged`: an image whose first bytes say JPEG, PNG or GIF but which does not decode (preview.ts): a
 *   truncated photo, or a header glued onto something else;
 * - `too_many_pixels`: an image declaring more pixels than the preview decodes (preview.ts,
 *   MAX_INPUT_PIXELS): a decompression bomb, or a scan far larger than any document needs.
 * Sizes are not refusals of the file's content: receive.ts says `file_too_large` or `application_too_large`.
 */
export type ContentRefusal =
  'empty' | 'heic' | 'word' | 'encrypted_pdf' | 'unsupported_type' | 'damaged' | 'too_many_pixels';

/**
 * How many first bytes are read before deciding. file-type's own sample is 4100 bytes, enough for every
 * magic number; a zip-based document (docx, odt) is told apart from a plain zip by the names of its first
 * entries, which a larger sample is more likely to hold. 64 KiB is also what a stream reads at once.
 */
export const INSPECT_BYTES = 64 * 1024;

const HEIC_TYPES = new Set(['image/heic', 'image/heic-sequence', 'image/heif', 'image/heif-sequence']);
const WORD_TYPES = new Set([
  'application/msword',
  // A .doc is an Office compound file; file-type cannot tell it from an .xls or .ppt, which are refused
  // the same way: save as PDF.
  'application/x-cfb',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.template',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.text-template',
  'application/rtf',
]);

export type Inspection = { ok: true; mediaType: AcceptedType } | { ok: false; code: ContentRefusal };

const isAccepted = (mime: string): mime is AcceptedType =>
  (ACCEPTED_TYPES as readonly string[]).includes(mime);

/** Decides from the first INSPECT_BYTES (or fewer, for a shorter file) what the file is, or why it is refused. */
export async function inspectHead(head: Uint8Array): Promise<Inspection> {
  if (head.length === 0) return { ok: false, code: 'empty' };
  const detected = await fileTypeFromBuffer(head);
  if (!detected) return { ok: false, code: 'unsupported_type' };
  if (isAccepted(detected.mime)) return { ok: true, mediaType: detected.mime };
  if (HEIC_TYPES.has(detected.mime)) return { ok: false, code: 'heic' };
  if (WORD_TYPES.has(detected.mime)) return { ok: false, code: 'word' };
  return { ok: false, code: 'unsupported_type' };
}

const ENCRYPT = Buffer.from('/Encrypt', 'latin1');

/**
 * Looks for `/Encrypt` in a PDF's bytes as they arrive, holding only the last few bytes of the previous
 * chunk (a name cut in two by a chunk boundary is still found). A password-protected PDF names its
 * encryption dictionary in its trailer, or in the dictionary of its cross-reference stream, neither of which
 * is ever compressed, so the plain name is there to find. A PDF whose text happens to contain "/Encrypt"
 * uncompressed is refused too: rare, and the applicant can print it to a new PDF.
 */
export class EncryptionScanner {
  private tail = Buffer.alloc(0);
  found = false;
  /** Returns whether `/Encrypt` has been seen so far. */
  push(chunk: Buffer): boolean {
    if (this.found) return true;
    const keep = ENCRYPT.length - 1;
    // A name across the boundary starts in the tail and ends in the chunk's first `keep` bytes.
    const seam = Buffer.concat([this.tail, chunk.subarray(0, keep)]);
    this.found = seam.includes(ENCRYPT) || chunk.includes(ENCRYPT);
    const last = Buffer.concat([this.tail, chunk.subarray(Math.max(0, chunk.length - keep))]);
    this.tail = last.subarray(Math.max(0, last.length - keep));
    return this.found;
  }
}
