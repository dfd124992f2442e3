// The desk's exports (openapi.staff.yaml exportStaffApplications, getStaffApplicationDocumentsArchive;
// docs/security.md#staff): the filtered list as a CSV file Excel in Japan opens (UTF-8 with a BOM, CRLF,
// RFC 4180), every row in the list's order and not a page, its header in the staff member's language; an
// application's documents as one zip whose entries are the bytes the applicant sent. The attacks on both are
// test/security/deskExports.test.ts.
import { unzipSync } from 'fflate';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { localeCookie, locales, type Locale } from '@pre-admission/i18n/choice';
import { describe, expect, it } from 'vitest';
import type { DocumentRow } from '../../src/application/files/documents.ts';
import { entryName } from '../../src/desk/archive.ts';
import { csvCell, EXPORT_PAGE } from '../../src/desk/export.ts';
import { exportWords } from '../../src/desk/exportWords.ts';
import { requestId, serverFixture } from '../helpers.ts';
import {
  applicant,
  completeAnswers,
  openPeriodsFile,
  requiredSlots,
  startDraft,
} from '../applications/helpers.ts';
import { pdf, png } from '../files/fixtures.ts';
import { csvCells, seedApplications, staffOf } from './helpers.ts';

const { server } = serverFixture({ periodsFile: openPeriodsFile() });
const BOUNDARY = 'desk-export-boundary';

async function get(path: string, cookie: string, headers: Record<string, string> = {}) {
  return server.app.inject({
    method: 'GET',
    url: server.config.basePath + path,
    headers: { 'x-request-id': requestId(), cookie, ...headers },
  });
}

describe('the CSV export', () => {
  it('is a UTF-8 file with a BOM, CRLF line ends and a dated ASCII name, as a download', async () => {
    const [one] = await seedApplications(server, [{ familyName: 'TANAKA, "JR"', givenNames: 'ICHIRO' }]);
    const { cookie } = await staffOf(server, 'desk');
    const response = await get(`/api/staff/applications.csv?q=${one!.reference}`, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="applications-\d{8}-\d{4}\.csv"; filename\*=UTF-8''applications-\d{8}-\d{4}\.csv$/,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(response.body.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(response.body.endsWith('\r\n')).toBe(true);
    // RFC 4180: a cell with a comma or a quote is quoted, its quotes doubled.
    expect(response.body).toContain('"TANAKA, ""JR"" ICHIRO"');
  });

  it("writes the header and the words in the staff member's language: Japanese, or English when chosen", async () => {
    const [one] = await seedApplications(server, [
      { studentType: 'master', teacherId: 103, nationalityId: 156 },
    ]);
    const { cookie } = await staffOf(server, 'desk');
    const path = `/api/staff/applications.csv?q=${one!.reference}`;
    const ja = csvCells((await get(path, cookie)).body);
    expect(ja[0]).toEqual(exportWords.ja.header.map((column) => column.word));
    expect(ja[0]).toContain('受付番号');
    const [
      reference,
      name,
      nameJa,
      nationality,
      kind,
      programme,
      course,
      period,
      status,
      submitted,
      consent,
    ] = ja[1]!;
    expect({ reference, name, nameJa, nationality, kind, status, consent }).toEqual({
      reference: one!.reference,
      name: 'CHEN XIAOMING',
      nameJa: '陳 小明',
      nationality: '中華人民共和国',
      kind: '修士課程',
      status: '提出済み',
      consent: '依頼なし',
    });
    expect(programme).not.toBe('');
    expect(course).not.toBe('');
    expect(period).toBe('test-11');
    expect(submitted).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    for (const headers of [
      { 'accept-language': 'en-GB,en;q=0.9' },
      { cookie: `${cookie}; ${localeCookie}=en` },
    ] as Record<string, string>[]) {
      const en = csvCells((await get(path, cookie, headers)).body);
      expect(en[0]).toEqual(exportWords.en.header.map((column) => column.word));
      expect(en[1]!.slice(3, 5)).toEqual(['China', "Master's programme"]);
      expect(en[1]![8]).toBe('Submitted');
    }
  });

  it("holds every row the list's filters match, in the list's order, not one page", async () => {
    const tag = `EXPORT${randomBytes(3).toString('hex').toUpperCase()}`;
    const count = 2 * EXPORT_PAGE + 7;
    const seeded = await seedApplications(
      server,
      Array.from({ length: count }, (_, i) => ({
        familyName: tag,
        givenNames: `N${i}`,
        // Every tenth returned, to check that a filter is carried: the export's rows are the list's.
        status: i % 10 === 0 ? ('returned' as const) : ('submitted' as const),
      })),
    );
    const { cookie } = await staffOf(server, 'desk');
    for (const query of [`q=${tag}&sort=reference`, `q=${tag}&sort=-submitted`, `q=${tag}&status=returned`]) {
      const exported = csvCells((await get(`/api/staff/applications.csv?${query}&page=3`, cookie)).body)
        .slice(1)
        .map((row) => row[0]);
      const listed: string[] = [];
      for (let page = 1; ; page++) {
        const list = await get(`/api/staff/applications?${query}&page=${page}&pageSize=100`, cookie);
        const body = list.json() as { applications: { reference: string }[] };
        listed.push(...body.applications.map((a) => a.reference));
        if (body.applications.length < 100) break;
      }
      expect(exported).toEqual(listed);
    }
    const all = csvCells((await get(`/api/staff/applications.csv?q=${tag}`, cookie)).body);
    expect(all).toHaveLength(count + 1);
    expect(new Set(all.slice(1).map((row) => row[0]))).toEqual(new Set(seeded.map((s) => s.reference)));
    expect(server.logs.text).toContain('"event":"staff.applications.exported"');
  });

  it('refuses a filter off its schema, naming it, as the list does', async () => {
    const { cookie } = await staffOf(server, 'desk');
    for (const [query, field] of [
      ['status=nope', 'status'],
      ['owner=me', 'query'],
    ] as const) {
      const response = await get(`/api/staff/applications.csv?${query}`, cookie);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errors: [expect.objectContaining({ field })] });
    }
  });
});

