// Export-control screening's record (issue 41; docs/behaviour.md#export-control-screening): each application is
// screened in the transaction that asks for its supervisor's consent and in the one that submits it, its
// institutions against the users list loaded now (@pre-admission/rules/screening does the matching), and the
// desk records an outcome where the result needs review. What waits on it: a consent request is not shown to its
// supervisor (consent/requests.ts), and the decision "accepted" is refused, while the application's latest
// screening needs review and has no clearing outcome. No applicant query reads these tables.
import { createHash } from 'node:crypto';
import { screen, screeningIndex, type ScreeningIndex } from '@pre-admission/rules/screening';
import type { components as ApplicantComponents } from '@pre-admission/api/schema';
import type { components } from '@pre-admission/api/staff-schema';
import { isOpaqueId } from '../application/files/documents.ts';
import { COLUMNS, readDate, readJson, rowOf, type ApplicationRow } from '../application/repository.ts';
import type { Queryable } from '../platform/db.ts';
import { HttpProblem, problems } from '../platform/problem.ts';

type Schemas = components['schemas'];
type UsersList = ApplicantComponents['schemas']['UsersList'];
export type StaffScreening = Schemas['StaffScreening'];
type ScreeningMatchRecord = Schemas['StaffScreeningMatch'];
type CountryFact = Schemas['StaffScreeningCountry'];
type ScreeningTrigger = StaffScreening['trigger'];
type ScreeningOutcomeKind = NonNullable<StaffScreening['outcome']>['outcome'];

const screeningProblems = {
  /** The decision "accepted" while the screening waits for the desk's outcome, or after "not cleared". */
  decisionWaits: (code: 'screening_outcome_required' | 'screening_not_cleared') =>
    new HttpProblem(
      409,
      'screening-pending',
      code === 'screening_not_cleared'
        ? 'The application was not cleared by its export-control screening.'
        : "The application's export-control screening needs the desk's outcome first.",
      { code },
    ),
  /** Nothing needs an outcome: no screening, a clear one, or one whose outcome is recorded. */
  nothingToRecord: () =>
    new HttpProblem(409, 'screening-conflict', 'No screening of this application waits for an outcome.', {
      code: 'no_screening_waiting',
    }),
};

type ListRow = { name: string; text: string };

interface LoadedList {
  version: string;
  index: ScreeningIndex<UsersList>;
}

/**
 * The index of the users list as loaded, kept for the next screening while the list is the same: the list's
 * version is the SHA-256 of its stored JSON (the reference data carry no date or version of their own; the
 * import command, when it is built, may record the list's own).
 */
let cached: LoadedList | undefined;

async function loadedList(
  tx: Queryable,
): Promise<LoadedList & { countries: Country[]; universities: University[] }> {
  const rows = await tx.query<ListRow>(
    `select name, items::text as text from reference_lists
      where name = any($1)`,
    [['usersLists', 'countries', 'rankedUniversities']],
  );
  const text = (name: string) => rows.find((row) => row.name === name)?.text ?? '[]';
  const usersText = text('usersLists');
  const version = `sha256:${createHash('sha256').update(usersText).digest('hex')}`;
  if (cached?.version !== version)
    cached = { version, index: screeningIndex(JSON.parse(usersText) as UsersList[]) };
  return {
    ...cached,
    countries: JSON.parse(text('countries')) as Country[],
    universities: JSON.parse(text('rankedUniversities')) as University[],
  };
}

interface Country {
  id: number;
  alpha2Code: string;
  isGroupA: boolean;
  isGroupD: boolean;
}

interface University {
  id: number;
  name: string;
}

/** The application's institutions as the desk would type them: a listed university's name, or the name typed. */
function institutionsOf(row: ApplicationRow, universities: readonly University[]): string[] {
  const names = new Set<string>();
  for (const entry of row.answers.education?.entries ?? []) {
    const listed =
      entry.universityId === undefined
        ? undefined
        : universities.find((university) => university.id === entry.universityId)?.name;
    for (const name of [listed, entry.institutionName])
      if (typeof name === 'string' && name.trim()) names.add(name.trim());
  }
  return [...names];
}

