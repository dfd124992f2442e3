// Issue 42, the applicant's own copy (openapi.yaml downloadAccountArchive, docs/behaviour.md#your-data): the
// archive opened (fflate's unzipSync) and checked against what the account holds, row by row; every table
// personalData.ts names as holding an applicant's data either in it or said why not; the limit and the audit line.
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { archiveCoverage } from '../../src/account/archive.ts';
import { personalData } from '../../src/retention/personalData.ts';
import {
  applicant,
  completeAnswers,
  openPeriodsFile,
  startDraft,
  type Applicant,
} from '../applications/helpers.ts';
import { pdf } from '../files/fixtures.ts';
import { requestId, serverFixture } from '../helpers.ts';

const { server } = serverFixture({ periodsFile: openPeriodsFile() });

const BOUNDARY = '----archiveCheckYWxkTrZu0gW';

async function download(cookie: string) {
  return server.app.inject({
    method: 'GET',
    url: server.url('downloadAccountArchive'),
    headers: { 'x-request-id': requestId(), cookie },
  });
}

async function upload(who: Applicant, applicationId: string, name: string, bytes: Buffer) {
  const head =
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="slotKind"\r\n\r\ncertificate\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="slotTypeId"\r\n\r\n311\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
    `Content-Type: application/pdf\r\n\r\n`;
  const response = await server.app.inject({
    method: 'POST',
    url: server.url('uploadApplicationDocument', { applicationId }),
    headers: {
      'x-request-id': requestId(),
      cookie: who.cookie,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

function opened(raw: Buffer) {
  const entries = unzipSync(new Uint8Array(raw));
  const data = JSON.parse(strFromU8(entries['data.json']!)) as Record<string, unknown> & {
    account: Record<string, unknown>;
    applications: Record<string, unknown>[];
    passkeys: unknown[];
    mails: { subject: string }[];
    plan: { plan: unknown } | null;
  };
  return { entries, data, summary: strFromU8(entries['summary.txt']!) };
}

describe('the account archive', () => {
  it('holds what the account holds: the account, its plan, its application with answers and files, its mails', async () => {
    const who = await applicant(server, 'archive');
    const applicationId = await startDraft(server, who);
    const saved = await server.call('saveApplicationAnswers', {
      params: { applicationId },
      body: completeAnswers,
      cookie: who.cookie,
    });
    expect(saved.status).toBe(200);
    const bytes = pdf('/Mark (archive-check) ');
    const document = await upload(who, applicationId, '卒業証明書.pdf', bytes);
    await server.services.db.query(
      `insert into passkeys (account_id, credential_id, public_key, device_type, backed_up, name, created_at)
       values ($1, 'cred-archive', '\\x0102', 'multiDevice', true, 'My phone', $2)`,
      [who.accountId, server.clock.now()],
    );

    const response = await download(who.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="pre-admission-data-\d{8}\.zip"/,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, no-store');

    const { entries, data } = opened(response.rawPayload);
    const held = await server.call('getApplication', { params: { applicationId }, cookie: who.cookie });
    const plan = await server.call('getPlan', { cookie: who.cookie });
    expect(data.account).toMatchObject({ email: who.email });
    expect(data.plan?.plan).toEqual(plan.body);
    expect(data.passkeys).toEqual([
      { name: 'My phone', createdAt: server.clock.now().toISOString(), lastUsedAt: null },
    ]);
    expect(JSON.stringify(data)).not.toContain('cred-archive');
    expect(data.authenticatorApp).toEqual({ on: false, onSince: null });
    const [application] = data.applications;
    const { documents, consentRequests, ...rest } = application as {
      documents: { id: string; file: string }[];
      consentRequests: unknown[];
    };
    const { documents: heldDocuments, ...heldRest } = held.body as { documents: { id: string }[] };
    expect(rest).toEqual(heldRest);
    expect(consentRequests).toEqual([]);
    expect(documents.map(({ file: _file, ...d }) => d)).toEqual(heldDocuments);
    expect(documents[0]!.id).toBe(document.id);
    const file = documents[0]!.file;
    expect(file).toMatch(/^files\/application-[\w-]+\/certificate-311-卒業証明書\.pdf$/);
    expect(Buffer.from(entries[file]!).equals(bytes)).toBe(true);
    // The registration mail, still kept in the outbox: its subject, never its body (it held a link).
    const kept = await server.services.db.query<{ subject: string }>(
      'select subject from outbox where lower(to_address) = lower($1) order by created_at, id',
      [who.email],
    );
    expect(kept.length).toBeGreaterThan(0);
    expect(data.mails.map((m) => m.subject)).toEqual(kept.map((m) => m.subject));
    expect(Object.keys(data.mails[0]!).sort()).toEqual(['createdAt', 'sentAt', 'subject']);
  });

  it("writes the summary in the account's language", async () => {
    const who = await applicant(server, 'summary');
    await server.services.db.query(`update accounts set locale = 'ja' where id = $1`, [who.accountId]);
    const ja = opened((await download(who.cookie)).rawPayload);
    expect(ja.summary).toContain('登録データ');
    expect(ja.summary).toContain(`メールアドレス: ${who.email}`);
    expect(ja.data.account.language).toBe('ja');
    await server.services.db.query(`update accounts set locale = 'en' where id = $1`, [who.accountId]);
    const en = opened((await download(who.cookie)).rawPayload);
    expect(en.summary).toContain('Your data');
    expect(en.summary).toContain(`E-mail address: ${who.email}`);
    expect(en.summary).not.toMatch(/[\u3040-\u30ff]/);
  });

  it('holds, or says why it leaves out, every table personalData.ts names as holding the applicant’s data', async () => {
    const applicants = Object.entries(personalData)
      .filter(([, coverage]) => coverage.reach === 'cascade' || coverage.reach === 'deleted')
      .map(([table]) => table)
      .sort();
    expect(Object.keys(archiveCoverage).sort()).toEqual(applicants);
    const who = await applicant(server, 'coverage');
    const { data, summary } = opened((await download(who.cookie)).rawPayload);
    for (const [table, place] of Object.entries(archiveCoverage)) {
      if ('left' in place) {
        expect((data.notIncluded as Record<string, string>)[table], table).toBe(place.left);
        continue;
      }
      if (place.in === 'files/') continue;
      const [top] = place.in.split('.');
      expect(data, table).toHaveProperty(top!);
    }
    expect(summary).toContain('files');
  });

  it('writes an audit line, and refuses the eleventh download of an hour with 429', async () => {
    const who = await applicant(server, 'limit');
    const { max } = server.config.limits.accountArchivesPerAccount;
    for (let i = 0; i < max; i++) expect((await download(who.cookie)).statusCode).toBe(200);
    const refused = await download(who.cookie);
    expect(refused.statusCode).toBe(429);
    const lines = server.logs.lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.audit && line.event === 'account.archive.downloaded');
    expect(lines.filter((line) => line.accountId === who.accountId)).toHaveLength(max);
  });
});
