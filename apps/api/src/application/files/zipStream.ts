// A zip written as it is read (the desk's documents download, desk/archive.ts, and the applicant's own copy,
// account/archive.ts). fflate (MIT, no dependencies, maintained, with its own types) writes it: small texts
// deflated, stored files passed through as they are (PDFs and images are compressed already) while their
// chunks are read, without knowing a size beforehand, so nothing is held whole.
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { DocumentRow } from './documents.ts';
import type { FileStorage } from './storage.ts';

export interface ZipText {
  readonly name: string;
  readonly content: string;
  readonly at: Date;
}

export interface ZipFile {
  readonly path: string;
  readonly document: Pick<DocumentRow, 'fileId' | 'createdAt'>;
}

/** The zip's bytes, a piece at a time: the texts first, then each file as its chunks are read. */
export async function* zipStream(
  storage: FileStorage,
  texts: readonly ZipText[],
  files: Iterable<ZipFile>,
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
  for (const { name, content, at } of texts) {
    const entry = new ZipDeflate(name, { level: 6 });
    entry.mtime = at;
    zip.add(entry);
    entry.push(strToU8(content), true);
  }
  yield* written();
  for (const { path, document } of files) {
    const entry = new ZipPassThrough(path);
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
