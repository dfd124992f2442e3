// The desk's list (openapi.staff.yaml listStaffApplications, docs/behaviour.md#the-desk): each filter, the
// search by reference number (any width, case and spacing) and by name (width- and case-insensitive, Latin or
// Japanese), the sort, the paging with its total, a refused parameter, and the list staying an index read with
// 10,000 applications.
import { beforeAll, describe, expect, it } from 'vitest';
import { filterOf, pageStatement, type StaffApplicationSummary } from '../../src/desk/applications.ts';
import { deskLists } from '../../src/desk/reach.ts';
import type { SignedInStaff } from '../../src/staff/access.ts';
import { serverFixture } from '../helpers.ts';
import { seedApplications, staffOf, type Seeded } from './helpers.ts';

const { server } = serverFixture();

type ListBody = { applications: StaffApplicationSummary[]; total: number; page: number; pageSize: number };

let desk: string;
let seeded: Seeded[];

/** The ids the desk's list answers for `query`, with the total. */
async function list(query: Record<string, string | number>, cookie = desk) {
  const response = await server.call('listStaffApplications', { cookie, query: { pageSize: 100, ...query } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const body = response.body as ListBody;
  return { ids: body.applications.map((a) => a.id), total: body.total, body };
}

beforeAll(async () => {
  desk = (await staffOf(server, 'desk')).cookie;
  seeded = await seedApplications(server, [
    { familyName: 'TANAKA', givenNames: 'MAI', nameJa: '田中 舞', nationalityId: 392, teacherId: 103 },
    { familyName: 'NGUYEN', givenNames: 'VAN AN', nationalityId: 704, teacherId: 102, programId: 8 },
    { familyName: "O'NEIL", givenNames: 'SEAN', nationalityId: 372, studentType: 'exchange', teacherId: 109 },
    { status: 'returned', familyName: 'KIM', givenNames: 'MINJI', nationalityId: 410 },
    { status: 'decided', familyName: 'LI', givenNames: 'NA', nationalityId: 156, periodId: 'other-period' },
    { status: 'draft', familyName: 'TANAKA', givenNames: 'DRAFT' },
  ]);
});

const ids = (...indexes: number[]) => indexes.map((i) => seeded[i]!.id);

describe('filters', () => {
  it('lists every application past its draft, newest first by default', async () => {
    const { ids: all, total } = await list({});
    expect(all).toEqual(ids(4, 3, 2, 1, 0));
    expect(total).toBe(5);
    expect(server.logs.text).toContain('"event":"staff.applications.listed"');
  });

  it.each([
    [{ status: 'returned' }, [3]],
    [{ kind: 'exchange' }, [2]],
    [{ programme: 8 }, [1]],
    // Course 2 is teacher 102's; course 4 teacher 109's.
    [{ course: 2 }, [1]],
    [{ course: 4 }, [2]],
    [{ period: 'other-period' }, [4]],
    [{ nationality: 704 }, [1]],
    [{ status: 'submitted', nationality: 392 }, [0]],
    [{ status: 'submitted', kind: 'exchange', nationality: 392 }, []],
  ] as const)('%j', async (query, expected) => {
    const { ids: found, total } = await list(query);
    expect(found.sort()).toEqual(ids(...expected).sort());
    expect(total).toBe(expected.length);
  });

  it('refuses a parameter the contract does not name, or a value off its schema, naming it', async () => {
    for (const [query, field] of [
      [{ accountId: '1' }, 'query'],
      [{ status: 'draftish' }, 'status'],
      [{ page: 0 }, 'page'],
      [{ pageSize: 101 }, 'pageSize'],
    ] as const) {
      const response = await server.call('listStaffApplications', { cookie: desk, query });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ errors: [expect.objectContaining({ field })] });
    }
  });
});

