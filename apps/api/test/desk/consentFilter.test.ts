// The desk's list filtered by the supervisor's consent (openapi.staff.yaml ApplicationFilterConsent, issue 40's
// "filters (status, kind, programme, course, period, nationality, consent)"): not required by the programme
// option, required and not asked, or the latest request's status, whatever the earlier ones were; the CSV
// export takes the same filter; a value off the list is a 400 naming it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { StaffApplicationSummary } from '../../src/desk/applications.ts';
import { serverFixture } from '../helpers.ts';
import { csvCells, seedApplications, staffOf, type Seeded } from './helpers.ts';

const { server } = serverFixture();

let desk: string;
let seeded: Seeded[];

/** The requests of an application, oldest first, as their statuses. */
async function requests(application: Seeded, statuses: readonly string[]) {
  const now = server.clock.now();
  for (const [i, status] of statuses.entries())
    await server.services.db.query(
      `insert into consent_requests (id, application_id, account_id, teacher_id, message, research_plan_name,
         locale, status, requested_at, expires_at, closed_at)
       values ($1, $2, $3, 103, 'Please', 'plan.pdf', 'en', $4, $5, $6, $7)`,
      [
        `${application.id.slice(0, 10)}-${i}`,
        application.id,
        application.accountId,
        status,
        new Date(now.getTime() - 86_400_000 * (10 - i)),
        new Date(now.getTime() + 86_400_000 * 10),
        status === 'requested' ? null : now,
      ],
    );
}

async function list(query: Record<string, string>) {
  const response = await server.call('listStaffApplications', {
    cookie: desk,
    query: { pageSize: 100, ...query },
  });
  return response;
}

beforeAll(async () => {
  desk = (await staffOf(server, 'desk')).cookie;
  await server.services.db.query('delete from consent_requirements');
  await server.services.db.query('insert into consent_requirements (program_id, set_at) values (11, $1)', [
    server.clock.now(),
  ]);
  seeded = await seedApplications(server, [
    { programId: 8, studentType: 'researchStudent' },
    { programId: 11 },
    { programId: 11 },
    { programId: 11 },
    { programId: 11 },
    { programId: 11 },
    { programId: 11 },
  ]);
  await requests(seeded[2]!, ['declined', 'requested']);
  await requests(seeded[3]!, ['declined', 'expired', 'accepted']);
  await requests(seeded[4]!, ['declined']);
  await requests(seeded[5]!, ['expired']);
  await requests(seeded[6]!, ['accepted', 'withdrawn']);
});

describe('the consent filter', () => {
  it.each([
    ['notRequired', 0],
    ['notAsked', 1],
    ['requested', 2],
    ['accepted', 3],
    ['declined', 4],
    ['expired', 5],
    ['withdrawn', 6],
  ] as const)('consent=%s lists the one application in that state', async (consent, index) => {
    const response = await list({ consent });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const body = response.body as { applications: StaffApplicationSummary[]; total: number };
    expect({ ids: body.applications.map((a) => a.id), total: body.total }).toEqual({
      ids: [seeded[index]!.id],
      total: 1,
    });
  });

  it('combines with the other filters', async () => {
    const none = await list({ consent: 'notRequired', programme: '11' });
    expect((none.body as { total: number }).total).toBe(0);
    const one = await list({ consent: 'accepted', kind: 'master', programme: '11' });
    expect((one.body as { applications: StaffApplicationSummary[] }).applications.map((a) => a.id)).toEqual([
      seeded[3]!.id,
    ]);
  });

  it('refuses a state off the list, naming the parameter', async () => {
    for (const consent of ['none', 'Accepted', '']) {
      const response = await list({ consent });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ errors: [{ field: 'consent', code: 'invalid' }] });
    }
  });

  it('filters the CSV export the same way', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/staff/applications.csv?consent=declined',
      headers: { cookie: desk, 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(200);
    const rows = csvCells(response.body);
    expect(rows.slice(1).map((row) => row[0])).toEqual([seeded[4]!.reference]);
    expect(rows[1]).toContain('Declined');
  });
});
