// The desk's file routes (openapi.staff.yaml getStaffApplicationDocument, getStaffApplicationDocumentPreview):
// the original as the applicant sent it, only ever as a download, never sniffed, sandboxed, never cached; an
// image's re-encoded preview inline; a PDF has none. The same headers as the applicant's own routes.
import { describe, expect, it } from 'vitest';
import type { StaffApplication } from '../../src/desk/applications.ts';
import { requestId, serverFixture } from '../helpers.ts';
import { applicant, completeDraft, openPeriodsFile } from '../applications/helpers.ts';
import { png } from '../files/fixtures.ts';
import { staffOf } from './helpers.ts';

const { server } = serverFixture({ periodsFile: openPeriodsFile() });
const BOUNDARY = 'desk-files-boundary';

/** An applicant's upload through their own API (multipart, as the browser sends it): the document's id. */
async function upload(cookie: string, applicationId: string, bytes: Buffer, name: string, type: string) {
  const head =
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="slotKind"\r\n\r\ncertificate\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="slotTypeId"\r\n\r\n313\r\n` +
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

describe("the desk's file routes", () => {
  it('send the original as an attachment, nosniff and sandboxed, and an image preview inline', async () => {
    const who = await applicant(server);
    const applicationId = await completeDraft(server, who);
    const bytes = await png(40, 30);
    const documentId = await upload(who.cookie, applicationId, bytes, 'パスポート.png', 'image/png');
    const sent = await server.call('submitApplication', { params: { applicationId }, cookie: who.cookie });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    const { cookie } = await staffOf(server, 'desk');
    const read = await server.call('getStaffApplication', { params: { applicationId }, cookie });
    expect((read.body as StaffApplication).documents).toContainEqual(
      expect.objectContaining({ id: documentId, mediaType: 'image/png', hasPreview: true }),
    );

    const original = await server.app.inject({
      method: 'GET',
      url: server.url('getStaffApplicationDocument', { applicationId, documentId }),
      headers: { cookie },
    });
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(bytes)).toBe(true);
    expect(original.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
      'cache-control': 'private, no-store',
    });
    expect(original.headers['content-disposition']).toMatch(
      /^attachment; filename="_+\.png"; filename\*=UTF-8''/,
    );

    const preview = await server.app.inject({
      method: 'GET',
      url: server.url('getStaffApplicationDocumentPreview', { applicationId, documentId }),
      headers: { cookie },
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-disposition']).toMatch(/^inline; /);
    expect(preview.headers['x-content-type-options']).toBe('nosniff');
    expect(
      server.logs.text.match(new RegExp(`"event":"staff.document.read"[^\\n]*"${documentId}"`, 'g')),
    ).toHaveLength(2);
  });

  it('a PDF has no preview: 404 document_not_found', async () => {
    const who = await applicant(server);
    const applicationId = await completeDraft(server, who);
    const sent = await server.call('submitApplication', { params: { applicationId }, cookie: who.cookie });
    expect(sent.status).toBe(200);
    const { cookie } = await staffOf(server, 'desk');
    const read = await server.call('getStaffApplication', { params: { applicationId }, cookie });
    const pdfDocument = (read.body as StaffApplication).documents.find(
      (d) => d.mediaType === 'application/pdf',
    )!;
    const preview = await server.call('getStaffApplicationDocumentPreview', {
      params: { applicationId, documentId: pdfDocument.id },
      cookie,
    });
    expect(preview.status).toBe(404);
    expect(preview.body).toMatchObject({ code: 'document_not_found' });
  });
});