/** The countries of the nationality, the residence and each institution, with their export-control groups. */
function countryFacts(row: ApplicationRow, countries: readonly Country[]): CountryFact[] {
  const facts: CountryFact[] = [];
  const add = (countryId: number | undefined, role: CountryFact['role']) => {
    if (countryId === undefined) return;
    if (facts.some((fact) => fact.countryId === countryId && fact.role === role)) return;
    const country = countries.find((item) => item.id === countryId);
    facts.push({
      countryId,
      role,
      ...(country ? { alpha2Code: country.alpha2Code } : {}),
      isGroupA: country?.isGroupA ?? false,
      isGroupD: country?.isGroupD ?? false,
    });
  };
  add(row.answers.personal?.nationalityId, 'nationality');
  add(row.answers.personal?.residenceCountryId, 'residence');
  for (const entry of row.answers.education?.entries ?? []) add(entry.countryId, 'education');
  return facts;
}

/**
 * Screens the application in the caller's transaction and writes the record: `needs_review` when an institution
 * matches a listed entry (exact, other name or similar) or a country of the application is of Group D.
 */
export async function screenApplication(
  tx: Queryable,
  row: ApplicationRow,
  trigger: ScreeningTrigger,
  at: Date,
): Promise<{ id: string; result: StaffScreening['result'] }> {
  const list = await loadedList(tx);
  const matches: ScreeningMatchRecord[] = screen(institutionsOf(row, list.universities), list.index).flatMap(
    ({ institution, matches: found }) =>
      found.map((match) => ({
        institution,
        entryId: match.entry.id,
        entryName: match.entry.name,
        matchedName: match.matchedName,
        kind: match.kind,
        score: Math.round(match.score * 1000) / 1000,
        country: match.entry.country,
        concerns: [...match.entry.wmdTypes]
          .sort((a, b) => a.displayOrder - b.displayOrder)
          .map((type) => ({ code: type.code, name: type.name })),
      })),
  );
  const countries = countryFacts(row, list.countries);
  const result = matches.length > 0 || countries.some((fact) => fact.isGroupD) ? 'needs_review' : 'clear';
  const rows = await tx.query<{ id: string }>(
    `insert into screenings (application_id, at, trigger, list_version, result, matches, country_facts)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb) returning id::text as id`,
    [row.id, at, trigger, list.version, result, JSON.stringify(matches), JSON.stringify(countries)],
  );
  return { id: rows[0]!.id, result };
}

/**
 * The SQL condition that the application `applicationId` (an SQL expression) is held by its screening: its latest
 * screening needs review and has no outcome, or was not cleared.
 */
export const heldByScreening = (applicationId: string) => `exists (
  select 1 from screenings sc left join screening_outcomes so on so.screening_id = sc.id
   where sc.id = (select max(latest.id) from screenings latest where latest.application_id = ${applicationId})
     and sc.result = 'needs_review' and (so.outcome is null or so.outcome = 'not_cleared'))`;

const SELECT = `select sc.id::text as id, sc.application_id, sc.at, sc.trigger, sc.list_version, sc.result, sc.matches,
    sc.country_facts, so.outcome, so.reason, so.staff_id::text as staff_id, so.at as outcome_at
  from screenings sc left join screening_outcomes so on so.screening_id = sc.id`;

function screeningOf(raw: Record<string, unknown>): StaffScreening {
  const screening: StaffScreening = {
    id: String(raw.id),
    at: readDate(raw.at).toISOString(),
    trigger: raw.trigger as ScreeningTrigger,
    listVersion: String(raw.list_version),
    result: raw.result as StaffScreening['result'],
    matches: readJson<ScreeningMatchRecord[]>(raw.matches) ?? [],
    countries: readJson<CountryFact[]>(raw.country_facts) ?? [],
    waiting: raw.result === 'needs_review' && raw.outcome === null,
  };
  if (raw.outcome !== null)
    screening.outcome = {
      outcome: raw.outcome as ScreeningOutcomeKind,
      reason: String(raw.reason),
      staffId: String(raw.staff_id),
      at: readDate(raw.outcome_at).toISOString(),
    };
  return screening;
}

