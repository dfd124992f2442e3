// Issue 42, the applicant's own copy (openapi.yaml downloadAccountArchive): the archive as an attacker asks for
// it. No session, a staff session, a stolen session whose sign-in is old, and one account's archive holding
// nothing of another's. Each test sends exactly that request; the assertion says what must not happen.
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { applicant, startDraft, type Applicant } from '../applications/helpers.ts';
import { openPeriodsFile } from '../applications/helpers.ts';
import { pdf } from '../files/fixtures.ts';
import { requestId, serverFixture } from '../helpers.ts';
import { staffOf } from '../desk/helpers.ts';

const { server } = serverFixture({ periodsFile: openPeriodsFile() });

const ARCHIVE = '/api/applicant/account/archive';
const BOUNDARY = '----archive7MA4YWxkTrZu0gW';

async function get(cookie?: string) {
  return server.app.inject({
    method: 'GET',
    url: server.config.basePath + ARCHIVE,
    headers: { 'x-request-id': requestId(), ...(cookie !== undefined ? { cookie } : {}) },
  });
}

/** Uploads `bytes` as the application's graduation certificate (slot 311), through the operation itself. */
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
}

/** An applicant with a draft and one uploaded PDF whose bytes carry `mark`. */
async function withFile(label: string, mark: string) {
  const who = await applicant(server, label);
  const applicationId = await startDraft(server, who);
  await upload(who, applicationId, `${label}-certificate.pdf`, pdf(`/Mark (${mark}) `));
  return { ...who, applicationId };
}

describe('the account archive, attacked', () => {
  it('answers 404 without a session, and sends nothing', async () => {
    const response = await get();
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toMatch(/zip/);
  });

  it("answers 404 to a staff session (the desk's cookie is not an applicant's)", async () => {
    const staff = await staffOf(server, 'desk');
    const response = await get(staff.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toMatch(/zip/);
  });

  it('refuses a session whose sign-in is older than the confirmation window (403 confirmation_required)', async () => {
    const who = await applicant(server, 'stale');
    server.clock.advance(server.config.confirmationWindow + 60_000);
    const response = await get(who.cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'confirmation_required' });
  });

  it("holds nothing of another account: its address, its application, its file's bytes", async () => {
    const mine = await withFile('mine', 'MINE-MARK-1f2e');
    const theirs = await withFile('theirs', 'THEIRS-MARK-9a8b');
    const response = await get(mine.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(response.rawPayload));
    const all = Object.entries(entries)
      .map(([name, bytes]) => `${name}\n${strFromU8(bytes, true)}`)
      .join('\n');
    expect(all).toContain(mine.email);
    expect(all).toContain(mine.applicationId);
    expect(all).toContain('MINE-MARK-1f2e');
    expect(all).not.toContain(theirs.email);
    expect(all).not.toContain(theirs.applicationId);
    expect(all).not.toContain('THEIRS-MARK-9a8b');
    expect(all).not.toContain('theirs-certificate');
  });
});
