// An application's documents as one download (openapi.staff.yaml getStaffApplicationDocumentsArchive): a zip of
// the current documents as they were sent, written as the stored chunks are read (../application/files/zipStream.ts).
import type { DocumentRow } from '../application/files/documents.ts';
import type { FileStorage } from '../application/files/storage.ts';
import { zipStream } from '../application/files/zipStream.ts';

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
export function documentsArchive(
  storage: FileStorage,
  documents: readonly DocumentRow[],
): AsyncGenerator<Buffer> {
  const taken = new Set<string>();
  return zipStream(
    storage,
    [],
    documents.map((document) => ({ path: entryName(document, taken), document })),
  );
}

/** The archive's file name: the application's reference number, ASCII. */
export const archiveFileName = (reference: string | null): string =>
  `${(reference ?? 'application').replace(/[^A-Za-z0-9-]/g, '_')}-documents.zip`;
