// Where uploaded files' bytes are kept (issue 38). The interface is what an S3-compatible store would implement
// too (docs/operations.md#uploaded-files says when an operator should want one); the implementation here keeps
// them in the database, in chunks, so that one backup holds everything and both engines (PGlite, PostgreSQL)
// work the same.
import { createHash } from 'node:crypto';
import type { Clock } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db.ts';

export interface StoredFile {
  size: number;
  /** Hex SHA-256 of the bytes, for the desk's integrity checks and a backup's. */
  sha256: string;
}

export interface FileStorage {
  /**
   * Stores the bytes under fileId (a new id) as they arrive, never holding them all. When `chunks` throws, or
   * the storage fails, what was written stays until remove(fileId): the caller removes it (receive.ts).
   */
  write(fileId: string, chunks: AsyncIterable<Buffer>): Promise<StoredFile>;
  /** A file completely written, or undefined (unknown, or still being written). */
  stat(fileId: string): Promise<StoredFile | undefined>;
  /** The bytes of a file stat() finds, in order; throws if it is unknown. */
  read(fileId: string): AsyncIterable<Buffer>;
  /** Removes the file, complete or not; nothing when it is unknown. */
  remove(fileId: string): Promise<void>;
}

/**
 * The size of one row of stored_file_chunks: a few rows per file (40 for the per-file limit), and little
 * memory per upload in flight. PostgreSQL stores a bytea this size out of line (TOAST), compressed when
 * that helps; PGlite the same.
 */
export const CHUNK_BYTES = 256 * 1024;

/** Bytes as a Buffer: pg answers a bytea as a Buffer, PGlite as a Uint8Array. */
const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Files in stored_files and stored_file_chunks (migration 12). Each chunk is its own statement, outside any
 * transaction: an upload arrives at the applicant's pace, and a transaction open that long would hold PGlite's
 * one connection (every other request would wait) or a pooled PostgreSQL connection. So a file's row has no
 * size until its last chunk is in: stat() and read() see only complete files, and housekeeping can remove
 * the ones a crash left incomplete.
 */
export class DatabaseFileStorage implements FileStorage {
  private readonly db: Queryable;
  private readonly clock: Clock;
  constructor(db: Queryable, clock: Clock) {
    this.db = db;
    this.clock = clock;
  }

  async write(fileId: string, chunks: AsyncIterable<Buffer>): Promise<StoredFile> {
    await this.db.query('insert into stored_files (id, created_at) values ($1, $2)', [
      fileId,
      this.clock.now(),
    ]);
    const hash = createHash('sha256');
    let size = 0;
    let seq = 0;
    // At most one chunk's worth of received bytes is held here, in the pieces the stream gave.
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async (bytes: Buffer) => {
      await this.db.query('insert into stored_file_chunks (file_id, seq, bytes) values ($1, $2, $3)', [
        fileId,
        seq,
        bytes,
      ]);
      seq += 1;
    };
    for await (const piece of chunks) {
      hash.update(piece);
      size += piece.length;
      let rest = piece;
      while (pendingBytes + rest.length >= CHUNK_BYTES) {
        const take = CHUNK_BYTES - pendingBytes;
        await flush(Buffer.concat([...pending, rest.subarray(0, take)], CHUNK_BYTES));
        rest = rest.subarray(take);
        pending = [];
        pendingBytes = 0;
      }
      if (rest.length > 0) {
        pending.push(rest);
        pendingBytes += rest.length;
      }
    }
    if (pendingBytes > 0) await flush(Buffer.concat(pending, pendingBytes));
    const sha256 = hash.digest('hex');
    await this.db.query('update stored_files set size = $2, sha256 = $3 where id = $1', [
      fileId,
      size,
      sha256,
    ]);
    return { size, sha256 };
  }

  async stat(fileId: string): Promise<StoredFile | undefined> {
    const [row] = await this.db.query<{ size: string | number; sha256: string }>(
      'select size, sha256 from stored_files where id = $1 and size is not null',
      [fileId],
    );
    return row ? { size: Number(row.size), sha256: row.sha256 } : undefined;
  }

  async *read(fileId: string): AsyncGenerator<Buffer> {
    const file = await this.stat(fileId);
    if (!file) throw new Error(`stored file ${fileId} is unknown or incomplete`);
    // One chunk per query: a reader that stops early (a client gone) stops the reads.
    for (let seq = 0; ; seq += 1) {
      const [row] = await this.db.query<{ bytes: Uint8Array }>(
        'select bytes from stored_file_chunks where file_id = $1 and seq = $2',
        [fileId, seq],
      );
      if (!row) return;
      yield asBuffer(row.bytes);
    }
  }

  async remove(fileId: string): Promise<void> {
    // The chunks go with it (on delete cascade).
    await this.db.query('delete from stored_files where id = $1', [fileId]);
  }
}