describe("the export's words", () => {
  const catalogue = (locale: Locale) =>
    JSON.parse(
      readFileSync(
        new URL(`../../../../packages/i18n/src/catalogues/desk.${locale}.json`, import.meta.url),
        'utf8',
      ),
    ) as Record<string, string>;

  it.each(locales)("are the desk console's words wherever it has them (%s)", (locale) => {
    const words = exportWords[locale];
    const messages = catalogue(locale);
    for (const column of words.header)
      if (column.catalogue) expect(column.word, column.catalogue).toBe(messages[column.catalogue]);
    for (const [kind, word] of Object.entries(words.kind)) expect(word).toBe(messages[`desk.kind.${kind}`]);
    for (const [status, word] of Object.entries(words.status))
      expect(word).toBe(messages[`desk.status.${status}`]);
  });
});

describe('a CSV cell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+81 3', "'+81 3"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['陳 小明', '陳 小明'],
    ['a=b', 'a=b'],
  ])('%j is written %j', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });
});

/** An applicant's upload through their own API (multipart, as the browser sends it). */
async function upload(
  cookie: string,
  applicationId: string,
  slot: { slotKind: string; slotTypeId: number },
  bytes: Buffer,
  name: string,
  type: string,
) {
  const head =
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="slotKind"\r\n\r\n${slot.slotKind}\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="slotTypeId"\r\n\r\n${slot.slotTypeId}\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
  const response = await server.app.inject({
    method: 'POST',
    url: server.url('uploadApplicationDocument', { applicationId }),
    headers: {
      'x-request-id': requestId(),
      cookie,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

describe("an application's documents as one zip", () => {
  it('holds each current document, its bytes as uploaded, under a safe unique name; each file read is audited', async () => {
    const who = await applicant(server);
    const applicationId = await startDraft(server, who);
    const saved = await server.call('saveApplicationAnswers', {
      params: { applicationId },
      body: completeAnswers,
      cookie: who.cookie,
    });
    expect(saved.status).toBe(200);
    const sent = new Map<string, Buffer>();
    for (const [i, slot] of requiredSlots.entries()) {
      const isImage = slot.name.endsWith('.jpg');
      const bytes = isImage ? await png(20 + i, 10) : pdf('', 100 * i);
      // The same original name for two documents, and names an unzip tool must not follow.
      const name = i === 3 ? '../../etc/passwd.pdf' : isImage ? 'パスポート.png' : '証明書.pdf';
      const id = await upload(
        who.cookie,
        applicationId,
        slot,
        bytes,
        name,
        isImage ? 'image/png' : 'application/pdf',
      );
      sent.set(id, bytes);
    }
    const submitted = await server.call('submitApplication', {
      params: { applicationId },
      cookie: who.cookie,
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);

    const { cookie } = await staffOf(server, 'desk');
    const response = await get(`/api/staff/applications/${applicationId}/documents.zip`, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="[A-Za-z0-9_-]+-documents\.zip"/,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');

    const entries = unzipSync(new Uint8Array(response.rawPayload));
    const names = Object.keys(entries);
    expect(names).toHaveLength(sent.size);
    expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[\p{L}\p{N}._-]+$/u);
    expect(names).toContain('certificate-311-証明書.pdf');
    expect(names).toContain('certificate-312-証明書.pdf');
    expect(names).toContain('certificate-313-パスポート.png');
    expect(names).toContain('material-311-passwd.pdf');
    const received = Object.values(entries).map((bytes) => Buffer.from(bytes).toString('base64'));
    expect(received.sort()).toEqual([...sent.values()].map((bytes) => bytes.toString('base64')).sort());
    for (const documentId of sent.keys())
      expect(server.logs.text).toMatch(new RegExp(`"event":"staff.document.read"[^\\n]*"${documentId}"`));
  });

  it('names two documents of the same name apart', () => {
    const taken = new Set<string>();
    const row = (displayName: string) =>
      ({ slotKind: 'certificate', slotTypeId: 313, displayName }) as unknown as DocumentRow;
    expect(entryName(row('scan.pdf'), taken)).toBe('certificate-313-scan.pdf');
    expect(entryName(row('SCAN.pdf'), taken)).toBe('certificate-313-SCAN-2.pdf');
    expect(entryName(row('scan.pdf'), taken)).toBe('certificate-313-scan-3.pdf');
    expect(entryName(row('..'), taken)).toBe('certificate-313-document');
  });
});
