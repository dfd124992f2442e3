// What the desk's tests share (docs/security.md#staff, apps/api/src/desk/): applications written straight into
// the tables as submissions leave them (one applicant account each, a reference number, the submitted history
// entry), many at once for the list's tests and its 10,000-row check, and staff members of each role.
import { randomBytes } from 'node:crypto';
import { newReference, referenceRandomBytes } from '@pre-admission/rules';
import type { ApplicationAnswers, StudentType } from '../../src/application/repository.ts';
import type { ApplicationStatus } from '../../src/application/stateMachine.ts';
import { COMPLETE_ANSWERS } from '../../src/providerStates/applicationStates.ts';
import type { TestServer } from '../helpers.ts';
import { onboardedStaff } from '../staffHelpers.ts';

export interface SeedSpec {
  studentType?: StudentType;
  status?: ApplicationStatus;
  /** The prospective supervisor (teachers list id); 103 (course 3, office 3) unless said. */
  teacherId?: number;
  programId?: number;
  periodId?: string;
  nationalityId?: number;
  familyName?: string;
  givenNames?: string;
  nameJa?: string;
  submittedAt?: Date;
  locale?: 'ja' | 'en';
}

export interface Seeded {
  id: string;
  reference: string | null;
  accountId: string;
  email: string;
}

const entryYear = 2027;

/**
 * Writes the applications in three statements whatever their number (accounts, applications, history), each
 * submitted at its `submittedAt` (one second apart from the server's now, in order, unless said).
 */
export async function seedApplications(server: TestServer, specs: readonly SeedSpec[]): Promise<Seeded[]> {
  const db = server.services.db;
  const now = server.clock.now();
  const tag = randomBytes(4).toString('hex');
  const emails = specs.map((_, i) => `seed.${tag}.${i}@example.com`);
  const accounts = await db.query<{ id: string; email: string }>(
    `insert into accounts (email, password_hash, created_at, updated_at, last_sign_in_at)
     select e, 'not-a-hash', $2, $2, $2 from unnest($1::text[]) as e returning id::text as id, email`,
    [emails, now],
  );
  const accountOf = new Map(accounts.map((row) => [row.email, row.id]));
  const rows = specs.map((spec, i) => {
    const studentType = spec.studentType ?? 'master';
    const status = spec.status ?? 'submitted';
    const answers: ApplicationAnswers = {
      ...COMPLETE_ANSWERS,
      choices: {
        ...COMPLETE_ANSWERS.choices,
        programId: spec.programId ?? 11,
        teacherId: spec.teacherId ?? 103,
      },
      personal: {
        ...COMPLETE_ANSWERS.personal,
        familyName: spec.familyName ?? 'CHEN',
        givenNames: spec.givenNames ?? 'XIAOMING',
        nameJa: spec.nameJa ?? '陳 小明',
        nationalityId: spec.nationalityId ?? 156,
      },
    };
    const submitted =
      status === 'draft' ? null : (spec.submittedAt ?? new Date(now.getTime() - (specs.length - i) * 1000));
    return {
      id: randomBytes(16).toString('base64url'),
      accountId: accountOf.get(emails[i]!)!,
      email: emails[i]!,
      studentType,
      status,
      answers,
      programId: spec.programId ?? 11,
      periodId: status === 'draft' ? null : (spec.periodId ?? `test-${spec.programId ?? 11}`),
      reference:
        status === 'draft' ? null : newReference(studentType, entryYear, randomBytes(referenceRandomBytes)),
      submittedAt: submitted,
      locale: status === 'draft' ? null : (spec.locale ?? 'ja'),
    };
  });
  await db.query(
    `insert into applications (id, account_id, student_type, program_id, status, answers, period_id, reference,
       created_at, updated_at, submitted_at, locale)
     select id, account_id, student_type, program_id, status, answers, period_id, reference,
       coalesce(submitted_at, $11), coalesce(submitted_at, $11), submitted_at, locale
       from unnest($1::text[], $2::bigint[], $3::text[], $4::integer[], $5::text[], $6::jsonb[], $7::text[],
         $8::text[], $9::timestamptz[], $10::text[])
         as t(id, account_id, student_type, program_id, status, answers, period_id, reference, submitted_at, locale)`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.accountId),
      rows.map((r) => r.studentType),
      rows.map((r) => r.programId),
      rows.map((r) => r.status),
      rows.map((r) => JSON.stringify(r.answers)),
      rows.map((r) => r.periodId),
      rows.map((r) => r.reference),
      rows.map((r) => r.submittedAt),
      rows.map((r) => r.locale),
      now,
    ],
  );
  const sent = rows.filter((r) => r.submittedAt !== null);
  await db.query(
    `insert into application_history (application_id, seq, status, at)
     select id, 1, 'submitted', at from unnest($1::text[], $2::timestamptz[]) as t(id, at)`,
    [sent.map((r) => r.id), sent.map((r) => r.submittedAt)],
  );
  return rows.map((r) => ({ id: r.id, reference: r.reference, accountId: r.accountId, email: r.email }));
}

/** A staff member of the role (and office or teacher), onboarded and signed in: the session's cookie. */
export async function staffOf(
  server: TestServer,
  ...role: string[]
): Promise<{ email: string; cookie: string }> {
  const { email, cookie } = await onboardedStaff(server, ...role);
  return { email, cookie };
}

/** The staff account's id (staff_accounts.id), as the audit lines and the history name it. */
export async function staffIdOf(server: TestServer, email: string): Promise<string> {
  const rows = await server.services.db.query<{ id: string }>(
    'select id::text as id from staff_accounts where lower(email) = lower($1) and removed_at is null',
    [email],
  );
  return rows[0]!.id;
}

/** A CSV file's rows of cells as RFC 4180 reads them (quotes doubled, CRLF between rows), the BOM left off. */
export function csvCells(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = csv.startsWith('\uFEFF') ? 1 : 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted && c === '"' && csv[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted) cell += c;
    else if (c === ',') endCell();
    else if (c === '\r' && csv[i + 1] === '\n') {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows;
}
