// What the consent tests share (docs/behaviour.md#supervisor-consent): a complete master's draft (programme 11,
// teacher 103) whose research plan is uploaded through the applicant's own API, the operator's command that
// makes programme 11 require consent, and the calls each side makes.
import { expect } from 'vitest';
import { runConsentCommand } from '../../src/consent/operatorCommands.ts';
import { requestId, type CallResult, type TestServer } from '../helpers.ts';
import { applicant, completeDraft, type Applicant } from '../applications/helpers.ts';
import { pdf } from '../files/fixtures.ts';

const BOUNDARY = 'consent-boundary';

/** Uploads a PDF into the research plan's slot (supplemental material 311: course 3, master's, type 1). */
export async function uploadResearchPlan(
  server: TestServer,
  who: Applicant,
  applicationId: string,
  name = 'research-plan.pdf',
): Promise<string> {
  const head =
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="slotKind"\r\n\r\nmaterial\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="slotTypeId"\r\n\r\n311\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`;
  const response = await server.app.inject({
    method: 'POST',
    url: server.url('uploadApplicationDocument', { applicationId }),
    headers: {
      'x-request-id': requestId(),
      cookie: who.cookie,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload: Buffer.concat([Buffer.from(head), pdf(), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

export interface Asking extends Applicant {
  applicationId: string;
  /** The research plan uploaded last (the one a request attaches). */
  planId: string;
}

/** An applicant with a complete master's draft (teacher 103) and a real research plan uploaded. */
export async function asking(server: TestServer, label = 'consent'): Promise<Asking> {
  const who = await applicant(server, label);
  const applicationId = await completeDraft(server, who);
  // completeDraft's research plan is a row without bytes: the real upload replaces it.
  await server.services.db.query(
    `delete from application_documents where application_id = $1 and slot_kind = 'material'`,
    [applicationId],
  );
  const planId = await uploadResearchPlan(server, who, applicationId);
  return { ...who, applicationId, planId };
}

/** `npm run consent -- …` against the test server's database. */
export const consentCommand = (server: TestServer, ...args: string[]) =>
  runConsentCommand(server.services.db, server.clock, args);

export const ask = (
  server: TestServer,
  who: { cookie: string; applicationId: string },
  message = 'I would like to study machine translation in your laboratory.',
  headers?: Record<string, string>,
): Promise<CallResult> =>
  server.call('requestConsent', {
    params: { applicationId: who.applicationId },
    body: { message },
    cookie: who.cookie,
    ...(headers ? { headers } : {}),
  });

export const consentOf = (server: TestServer, who: { cookie: string; applicationId: string }) =>
  server.call('getApplicationConsent', { params: { applicationId: who.applicationId }, cookie: who.cookie });

export const decide = (server: TestServer, cookie: string, consentRequestId: string, body: unknown) =>
  server.call('decideConsentRequest', { params: { consentRequestId }, body, cookie });

export interface ConsentView {
  required: boolean;
  given: boolean;
  requests: {
    id: string;
    teacherId: number;
    status: string;
    researchPlan?: { documentId: string; fileName: string };
    closedAt?: string;
    reason?: { ja: string; en: string };
    response?: string;
  }[];
}

/** The newest request's id of an ask's answer. */
export const newestId = (response: CallResult): string => (response.body as ConsentView).requests[0]!.id;
