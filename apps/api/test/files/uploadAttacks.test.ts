// Issue 38: what an attacker uploads, and what must not happen (application/files/). Each test sends exactly
// the file its name says, through receiveFile as the upload route will, onto the test database (PGlite, or
// PostgreSQL through scripts/with-postgres.sh), and checks what is stored, what is refused and how much of
// the stream was read.
import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { INSPECT_BYTES } from '../../src/application/files/inspect.ts';
import { MAX_INPUT_PIXELS, PREVIEW_MAX_SIDE } from '../../src/application/files/preview.ts';
import { FILE_LIMIT_BYTES, receiveFile, type Received } from '../../src/application/files/receive.ts';
import { DatabaseFileStorage } from '../../src/application/files/storage.ts';
import { serverFixture } from '../helpers.ts';
import {
  animatedGif,
  countingSource,
  doc,
  docx,
  encryptedPdf,
  exe,
  heic,
  jpegOnItsSide,
  jpegWithGps,
  odt,
  pdf,
  png,
  pngBomb,
  SCRIPT,
  streamOf,
  svgWithScript,
  zip,
} from './fixtures.ts';

const { server } = serverFixture();
let storage: DatabaseFileStorage;
beforeAll(() => {
  storage = new DatabaseFileStorage(server.services.db, server.clock);
});

const storedFiles = async (): Promise<number> =>
  Number((await server.services.db.query<{ n: string }>('select count(*) as n from stored_files'))[0]!.n);
const storedChunks = async (): Promise<number> =>
  Number(
    (await server.services.db.query<{ n: string }>('select count(*) as n from stored_file_chunks'))[0]!.n,
  );

/** Receives the bytes and checks that a refusal left nothing stored. */
async function upload(bytes: Buffer, declaredName = 'upload.bin'): Promise<Received> {
  const before = await storedFiles();
  const received = await receiveFile(streamOf(bytes), { storage, declaredName });
  if (!received.ok) {
    expect(await storedFiles(), 'nothing stays stored after a refusal').toBe(before);
  }
  return received;
}

const refusal = async (bytes: Buffer, declaredName?: string) => {
  const received = await upload(bytes, declaredName);
  return received.ok ? `accepted as ${received.file.mediaType}` : received.code;
};

const readAll = async (fileId: string): Promise<Buffer> => {
  const parts: Buffer[] = [];
  for await (const part of storage.read(fileId)) parts.push(part);
  return Buffer.concat(parts);
};

describe('a file is what its bytes are, whatever its name or declared type says', () => {
  it('an HTML page named x.pdf (and declared application/pdf by the browser) is refused', async () => {
    expect(await refusal(Buffer.from(SCRIPT), 'x.pdf')).toBe('unsupported_type');
  });

  it('an SVG carrying a script is refused, though it is "an image"', async () => {
    expect(await refusal(svgWithScript(), 'logo.svg')).toBe('unsupported_type');
    expect(await refusal(svgWithScript(), 'photo.png')).toBe('unsupported_type');
  });

  it('a program, a zip and plain text are refused', async () => {
    expect(await refusal(exe(), 'transcript.pdf')).toBe('unsupported_type');
    expect(await refusal(zip([['transcript.pdf', '%PDF-1.7']]), 'transcript.pdf')).toBe('unsupported_type');
    expect(await refusal(Buffer.from('My grades: A, A, B\n'), 'grades.pdf')).toBe('unsupported_type');
  });

  it('a PDF whose %PDF does not come first (a page with a PDF after it) is refused', async () => {
    expect(await refusal(Buffer.concat([Buffer.from(SCRIPT), pdf()]), 'x.pdf')).toBe('unsupported_type');
  });

  it('an iPhone photo (HEIC) is refused with its own code, so the screen can say how to send a JPEG', async () => {
    expect(await refusal(heic(), 'IMG_0001.HEIC')).toBe('heic');
    expect(await refusal(heic(), 'IMG_0001.jpg')).toBe('heic');
  });

  it('Word and OpenDocument files are refused as word, to be saved as PDF', async () => {
    expect(await refusal(docx(), 'cv.docx')).toBe('word');
    expect(await refusal(docx(), 'cv.pdf')).toBe('word');
    expect(await refusal(odt(), 'cv.odt')).toBe('word');
    expect(await refusal(doc(), 'cv.doc')).toBe('word');
  });

  it('an empty file is refused as empty', async () => {
    expect(await refusal(Buffer.alloc(0), 'empty.pdf')).toBe('empty');
  });

  it('a PDF, a JPEG, a PNG and a GIF are accepted as what they are', async () => {
    expect(await refusal(pdf(), 'a')).toBe('accepted as application/pdf');
    expect(await refusal(await jpegWithGps(), 'a')).toBe('accepted as image/jpeg');
    expect(await refusal(await png(), 'a')).toBe('accepted as image/png');
    expect(await refusal(await animatedGif(), 'a')).toBe('accepted as image/gif');
  });
});

