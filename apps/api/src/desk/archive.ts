// An application's documents as one download (openapi.staff.yaml getStaffApplicationDocumentsArchive): a zip of
// the current documents as they were sent, written as the stored chunks are read. fflate (MIT, no
// dependencies, maintained, with its own types) writes it; its ZipPassThrough stores each file as it is
// (PDFs and images are compressed already) without knowing its size beforehand, so nothing is held whole.
import { Zip, ZipPassThrough } from 'fflate';
import type { DocumentRow } from '../application/files/documents.ts';
import type { FileStorage } from '../application/files/storage.ts';

/**
 * The entry's name: the document's kind and type, then its original name reduced to letters, digits, `.`,
 * `-` and `_` (no folder, no `..`, nothing a file system or an unzip tool reads otherwise), made unique among
 * `taken` (compared without case, as Windows and macOS do) by `-2`, `-3`, … before its extension.
 */
export function entryName(document: DocumentRow, taken: Set<string>): string {
  const original = document.displayName
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}._-]+/gu, '_')
    .replace(/^[._]+/, '')
    .slice(-100);
  const base = `${document.slotKind}-${document.slotTypeId}-${original || 'document'}`;
  const dot = base.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [base.slice(0, dot), base.slice(dot)] : [base, ''];
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${stem}-${n}${extension}`;
  taken.add(name.toLowerCase());
  return name;
}

/** The zip file's bytes, a piece at a time, the documents in their order. */
export async function* documentsArchive(
  storage: FileStorage,
  documents: readonly DocumentRow[],
): AsyncGenerator<Buffer> {
  const pieces: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, piece) => {
    if (error) failure = error;
    else pieces.push(piece);
  });
  function* written(): Generator<Buffer> {
    if (failure) throw failure;
    for (const piece of pieces.splice(0)) yield Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
  }
  const taken = new Set<string>();
  for (const document of documents) {
    const entry = new ZipPassThrough(entryName(document, taken));
    entry.mtime = document.createdAt;
    zip.add(entry);
    for await (const chunk of storage.read(document.fileId)) {
      entry.push(chunk);
      yield* written();
    }
    entry.push(new Uint8Array(0), true);
    yield* written();
  }
  zip.end();
  yield* written();
}

/** The archive's file name: the application's reference number, ASCII. */
export const archiveFileName = (reference: string | null): string =>
  `${(reference ?? 'application').replace(/[^A-Za-z0-9-]/g, '_')}-documents.zip`;
