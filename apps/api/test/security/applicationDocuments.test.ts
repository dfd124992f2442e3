// Issue 38: the document operations as an attacker uses them (routes/applicationDocuments.ts). Each test's
// name says what is tried, its body sends exactly that request, its assertion says what must not happen.
// Every answer is checked against openapi.yaml.
//
// Each applicant's application is a real one (the applications table of migration 10): a master's draft started
// from the saved plan (teacher 103, programme 11, open in the test's periods file); submitted and returned
// through the operations themselves, as the site reaches those states.
import { randomBytes } from 'node:crypto';
import { connect, type AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { deskChange } from '../../src/application/operations.ts';
import { FILES_PER_APPLICATION } from '../../src/application/files/documents.ts';
import { APPLICATION_LIMIT_BYTES, FILE_LIMIT_BYTES } from '../../src/application/files/receive.ts';
import type { OperationId } from '../../src/platform/contract.ts';
import {
  applicant as planApplicant,
  completeAnswers,
  openPeriodsFile,
  requiredSlots,
  startDraft,
} from '../applications/helpers.ts';
import { jpegWithGps, pdf, SCRIPT } from '../files/fixtures.ts';
import { contract, requestId, serverFixture } from '../helpers.ts';

const { server } = serverFixture({ periodsFile: openPeriodsFile() });

const BOUNDARY = '----attack7MA4YWxkTrZu0gW';

/** A certificate slot the plan's master's application offers (teacher 103's course: the graduation certificate). */
const slot = { certificateId: requiredSlots.find((s) => s.slotKind === 'certificate')!.slotTypeId };

interface Applicant {
  cookie: string;
  accountId: string;
  applicationId: string;
}

const opaqueId = () => randomBytes(16).toString('base64url');

/** A signed-in applicant with a master's draft from the saved plan, which offers `slot`. */
async function applicant(): Promise<Applicant> {
  const who = await planApplicant(server, 'uploader');
  return { cookie: who.cookie, accountId: who.accountId, applicationId: await startDraft(server, who) };
}

/** Completes the draft (every section, a PDF in each required slot still empty) and submits it. */
async function submit(who: Applicant, filled: readonly number[] = []): Promise<void> {
  const saved = await server.call('saveApplicationAnswers', {
    params: { applicationId: who.applicationId },
    body: completeAnswers,
    cookie: who.cookie,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  for (const required of requiredSlots) {
    if (required.slotKind === 'certificate' && filled.includes(required.slotTypeId)) continue;
    const uploaded = await upload(
      who,
      pdf(),
      { name: required.name.replace(/\.jpg$/, '.pdf'), type: 'application/pdf' },
      { slotKind: required.slotKind, slotTypeId: String(required.slotTypeId) },
    );
    expect(uploaded.status).toBe(201);
  }
  const submitted = await server.call('submitApplication', {
    params: { applicationId: who.applicationId },
    cookie: who.cookie,
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
}

/** The multipart body's parts around the file: the two fields and the file's headers, and the closing line. */
function multipartParts(file: { name: string; type: string }, fields = defaultFields()) {
  const head =
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
    `Content-Type: ${file.type}\r\n\r\n`;
  return { head: Buffer.from(head, 'utf8'), tail: Buffer.from(`\r\n--${BOUNDARY}--\r\n`) };
}

const defaultFields = (): Record<string, string> => ({
  slotKind: 'certificate',
  slotTypeId: String(slot.certificateId),
});

interface Answer {
  status: number;
  body: Record<string, unknown> | undefined;
  raw: Buffer;
  headers: Record<string, unknown>;
}

async function send(
  op: OperationId,
  who: Applicant,
  options: {
    documentId?: string;
    applicationId?: string;
    payload?: Buffer | Readable;
    headers?: Record<string, string>;
  } = {},
): Promise<Answer> {
  const operation = contract.operation(op);
  const url =
    server.config.basePath +
    operation.path
      .replace('{applicationId}', options.applicationId ?? who.applicationId)
      .replace('{documentId}', options.documentId ?? '');
  const response = await server.app.inject({
    method: operation.method.toUpperCase() as 'GET',
    url,
    headers: { 'x-request-id': requestId(), cookie: who.cookie, ...options.headers },
    ...(options.payload ? { payload: options.payload } : {}),
  });
  const type = response.headers['content-type'] as string | undefined;
  const body = type?.includes('json') ? (response.json() as Record<string, unknown>) : undefined;
  expect(
    contract.checkResponse(op, response.statusCode, type, body ?? response.body),
    `${op} answer`,
  ).toEqual([]);
  return { status: response.statusCode, body, raw: response.rawPayload, headers: response.headers };
}

async function upload(
  who: Applicant,
  bytes: Buffer,
  file = { name: 'certificate.pdf', type: 'application/pdf' },
  fields?: Record<string, string>,
): Promise<Answer> {
  const { head, tail } = multipartParts(file, fields);
  return send('uploadApplicationDocument', who, {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  });
}

const storedFiles = async (): Promise<number> =>
  Number((await server.services.db.query<{ n: string }>('select count(*) as n from stored_files'))[0]!.n);

describe('another applicant’s ids', () => {
  it('another applicant’s application answers 404 exactly like an unknown one, for every operation', async () => {
    const owner = await applicant();
    const intruder = await applicant();
    const uploaded = await upload(owner, pdf());
    expect(uploaded.status).toBe(201);
    const documentId = String(uploaded.body!.id);

    const stranger = { applicationId: owner.applicationId, documentId };
    const unknown = { applicationId: opaqueId(), documentId: opaqueId() };
    for (const op of [
      'getApplicationDocument',
      'getApplicationDocumentPreview',
      'removeApplicationDocument',
    ] as const) {
      const theirs = await send(op, intruder, stranger);
      const none = await send(op, intruder, unknown);
      expect(theirs.status, op).toBe(404);
      expect(theirs.body!.code).toBe('application_not_found');
      expect({ ...theirs.body, instance: undefined }).toEqual({ ...none.body, instance: undefined });
    }
    const { head, tail } = multipartParts({ name: 'x.pdf', type: 'application/pdf' });
    const into = await send('uploadApplicationDocument', intruder, {
      applicationId: owner.applicationId,
      payload: Buffer.concat([head, pdf(), tail]),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(into.status).toBe(404);
    expect(into.body!.code).toBe('application_not_found');
    // The owner's document is still there, whole.
    const mine = await send('getApplicationDocument', owner, { documentId });
    expect(mine.raw.equals(pdf())).toBe(true);
  });

  it('another applicant’s document id, asked for inside one’s own application, is 404 document_not_found', async () => {
    const owner = await applicant();
    const intruder = await applicant();
    const documentId = String((await upload(owner, pdf())).body!.id);
    for (const op of [
      'getApplicationDocument',
      'getApplicationDocumentPreview',
      'removeApplicationDocument',
    ] as const) {
      const answer = await send(op, intruder, { documentId });
      expect(answer.status, op).toBe(404);
      expect(answer.body!.code).toBe('document_not_found');
    }
    expect((await send('getApplicationDocument', owner, { documentId })).status).toBe(200);
  });

  it('without a session every operation is 404 no-session', async () => {
    const owner = await applicant();
    const answer = await send('getApplicationDocument', { ...owner, cookie: '' }, { documentId: opaqueId() });
    expect(answer.status).toBe(404);
    expect(answer.body!.type).toBe('urn:pre-admission:problem:no-session');
  });
});

describe('what is sent back', () => {
  it('the original is only ever a download: attachment, nosniff, a sandbox CSP, never cached', async () => {
    const owner = await applicant();
    const uploaded = await upload(owner, pdf(), {
      name: '成績証明書 (final).pdf',
      type: 'application/pdf',
    });
    expect(uploaded.body).toMatchObject({
      fileName: '成績証明書 (final).pdf',
      mediaType: 'application/pdf',
      hasPreview: false,
    });
    const answer = await send('getApplicationDocument', owner, { documentId: String(uploaded.body!.id) });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="_____ (final).pdf"; filename*=UTF-8''${encodeURIComponent('成績証明書 ')}%28final%29.pdf`,
    );
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'; sandbox",
    );
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.raw.equals(pdf())).toBe(true);
  });

  it('a polyglot (a JPEG, then an HTML page with a script) named x.html comes back as a .jpg download and a clean preview', async () => {
    const owner = await applicant();
    const polyglot = Buffer.concat([await jpegWithGps(), Buffer.from(SCRIPT)]);
    const uploaded = await upload(owner, polyglot, { name: 'x.html', type: 'text/html' });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({
      fileName: 'x.html.jpg',
      mediaType: 'image/jpeg',
      hasPreview: true,
    });
    const documentId = String(uploaded.body!.id);

    const original = await send('getApplicationDocument', owner, { documentId });
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(String(original.headers['content-disposition'])).toMatch(/^attachment; filename="x\.html\.jpg"/);
    expect(original.headers['x-content-type-options']).toBe('nosniff');

    const preview = await send('getApplicationDocumentPreview', owner, { documentId });
    expect(preview.status).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    expect(String(preview.headers['content-disposition'])).toMatch(/^inline; /);
    expect(preview.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'; sandbox",
    );
    expect(preview.raw.includes('<script')).toBe(false);
    const metadata = await sharp(preview.raw).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
  });

  it('a PDF has no preview: 404 document_not_found', async () => {
    const owner = await applicant();
    const documentId = String((await upload(owner, pdf())).body!.id);
    const answer = await send('getApplicationDocumentPreview', owner, { documentId });
    expect(answer.status).toBe(404);
    expect(answer.body!.code).toBe('document_not_found');
  });

  it('a name of ../../etc/passwd with a NUL and a right-to-left override is shown cleaned, and stored by id', async () => {
    const owner = await applicant();
    const uploaded = await upload(owner, pdf(), {
      name: '../../etc/passwd\u0000\u202Efdp.exe',
      type: 'application/pdf',
    });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body!.fileName).toBe('passwdfdp.exe.pdf');
  });
});

describe('files refused for what they are', () => {
  it.each([
    [
      'an HTML page named x.pdf and declared application/pdf',
      Buffer.from(SCRIPT),
      'x.pdf',
      'application/pdf',
      'unsupported_type',
    ],
    [
      'an SVG with a script',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'a.svg',
      'image/svg+xml',
      'unsupported_type',
    ],
    ['an empty file', Buffer.alloc(0), 'empty.pdf', 'application/pdf', 'empty'],
  ])('%s: 415 %s... and nothing is stored', async (_what, bytes, name, type, code) => {
    const owner = await applicant();
    const before = await storedFiles();
    const answer = await upload(owner, bytes, { name, type });
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({ type: 'urn:pre-admission:problem:unsupported-file', code });
    expect(await storedFiles()).toBe(before);
  });

  it('a JSON body instead of a file is 415', async () => {
    const owner = await applicant();
    const answer = await send('uploadApplicationDocument', owner, {
      payload: Buffer.from('{"file":"%PDF-1.7"}'),
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(415);
  });
});

describe('size', () => {
  it('a 30 MB upload is refused past 10 MB: 413 file_too_large, the connection to be closed, nothing kept', async () => {
    const owner = await applicant();
    const { head, tail } = multipartParts({ name: 'big.pdf', type: 'application/pdf' });
    const fileBytes = 30 * 1024 * 1024;
    const sent = head.length + fileBytes + tail.length;
    let pulled = 0;
    const start = Buffer.concat([head, pdf()]);
    const body = new Readable({
      read() {
        if (pulled >= sent) return void this.push(null);
        let piece: Buffer;
        if (pulled === 0) piece = start;
        else if (pulled >= head.length + fileBytes) piece = tail;
        else piece = Buffer.alloc(Math.min(64 * 1024, head.length + fileBytes - pulled));
        pulled += piece.length;
        this.push(piece);
      },
    });
    const before = await storedFiles();
    const answer = await send('uploadApplicationDocument', owner, {
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(answer.status).toBe(413);
    expect(answer.body!.code).toBe('file_too_large');
    expect(answer.headers.connection).toBe('close');
    expect(await storedFiles()).toBe(before);
  });

  it('on a real connection, a 30 MB upload stops being read just past 10 MB: the server answers and hangs up', async () => {
    const owner = await applicant();
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = server.app.server.address() as AddressInfo;
    const { head, tail } = multipartParts({ name: 'big.pdf', type: 'application/pdf' });
    const sent = 30 * 1024 * 1024;
    const result = await new Promise<{ written: number; received: string }>((done) => {
      const socket = connect(port, '127.0.0.1');
      let written = 0;
      let received = '';
      const chunk = (bytes: Buffer) => {
        written += bytes.length;
        return socket.write(
          Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]),
        );
      };
      const pump = () => {
        while (!socket.destroyed && received === '' && written < sent) {
          if (!chunk(written === 0 ? Buffer.concat([head, pdf()]) : Buffer.alloc(64 * 1024))) return;
        }
        if (written >= sent && !socket.destroyed) {
          chunk(tail);
          socket.write('0\r\n\r\n');
        }
      };
      socket.on('data', (data) => (received += data.toString('latin1')));
      socket.on('drain', pump);
      socket.on('error', () => undefined);
      socket.on('close', () => done({ written, received }));
      socket.on('connect', () => {
        socket.write(
          `POST ${server.config.basePath}/api/applicant/applications/${owner.applicationId}/documents HTTP/1.1\r\n` +
            `Host: localhost\r\nCookie: ${owner.cookie}\r\nX-Request-Id: ${requestId()}\r\n` +
            `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nTransfer-Encoding: chunked\r\n\r\n`,
        );
        pump();
      });
    });
    // The server answered 413 and closed the connection. The client may not see the answer: bytes it sent
    // that the server never read make the server's kernel reset the connection, which can drop the answer
    // on the client's side (a browser then reports a network error; behind nginx, which reads the body first,
    // it sees nginx's answer).
    const answered = server.logs.lines
      .map(
        (line) => JSON.parse(line) as { msg?: string; req?: { url?: string }; res?: { statusCode?: number } },
      )
      .filter((line) => line.msg === 'request completed' && line.req?.url?.endsWith('/documents'));
    expect(answered.at(-1)?.res?.statusCode).toBe(413);
    if (result.received !== '') {
      expect(result.received).toMatch(/^HTTP\/1\.1 413 /);
      expect(result.received).toMatch(/\r\nconnection: close\r\n/i);
      expect(result.received).toContain('"code":"file_too_large"');
    }
    // The limit, and what the kernel's socket buffers took before the server hung up.
    expect(result.written).toBeLessThan(sent);
    expect(result.written).toBeLessThan(FILE_LIMIT_BYTES + 8 * 1024 * 1024);
  });

  it('a Content-Length over the limit is refused before a byte of the file is read', async () => {
    const owner = await applicant();
    const { head } = multipartParts({ name: 'big.pdf', type: 'application/pdf' });
    const answer = await send('uploadApplicationDocument', owner, {
      payload: Buffer.concat([head, pdf()]),
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': String(FILE_LIMIT_BYTES * 3),
      },
    });
    expect(answer.status).toBe(413);
    expect(answer.body!.code).toBe('file_too_large');
  });

  it('a file that would take the application past 100 MB is 413 application_too_large', async () => {
    const owner = await applicant();
    // Nine full files, and most of a tenth, already in (rows only: the limit reads their sizes).
    const { db } = server.services;
    for (let i = 0; i < 10; i += 1)
      await db.query(
        `insert into application_documents (id, application_id, account_id, slot_kind, slot_type_id, file_id,
           display_name, media_type, size, created_at)
         values ($1, $2, $3, 'certificate', $4, $5, 'a.pdf', 'application/pdf', $6, $7)`,
        [
          opaqueId(),
          owner.applicationId,
          owner.accountId,
          slot.certificateId,
          opaqueId(),
          i < 9 ? FILE_LIMIT_BYTES : APPLICATION_LIMIT_BYTES - 9 * FILE_LIMIT_BYTES - 1000,
          server.clock.now(),
        ],
      );
    const answer = await upload(owner, Buffer.concat([pdf(), Buffer.alloc(5000)]));
    expect(answer.status).toBe(413);
    expect(answer.body!.code).toBe('application_too_large');
  });
});

describe('what the application allows', () => {
  it(`a ${FILES_PER_APPLICATION + 1}st file is 409 too_many_files`, async () => {
    const owner = await applicant();
    const { db } = server.services;
    for (let i = 0; i < FILES_PER_APPLICATION; i += 1)
      await db.query(
        `insert into application_documents (id, application_id, account_id, slot_kind, slot_type_id, file_id,
           display_name, media_type, size, created_at)
         values ($1, $2, $3, 'certificate', $4, $5, 'a.pdf', 'application/pdf', 10, $6)`,
        [
          opaqueId(),
          owner.applicationId,
          owner.accountId,
          slot.certificateId,
          opaqueId(),
          server.clock.now(),
        ],
      );
    const answer = await upload(owner, pdf());
    expect(answer.status).toBe(409);
    expect(answer.body!.code).toBe('too_many_files');
  });

  it('a submitted application takes no file and loses none: 409 not_editable', async () => {
    const owner = await applicant();
    const documentId = String((await upload(owner, pdf())).body!.id);
    await submit(owner, [slot.certificateId]);
    const added = await upload(owner, pdf());
    expect(added.status).toBe(409);
    expect(added.body!.code).toBe('not_editable');
    const removed = await send('removeApplicationDocument', owner, { documentId });
    expect(removed.status).toBe(409);
    expect(removed.body!.code).toBe('not_editable');
    expect((await send('getApplicationDocument', owner, { documentId })).status).toBe(200);
  });

  it('a return for changes opens only the documents it names, until its due date', async () => {
    const owner = await applicant();
    const named = String((await upload(owner, pdf())).body!.id);
    const other = String((await upload(owner, pdf())).body!.id);
    await submit(owner, [slot.certificateId]);
    const dueAt = new Date(server.clock.now().getTime() + 5 * 60 * 1000).toISOString();
    await deskChange(server.services, owner.applicationId, 'open');
    await deskChange(server.services, owner.applicationId, 'return', {
      reopened: { sections: [], documentIds: [named], dueAt, message: 'Send a clearer scan.' },
    });
    expect((await send('removeApplicationDocument', owner, { documentId: other })).body!.code).toBe(
      'not_editable',
    );
    expect((await upload(owner, pdf())).status).toBe(201); // the named document's slot is open
    server.clock.advance(6 * 60 * 1000);
    const late = await send('removeApplicationDocument', owner, { documentId: named });
    expect(late.status).toBe(409);
    expect(late.body!.code).toBe('past_due');
  });

  it('a slot the application does not ask for is 400 not_offered', async () => {
    const owner = await applicant();
    const answer = await upload(owner, pdf(), undefined, { slotKind: 'certificate', slotTypeId: '999999' });
    expect(answer.status).toBe(400);
    expect(answer.body!.errors).toEqual([{ field: 'slotTypeId', code: 'not_offered' }]);
  });

  it('a removed document is gone, and its bytes with it', async () => {
    const owner = await applicant();
    const before = await storedFiles();
    const documentId = String((await upload(owner, await jpegWithGps())).body!.id);
    expect(await storedFiles()).toBe(before + 2); // the original and its preview
    expect((await send('removeApplicationDocument', owner, { documentId })).status).toBe(204);
    expect((await send('getApplicationDocument', owner, { documentId })).status).toBe(404);
    expect(await storedFiles()).toBe(before);
  });
});

describe('rate', () => {
  it('an account past its hourly budget of uploads gets 429 with Retry-After, before its file is read', async () => {
    const owner = await applicant();
    const { max } = server.config.limits.uploadsPerAccount;
    await server.services.db.query('insert into rate_limits (key, window_start, count) values ($1, $2, $3)', [
      `upload:account:${owner.accountId}`,
      server.clock.now(),
      max,
    ]);
    const before = await storedFiles();
    const answer = await upload(owner, pdf());
    expect(answer.status).toBe(429);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedFiles()).toBe(before);
  });
});