/** Every screening of the application, oldest first. */
export async function screeningsOf(db: Queryable, applicationId: string): Promise<StaffScreening[]> {
  const rows = await db.query(`${SELECT} where sc.application_id = $1 order by sc.id`, [applicationId]);
  return rows.map(screeningOf);
}

/** The latest screening of each application. */
export async function latestScreenings(
  db: Queryable,
  applicationIds: readonly string[],
): Promise<Map<string, StaffScreening>> {
  if (applicationIds.length === 0) return new Map();
  const rows = await db.query(
    `${SELECT} where sc.id in (select max(id) from screenings where application_id = any($1) group by application_id)`,
    [applicationIds],
  );
  return new Map(rows.map((raw) => [String(raw.application_id), screeningOf(raw)]));
}

/**
 * Refuses the decision "accepted" while the application's latest screening waits for an outcome (409
 * `screening_outcome_required`) or was not cleared (409 `screening_not_cleared`).
 */
export async function checkDecisionAllowed(tx: Queryable, applicationId: string): Promise<void> {
  const rows = await tx.query<{ result: string; outcome: string | null }>(
    `select sc.result, so.outcome from screenings sc left join screening_outcomes so on so.screening_id = sc.id
      where sc.application_id = $1 order by sc.id desc limit 1`,
    [applicationId],
  );
  const latest = rows[0];
  if (!latest || latest.result === 'clear') return;
  if (latest.outcome === null) throw screeningProblems.decisionWaits('screening_outcome_required');
  if (latest.outcome === 'not_cleared') throw screeningProblems.decisionWaits('screening_not_cleared');
}

export interface OutcomeRequest {
  outcome: ScreeningOutcomeKind;
  reason: string;
}

/**
 * The desk's outcome of the application's latest screening, in the caller's transaction (which holds the
 * application's row): 409 when that screening does not wait for one. A blank reason is refused (400).
 */
export async function recordOutcome(
  tx: Queryable,
  applicationId: string,
  staffId: string,
  request: OutcomeRequest,
  at: Date,
): Promise<{ screeningId: string }> {
  if (!request.reason.trim()) throw problems.validation([{ field: 'reason', code: 'required' }]);
  const rows = await tx.query<{ id: string; result: string; outcome: string | null }>(
    `select sc.id::text as id, sc.result, so.outcome from screenings sc
       left join screening_outcomes so on so.screening_id = sc.id
      where sc.application_id = $1 order by sc.id desc limit 1`,
    [applicationId],
  );
  const latest = rows[0];
  if (!latest || latest.result !== 'needs_review' || latest.outcome !== null)
    throw screeningProblems.nothingToRecord();
  const inserted = await tx.query(
    `insert into screening_outcomes (screening_id, outcome, reason, staff_id, at) values ($1, $2, $3, $4, $5)
     on conflict (screening_id) do nothing returning 1`,
    [latest.id, request.outcome, request.reason.trim(), staffId, at],
  );
  if (inserted.length === 0) throw screeningProblems.nothingToRecord();
  return { screeningId: latest.id };
}

/**
 * The application for the desk's outcome, its row held for the transaction: past its draft, or a draft that was
 * screened (a consent request's), which the desk sees through the consent requests. Undefined otherwise.
 */
export async function screenedApplication(tx: Queryable, id: string): Promise<ApplicationRow | undefined> {
  if (!isOpaqueId(id)) return undefined;
  const rows = await tx.query(
    `select ${COLUMNS} from applications
      where id = $1 and (status <> 'draft' or exists (select 1 from screenings where application_id = $1))
      for update`,
    [id],
  );
  return rows[0] ? rowOf(rows[0]) : undefined;
}