describe('a password-protected PDF', () => {
  it('is refused as encrypted_pdf, its /Encrypt found in the trailer', async () => {
    expect(await refusal(encryptedPdf(), 'statement.pdf')).toBe('encrypted_pdf');
  });

  it('is found when /Encrypt is cut in two by a chunk boundary, far into the file', async () => {
    const bytes = encryptedPdf(300_000);
    const at = bytes.indexOf('/Encrypt');
    const before = await storedFiles();
    // Chunks of a size that splits "/Encrypt" after "/Enc".
    for (const chunk of [at + 4, 1000, 7]) {
      const received = await receiveFile(streamOf(bytes, chunk), { storage, declaredName: 'a.pdf' });
      expect(received).toEqual({ ok: false, code: 'encrypted_pdf' });
    }
    expect(await storedFiles()).toBe(before);
  });
});

describe('a polyglot: JPEG bytes first, then an HTML page with a script', () => {
  it('is only ever a JPEG: accepted as image/jpeg, its preview re-encoded without the page', async () => {
    const polyglot = Buffer.concat([await jpegWithGps(), Buffer.from(SCRIPT)]);
    const received = await upload(polyglot, 'x.html');
    expect(received.ok).toBe(true);
    if (!received.ok) return;
    const { file } = received;
    expect(file.mediaType).toBe('image/jpeg');
    // Shown and downloaded as a .jpg: a download is never opened as a page.
    expect(file.displayName).toBe('x.html.jpg');
    const preview = await readAll(file.preview!.fileId);
    expect(preview.includes('<script')).toBe(false);
    expect((await sharp(preview).metadata()).format).toBe('jpeg');
    // The original is kept as sent, for the desk (served only as an attachment, with nosniff).
    expect((await readAll(file.fileId)).equals(polyglot)).toBe(true);
  });

  it('a JPEG header glued onto an HTML page does not decode and is refused as damaged', async () => {
    const header = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0', 'latin1')]);
    expect(await refusal(Buffer.concat([header, Buffer.alloc(11), Buffer.from(SCRIPT)]), 'x.jpg')).toBe(
      'damaged',
    );
  });

  it('a photo cut short is refused as damaged, not drawn half grey', async () => {
    const photo = await sharp({
      create: {
        width: 400,
        height: 300,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .jpeg()
      .toBuffer();
    expect(await refusal(photo.subarray(0, photo.length / 2), 'x.jpg')).toBe('damaged');
  });
});

describe('the preview', () => {
  it('of a photo with its GPS position in EXIF has no EXIF at all', async () => {
    const photo = await jpegWithGps();
    const original = await sharp(photo).metadata();
    expect(original.exif, 'the fixture carries EXIF').toBeDefined();
    expect(original.exif!.includes('PhoneMaker')).toBe(true);
    const received = await upload(photo, 'IMG_2041.jpg');
    if (!received.ok) throw new Error(received.code);
    const preview = await readAll(received.file.preview!.fileId);
    const metadata = await sharp(preview).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(preview.includes('PhoneMaker')).toBe(false);
    expect(preview.includes('GPS')).toBe(false);
  });

  it('of a photo taken on its side stands up (its EXIF orientation applied, then dropped)', async () => {
    const received = await upload(await jpegOnItsSide(), 'side.jpg');
    if (!received.ok) throw new Error(received.code);
    expect(received.file.preview).toMatchObject({ width: 40, height: 80, mediaType: 'image/jpeg' });
    const metadata = await sharp(await readAll(received.file.preview!.fileId)).metadata();
    expect(metadata.orientation).toBeUndefined();
  });

  it(`of a large image fits in ${PREVIEW_MAX_SIDE}×${PREVIEW_MAX_SIDE}`, async () => {
    const big = await sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    const received = await upload(big, 'scan.png');
    if (!received.ok) throw new Error(received.code);
    expect(received.file.preview).toMatchObject({ width: 1600, height: 400, mediaType: 'image/png' });
  });

  it('of an animated GIF is its first frame, as a PNG', async () => {
    const received = await upload(await animatedGif(), 'anim.gif');
    if (!received.ok) throw new Error(received.code);
    expect(received.file.preview).toMatchObject({ width: 20, height: 10, mediaType: 'image/png' });
    const { data } = await sharp(await readAll(received.file.preview!.fileId))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);
  });

  it('a PDF has none', async () => {
    const received = await upload(pdf(), 'a.pdf');
    if (!received.ok) throw new Error(received.code);
    expect(received.file.preview).toBeUndefined();
  });
});

describe('a decompression bomb', () => {
  it(`(a small PNG declaring 30000×30000 pixels) is refused as too_many_pixels from its header, at once`, async () => {
    const bomb = pngBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(30_000 * 30_000).toBeGreaterThan(MAX_INPUT_PIXELS);
    const rss = process.memoryUsage().rss;
    const started = performance.now();
    expect(await refusal(bomb, 'bomb.png')).toBe('too_many_pixels');
    expect(performance.now() - started).toBeLessThan(2000);
    // 900 megapixels decoded would take gigabytes; a header read takes nothing worth measuring.
    expect(process.memoryUsage().rss - rss).toBeLessThan(200 * 1024 * 1024);
  });
});

describe('size: a file stops being read at the limit', () => {
  it('a file of exactly the limit is accepted, and stored whole', async () => {
    const { stream } = countingSource(pdf(), FILE_LIMIT_BYTES);
    const received = await receiveFile(stream, { storage, declaredName: 'big.pdf' });
    if (!received.ok) throw new Error(received.code);
    expect(received.file.size).toBe(FILE_LIMIT_BYTES);
    expect(await storage.stat(received.file.fileId)).toMatchObject({ size: FILE_LIMIT_BYTES });
    await storage.remove(received.file.fileId);
  });

  it('10 MB + 1 byte is refused as file_too_large, and nothing is kept', async () => {
    const before = [await storedFiles(), await storedChunks()];
    const { stream } = countingSource(pdf(), FILE_LIMIT_BYTES + 1);
    expect(await receiveFile(stream, { storage, declaredName: 'big.pdf' })).toEqual({
      ok: false,
      code: 'file_too_large',
    });
    expect([await storedFiles(), await storedChunks()]).toEqual(before);
    expect(stream.destroyed).toBe(true);
  });

  it('a 1 GB stream is cut off just past the limit: the rest is never read', async () => {
    const sent = 1024 * 1024 * 1024;
    const source = countingSource(pdf(), sent);
    expect(await receiveFile(source.stream, { storage, declaredName: 'huge.pdf' })).toEqual({
      ok: false,
      code: 'file_too_large',
    });
    expect(source.pulled()).toBeLessThan(sent);
    // The limit, the chunk that passed it, and what the stream had buffered ahead (its highWaterMark).
    expect(source.pulled()).toBeLessThanOrEqual(FILE_LIMIT_BYTES + 3 * 64 * 1024);
    expect(source.stream.destroyed).toBe(true);
  });

  it("a file that would pass the application's 100 MB is refused as application_too_large", async () => {
    const { stream } = countingSource(pdf(), 600_000);
    expect(await receiveFile(stream, { storage, declaredName: 'a.pdf', applicationRoom: 500_000 })).toEqual({
      ok: false,
      code: 'application_too_large',
    });
  });

  it('a refused type stops being read after its first bytes', async () => {
    const sent = 50 * 1024 * 1024;
    const source = countingSource(exe(), sent);
    expect(await receiveFile(source.stream, { storage, declaredName: 'setup.pdf' })).toEqual({
      ok: false,
      code: 'unsupported_type',
    });
    expect(source.pulled()).toBeLessThanOrEqual(INSPECT_BYTES + 3 * 64 * 1024);
    expect(source.stream.destroyed).toBe(true);
  });
});

describe('the name a file is shown and downloaded under', () => {
  it('never carries a path, a NUL or a right-to-left override', async () => {
    const received = await upload(pdf(), '../../etc/passwd\u0000\u202Efdp.exe');
    if (!received.ok) throw new Error(received.code);
    expect(received.file.displayName).toBe('passwdfdp.exe.pdf');
  });

  it('and the file is stored by an id of its own, not under that name', async () => {
    const received = await upload(pdf(), '../../../stored_files');
    if (!received.ok) throw new Error(received.code);
    expect(received.file.fileId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(received.file.displayName).toBe('stored_files.pdf');
  });
});

describe('the database storage', () => {
  it('keeps a file in 256 KiB chunks and gives back the same bytes and hash', async () => {
    const bytes = randomBytes(700_001);
    // Pieces of an awkward size, as a network gives them.
    const received = await receiveFile(streamOf(Buffer.concat([pdf(), bytes]), 12_345), {
      storage,
      declaredName: 'a.pdf',
    });
    if (!received.ok) throw new Error(received.code);
    const { fileId, size, sha256 } = received.file;
    const chunks = await server.services.db.query<{ seq: number; n: number }>(
      'select seq, length(bytes) as n from stored_file_chunks where file_id = $1 order by seq',
      [fileId],
    );
    expect(chunks.map((chunk) => Number(chunk.n))).toEqual([262_144, 262_144, size - 2 * 262_144]);
    const back = await readAll(fileId);
    expect(back.length).toBe(size);
    expect(createHash('sha256').update(back).digest('hex')).toBe(sha256);
    await storage.remove(fileId);
    expect(await storage.stat(fileId)).toBeUndefined();
    expect(
      await server.services.db.query('select 1 from stored_file_chunks where file_id = $1', [fileId]),
    ).toEqual([]);
  });
});
