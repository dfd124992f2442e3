// The desk's export of the filtered list (openapi.staff.yaml exportStaffApplications, docs/security.md#staff): a
// CSV file that Excel in Japan opens as it is (UTF-8 with a byte order mark, CRLF, RFC 4180 quoting), every
// application the list's query matches within the staff member's reach (applications.ts filterOf), read a page
// at a time by the sort's own key (never an offset, never every row at once) and written as it is read. Its
// words are exportWords.ts', the console's where it has them, in the staff member's language; names of
// programmes, courses and countries are the reference lists'. A cell a spreadsheet would run as a formula is
// written as text (docs/security.md#staff, CSV injection).
import type { Locale } from '@pre-admission/i18n/choice';
import { formatJapanTime } from '../application/periods.ts';
import { readDate, readJson } from '../application/repository.ts';
import type { Queryable } from '../platform/db.ts';
import type { SignedInStaff } from '../staff/access.ts';
import type { ApplicationStatus } from '../application/stateMachine.ts';
import type { StudentType } from '../application/repository.ts';
import type { ConsentStatus } from '../consent/requests.ts';
import { courseOf, filterOf, type ListQuery } from './applications.ts';
import { exportWords } from './exportWords.ts';
import type { DeskLists } from './reach.ts';

/** Rows read per query: a page of the export, small enough to hold, large enough to be few. */
export const EXPORT_PAGE = 500;

/**
 * A cell as RFC 4180 writes it, after OWASP's rule against CSV injection: a value beginning with `=`, `+`, `-`,
 * `@`, a tab or a carriage return is a formula to a spreadsheet, so it begins with `'` instead, which Excel
 * shows as text. Quoted when it holds a comma, a quote or a line end; a quote is doubled.
 */
export function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvRow = (cells: readonly string[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** The names of the reference lists' programmes, courses and countries, in both languages. */
export interface ExportNames {
  readonly programmes: ReadonlyMap<number, Named>;
  readonly courses: ReadonlyMap<number, Named>;
  readonly countries: ReadonlyMap<number, Named>;
}
interface Named {
  name: string;
  nameJa: string;
}

export async function exportNames(db: Queryable): Promise<ExportNames> {
  const rows = await db.query<{ name: string; items: unknown }>(
    'select name, items from reference_lists where name = any($1)',
    [['programs', 'courses', 'countries']],
  );
  const list = (name: string) => {
    const items = rows.find((row) => row.name === name)?.items ?? [];
    return (typeof items === 'string' ? JSON.parse(items) : items) as (Named & {
      id: number;
      options?: (Named & { id: number })[];
    })[];
  };
  const byId = (items: (Named & { id: number })[]) => new Map(items.map((item) => [item.id, item]));
  return {
    programmes: byId(list('programs').flatMap((programme) => programme.options ?? [])),
    courses: byId(list('courses')),
    countries: byId(list('countries')),
  };
}

/** The sort's key column and direction: the export reads on after the last row's key, by the list's order. */
const KEYS: Record<ListQuery['sort'], { column: string; type: string; descending: boolean }> = {
  submitted: { column: 'submitted_at', type: 'timestamptz', descending: false },
  '-submitted': { column: 'submitted_at', type: 'timestamptz', descending: true },
  reference: { column: 'reference', type: 'text', descending: false },
  '-reference': { column: 'reference', type: 'text', descending: true },
};

/**
 * The CSV file, a piece at a time: the byte order mark and the header, then one piece per page of rows. Each
 * page is one query of its own (no transaction held while a slow client reads), continuing after the last
 * row's key (the sort column as text, which reads back exactly, and the id), so that 10,000 applications are
 * never held at once and a row changed meanwhile is written once at most.
 */
export async function* exportCsv(
  db: Queryable,
  staff: SignedInStaff,
  lists: DeskLists,
  names: ExportNames,
  query: Omit<ListQuery, 'page' | 'pageSize'>,
  locale: Locale,
): AsyncGenerator<string> {
  const words = exportWords[locale];
  const nameOf = (named: Named | undefined) => (named ? (locale === 'ja' ? named.nameJa : named.name) : '');
  yield `\uFEFF${csvRow(words.header.map((column) => column.word))}`;
  const key = KEYS[query.sort];
  const direction = key.descending ? 'desc' : 'asc';
  let after: { key: string; id: string } | undefined;
  for (;;) {
    const { filter, params } = filterOf(staff, lists, query);
    let where = filter;
    if (after) {
      params.push(after.key, after.id);
      where += ` and (${key.column}, id) ${key.descending ? '<' : '>'} ($${params.length - 1}::${key.type}, $${params.length})`;
    }
    const rows = await db.query(
      `select id, reference, status, student_type, program_id, teacher_id, period_id,
          answers -> 'personal' as personal, nationality_id, submitted_at, ${key.column}::text as sort_key,
          (select c.status from consent_requests c where c.application_id = applications.id
            order by c.seq desc limit 1) as consent
         from applications where ${where}
        order by ${key.column} ${direction}, id ${direction} limit ${EXPORT_PAGE}`,
      params,
    );
    if (rows.length === 0) return;
    yield rows
      .map((raw) => {
        const personal = readJson<Record<string, unknown>>(raw.personal ?? {}) ?? {};
        const text = (value: unknown) => (typeof value === 'string' ? value : '');
        const teacherId = raw.teacher_id === null ? null : Number(raw.teacher_id);
        const courseId = courseOf(lists, teacherId);
        return csvRow([
          text(raw.reference),
          [text(personal.familyName), text(personal.givenNames)].filter(Boolean).join(' '),
          text(personal.nameJa),
          raw.nationality_id === null ? '' : nameOf(names.countries.get(Number(raw.nationality_id))),
          words.kind[raw.student_type as StudentType],
          raw.program_id === null ? '' : nameOf(names.programmes.get(Number(raw.program_id))),
          courseId === undefined ? '' : nameOf(names.courses.get(courseId)),
          text(raw.period_id),
          words.status[raw.status as ApplicationStatus],
          raw.submitted_at === null ? '' : formatJapanTime(readDate(raw.submitted_at)),
          words.consent[raw.consent === null ? 'none' : (raw.consent as ConsentStatus)],
        ]);
      })
      .join('');
    if (rows.length < EXPORT_PAGE) return;
    const last = rows[rows.length - 1]!;
    after = { key: String(last.sort_key), id: String(last.id) };
  }
}

/** The file's name: the Japan time of the export, ASCII (`applications-20270115-1700.csv`). */
export const exportFileName = (now: Date): string =>
  `applications-${formatJapanTime(now).replace(/[-:]/g, '').replace(' ', '-')}.csv`;