describe('search', () => {
  it('by reference number in lower case, full width, with spaces instead of hyphens or none', async () => {
    const reference = seeded[1]!.reference!;
    const fullWidth = reference.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    for (const q of [
      reference,
      reference.toLowerCase(),
      fullWidth,
      reference.replace(/-/g, ' '),
      reference.replace(/-/g, ''),
    ]) {
      const { ids: found } = await list({ q });
      expect({ q, found }).toEqual({ q, found: ids(1) });
    }
  });

  it('by name in lower case, full width, Japanese, and a given name before the family name', async () => {
    for (const q of ['tanaka', 'ＴＡＮＡＫＡ', 'ｔａｎａｋａ', '田中', 'mai tanaka', 'Van An']) {
      const { ids: found } = await list({ q });
      expect({ q, found }).toEqual({ q, found: q === 'Van An' ? ids(1) : ids(0) });
    }
  });

  it('takes the search literally: a quote, % and _ match themselves, not everything', async () => {
    expect((await list({ q: "o'neil" })).ids).toEqual(ids(2));
    expect((await list({ q: '%' })).total).toBe(0);
    expect((await list({ q: '_' })).total).toBe(0);
  });

  it('never finds a draft', async () => {
    expect((await list({ q: 'draft' })).total).toBe(0);
  });
});

describe('sort and paging', () => {
  it('sorts by submission date either way and by reference', async () => {
    expect((await list({ sort: 'submitted' })).ids).toEqual(ids(0, 1, 2, 3, 4));
    const byReference = seeded
      .slice(0, 5)
      .sort((a, b) => a.reference!.localeCompare(b.reference!))
      .map((s) => s.id);
    expect((await list({ sort: 'reference' })).ids).toEqual(byReference);
    expect((await list({ sort: '-reference' })).ids).toEqual([...byReference].reverse());
  });

  it('answers a page at a time with the total on every page, and an empty page past the end', async () => {
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await list({ sort: 'submitted', pageSize: 2, page }));
    expect(pages.map((p) => p.ids)).toEqual([ids(0, 1), ids(2, 3), ids(4)]);
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
    expect(pages[0]!.body).toMatchObject({ page: 1, pageSize: 2 });
    expect((await list({ pageSize: 2, page: 4 })).ids).toEqual([]);
  });
});

describe('with 10,000 applications', () => {
  it('answers each filter and a name search from the indexes, with the right totals', async () => {
    const specs = Array.from({ length: 10_000 }, (_, i) => ({
      familyName: `FAMILY${i}`,
      givenNames: 'BULK',
      teacherId: [102, 103, 107, 109][i % 4]!,
      nationalityId: [156, 704, 410, 392, 360][i % 5]!,
      studentType: (['master', 'doctoral'] as const)[i % 2],
    }));
    await seedApplications(server, specs);
    await server.services.db.exec('analyze applications');
    const timings: Record<string, number> = {};
    for (const [name, query, expected] of [
      ['teacher 103 (course 3)', { course: 3 }, 2500 + 1 + 2],
      ['nationality 704', { nationality: 704 }, 2000 + 1],
      ['doctoral', { kind: 'doctoral' }, 5000],
      ['name', { q: 'family9999' }, 1],
    ] as const) {
      const started = performance.now();
      const { total } = await list({ ...query, pageSize: 25 });
      timings[name] = Math.round(performance.now() - started);
      expect({ name, total }).toEqual({ name, total: expected });
    }
    // The plan of the default page: the newest 25 read from applications_desk_submitted, not sorted from all.
    const plan = await server.services.db.query<{ 'QUERY PLAN': string }>(
      `explain select id from applications where status <> 'draft' order by submitted_at desc, id desc limit 25`,
    );
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain('applications_desk_submitted');
    // A deep page by reference number (`npm run bench:desk`): the rows before it are skipped as ids; only the
    // page's 25 rows are read whole, by id.
    const { filter, params } = filterOf(
      { assignment: { role: 'desk' } } as SignedInStaff,
      await deskLists(server.services.db),
      {},
    );
    const deep = await server.services.db.query<{ 'QUERY PLAN': string }>(
      `explain ${pageStatement(filter, { sort: 'reference', page: 400, pageSize: 25 })}`,
      params,
    );
    const deepText = deep.map((row) => row['QUERY PLAN']).join('\n');
    expect(deepText).toMatch(/^Sort.*rows=25 /);
    expect(deepText).toMatch(/Index Cond: \(id = /);
    console.info(
      `desk list with 10,000 applications (ms per request, one run): ${JSON.stringify(timings)}\n${text}\n${deepText}`,
    );
  }, 120_000);
});
