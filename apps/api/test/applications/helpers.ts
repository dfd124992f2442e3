// What the application tests share: a periods file written around the test server's clock (so no test depends
// on today's date), an applicant with the saved plan, a complete draft, and document rows as the uploads would
// write them (their branch owns the upload itself).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { formatJapanTime } from '../../src/application/periods.ts';
import { COMPLETE_ANSWERS } from '../../src/providerStates/applicationStates.ts';
import { SAVED_PLAN } from '../../src/providerStates/states.ts';
import { register, signIn, uniqueEmail, type TestServer } from '../helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

/** `2027-01-15T17:00+09:00`: a moment as the desk writes it (to the minute, Japan time). */
export const japan = (at: Date): string => `${formatJapanTime(at).replace(' ', 'T')}+09:00`;

/** The programme options offered for some kind (programs.json; 15, "Other", is offered for none). */
export const programmeIds = [8, 9, 10, 11, 12, 13, 14, 16, 17, 18] as const;

export interface PeriodEntry {
  id: string;
  programId: number;
  entryYear: number;
  opensAt: string;
  closesAt: string;
}

/** Every programme's period open from 30 days before `at` to 30 days after, as a file's entries. */
export function openPeriods(at: Date): PeriodEntry[] {
  return programmeIds.map((programId) => ({
    id: `test-${programId}`,
    programId,
    entryYear: 2027,
    opensAt: japan(new Date(at.getTime() - 30 * DAY)),
    closesAt: japan(new Date(at.getTime() + 30 * DAY)),
  }));
}

const folder = mkdtempSync(join(tmpdir(), 'periods-'));

/** Writes a periods file (entries, or raw text) and returns its path. */
export function periodsFile(content: unknown): string {
  const file = join(folder, `periods-${randomBytes(4).toString('hex')}.json`);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return file;
}

/** A periods file with every programme open around now (the test server's clock starts at the real time). */
export const openPeriodsFile = (): string => periodsFile(openPeriods(new Date()));

/** A complete set of answers for the saved plan's master's application (the provider states' own). */
export const completeAnswers = COMPLETE_ANSWERS;

/** The slots the saved plan's master's application requires (teacher 103's course 3, master). */
export const requiredSlots = [
  { slotKind: 'certificate', slotTypeId: 311, name: 'graduation-certificate.pdf' },
  { slotKind: 'certificate', slotTypeId: 312, name: 'transcript.pdf' },
  { slotKind: 'certificate', slotTypeId: 313, name: 'passport.jpg' },
  { slotKind: 'material', slotTypeId: 311, name: 'research-plan.pdf' },
] as const;

export interface Applicant {
  email: string;
  cookie: string;
  accountId: string;
}

/** A registered, signed-in applicant whose saved plan is the Plan example (master's, programme 11). */
export async function applicant(server: TestServer, label = 'applicant'): Promise<Applicant> {
  const email = uniqueEmail(label);
  await register(server, email);
  const cookie = await signIn(server, email);
  expect((await server.call('savePlan', { body: SAVED_PLAN, cookie })).status).toBe(200);
  const rows = await server.services.db.query<{ id: string }>(
    'select id::text as id from accounts where lower(email) = lower($1)',
    [email],
  );
  return { email, cookie, accountId: rows[0]!.id };
}

/** A document row as an upload writes it (application_documents; the file itself is not stored here). */
export async function addDocument(
  server: TestServer,
  who: Applicant,
  applicationId: string,
  slot: { slotKind: string; slotTypeId: number; name: string },
): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  await server.services.db.query(
    `insert into application_documents (id, application_id, account_id, slot_kind, slot_type_id, file_id,
       preview_file_id, display_name, media_type, size, created_at)
     values ($1, $2, $3, $4, $5, $6, null, $7, 'application/pdf', 1234, $8)`,
    [
      id,
      applicationId,
      who.accountId,
      slot.slotKind,
      slot.slotTypeId,
      `file-${id}`,
      slot.name,
      server.clock.now(),
    ],
  );
  return id;
}

/** A master's draft started from the plan; returns its id. */
export async function startDraft(server: TestServer, who: Applicant): Promise<string> {
  const started = await server.call('startApplication', {
    body: { studentType: 'master' },
    cookie: who.cookie,
  });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return (started.body as { id: string }).id;
}

/** A draft with every section complete and every required document: ready to submit. */
export async function completeDraft(server: TestServer, who: Applicant): Promise<string> {
  const id = await startDraft(server, who);
  const saved = await server.call('saveApplicationAnswers', {
    params: { applicationId: id },
    body: completeAnswers,
    cookie: who.cookie,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  for (const slot of requiredSlots) await addDocument(server, who, id, slot);
  return id;
}

/** A submitted application; returns its id. */
export async function submitted(server: TestServer, who: Applicant): Promise<string> {
  const id = await completeDraft(server, who);
  const answer = await server.call('submitApplication', {
    params: { applicationId: id },
    cookie: who.cookie,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return id;
}
