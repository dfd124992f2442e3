// Files an attacker (or an applicant in a hurry) uploads, made in code: no binary fixture is checked in.
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** A small photo, as a camera saves it: JPEG, with the GPS position and the camera in its EXIF. */
export async function jpegWithGps(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15', Copyright: 'applicant' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '35/1 39/1 29/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '139/1 44/1 28/1',
      },
    })
    .toBuffer();
}

/** A photo taken with the phone on its side: stored 80×40, EXIF orientation 6 (turn 90° clockwise). */
export async function jpegOnItsSide(): Promise<Buffer> {
  return sharp({ create: { width: 80, height: 40, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export const png = (width = 32, height = 32): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 4, background: '#00aa0080' } })
    .png()
    .toBuffer();

/** An animated GIF of three 20×10 frames (a 20×30 strip read as pages 10 pixels high), red on top. */
export async function animatedGif(): Promise<Buffer> {
  const strip = await sharp({ create: { width: 20, height: 30, channels: 3, background: '#0000ff' } })
    .composite([
      { input: { create: { width: 20, height: 10, channels: 3, background: '#ff0000' } }, top: 0, left: 0 },
    ])
    .raw()
    .toBuffer();
  return sharp(strip, { raw: { width: 20, height: 30, channels: 3, pageHeight: 10 } })
    .gif({ loop: 0 })
    .toBuffer();
}

const pngChunk = (type: string, data: Buffer): Buffer => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/**
 * A decompression bomb: a PNG of a few hundred bytes whose header declares 30000×30000 pixels (900 million,
 * 3.6 GB as RGBA). Its one IDAT holds a few compressed rows: a decoder that trusted the header would
 * allocate the whole canvas before finding out.
 */
export function pngBomb(side = 30_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = deflateSync(Buffer.alloc((1 + side * 4) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF, written by hand; `trailerExtra` goes into its trailer dictionary. */
export function pdf(trailerExtra = '', padding = 0): Buffer {
  const objects = [
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj',
  ];
  let body = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (const object of objects) {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${object}\n`;
  }
  // A comment as long as asked: the trailer then comes that much later in the stream.
  if (padding > 0) body += `%${'x'.repeat(padding)}\n`;
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A password-protected PDF as far as any reader can tell: its trailer names an encryption dictionary. */
export const encryptedPdf = (padding = 0): Buffer =>
  pdf('/Encrypt 4 0 R /ID [<0123456789abcdef0123456789abcdef> <0123456789abcdef0123456789abcdef>] ', padding);

/** A zip archive of stored (uncompressed) entries, written by hand. */
export function zip(entries: [name: string, content: string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(content, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A Word document (.docx): a zip whose content types name a wordprocessing document. */
export const docx = (): Buffer =>
  zip([
    [
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    [
      'word/document.xml',
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
    ],
  ]);

/** An OpenDocument text (.odt): a zip whose first entry, `mimetype`, says so. */
export const odt = (): Buffer =>
  zip([
    ['mimetype', 'application/vnd.oasis.opendocument.text'],
    ['content.xml', '<office:document-content/>'],
  ]);

/** An old Word document (.doc): an Office compound file's header, then its sectors. */
export const doc = (): Buffer =>
  Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096)]);

/** An iPhone photo: an ISO media file whose `ftyp` box names the HEIC brand. */
export const heic = (): Buffer => {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypheic', 'latin1'),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from('mif1heic', 'latin1'),
  ]);
  return Buffer.concat([ftyp, Buffer.alloc(2000)]);
};

/** A Windows program. */
export const exe = (): Buffer =>
  Buffer.concat([
    Buffer.from('MZ\x90\x00', 'latin1'),
    Buffer.alloc(58),
    Buffer.from('PE\0\0', 'latin1'),
    Buffer.alloc(4000),
  ]);

export const SCRIPT =
  '<html><body><script>fetch("/api/applicant/account").then(r=>r.text()).then(alert)</script></body></html>';

export const svgWithScript = (): Buffer =>
  Buffer.from(
    `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>`,
  );

/**
 * A source that yields `total` bytes in `chunk`-sized pieces starting with `prefix`, and counts what was
 * pulled from it: a reader that stops early leaves the rest unread.
 */
export function countingSource(
  prefix: Buffer,
  total: number,
  chunk = 64 * 1024,
): { stream: Readable; pulled: () => number } {
  let pulled = 0;
  const stream = new Readable({
    read() {
      if (pulled >= total) {
        this.push(null);
        return;
      }
      const size = Math.min(chunk, total - pulled);
      const piece = Buffer.alloc(size);
      if (pulled < prefix.length) prefix.copy(piece, 0, pulled, Math.min(prefix.length, pulled + size));
      pulled += size;
      this.push(piece);
    },
  });
  return { stream, pulled: () => pulled };
}

/** The bytes as a stream of `chunk`-sized pieces. */
export const streamOf = (bytes: Buffer, chunk = 64 * 1024): Readable =>
  countingSource(bytes, bytes.length, chunk).stream;
