// The attacks on the desk's application operations (docs/security.md#staff, the roles' rights): an applicant's
// session on them, a staff session on the applicant's own routes with a real id, a supervisor opening an
// application that does not name them, an office reading another school's, exchange staff reading a master's,
// a role changed or removed while the session is open, an application id or a file id guessed, a supervisor
// deciding. Each must be answered as an unknown id (404, the same body) or refused, and read nothing.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverFixture, uniqueEmail, type CallResult } from '../helpers.ts';
import { applicant as newApplicant, openPeriodsFile, submitted } from '../applications/helpers.ts';
import { seedApplications, staffIdOf, staffOf, type Seeded } from '../desk/helpers.ts';
import { staffCommand } from '../staffHelpers.ts';

const { server, register, signIn } = serverFixture({ periodsFile: openPeriodsFile() });

/** A document row of the application (the bytes are not needed: the refusal comes first). */
async function documentOf(application: Seeded): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  await server.services.db.query(
    `insert into application_documents (id, application_id, account_id, slot_kind, slot_type_id, file_id,
       preview_file_id, display_name, media_type, size, created_at)
     values ($1, $2, $3, 'certificate', 311, $4, null, 'transcript.pdf', 'application/pdf', 10, $5)`,
    [id, application.id, application.accountId, `file-${id}`, server.clock.now()],
  );
  return id;
}

/** What a client can tell apart: the status and the problem's type and code. */
const seen = (response: CallResult) => {
  const body = response.body as { type?: string; code?: string } | undefined;
  return { status: response.status, type: body?.type, code: body?.code };
};
const guessedId = () => randomBytes(16).toString('base64url');

let master: Seeded; // teacher 103: course 3, office 3
let exchange: Seeded; // teacher 109: course 4, office 4
let draft: Seeded;
let masterDocument: string;
let exchangeDocument: string;

beforeAll(async () => {
  const seeded = await seedApplications(server, [
    { studentType: 'master', teacherId: 103 },
    { studentType: 'exchange', teacherId: 109, programId: 16 },
    { status: 'draft', teacherId: 103 },
  ]);
  [master, exchange, draft] = [seeded[0]!, seeded[1]!, seeded[2]!];
  masterDocument = await documentOf(master);
  exchangeDocument = await documentOf(exchange);
});

/** Every read of one application by `cookie`: the application, its file, its preview, a note. */
async function everyRead(cookie: string, application: Seeded, documentId: string) {
  const params = { applicationId: application.id };
  return {
    application: seen(await server.call('getStaffApplication', { params, cookie })),
    document: seen(
      await server.call('getStaffApplicationDocument', { params: { ...params, documentId }, cookie }),
    ),
    preview: seen(
      await server.call('getStaffApplicationDocumentPreview', { params: { ...params, documentId }, cookie }),
    ),
    note: seen(await server.call('addApplicationNote', { params, body: { text: 'seen' }, cookie })),
  };
}

const unknown = { status: 404, type: 'urn:pre-admission:problem:not-found', code: 'application_not_found' };
const outOfReach = { application: unknown, document: unknown, preview: unknown, note: unknown };

describe("an applicant's session on the desk's operations", () => {
  it('reads no application, file or list: 401 no-session, as without a cookie', async () => {
    const email = uniqueEmail('applicant');
    await register(email);
    const cookie = await signIn(email);
    const reads = await everyRead(cookie, master, masterDocument);
    for (const answer of Object.values(reads)) expect(answer).toMatchObject({ status: 401 });
    expect((await server.call('listStaffApplications', { cookie })).status).toBe(401);
    const body = { outcome: 'accepted' };
    expect(
      (await server.call('recordApplicationDecision', { params: { applicationId: master.id }, body, cookie }))
        .status,
    ).toBe(401);
    expect(server.logs.text).not.toContain(`"applicationId":"${master.id}"`);
  });

  it("the owner's own session reads their application on the applicant's API, never the staff's", async () => {
    const who = await newApplicant(server);
    const id = await submitted(server, who);
    expect(
      (await server.call('getApplication', { params: { applicationId: id }, cookie: who.cookie })).status,
    ).toBe(200);
    const staffRoute = await server.call('getStaffApplication', {
      params: { applicationId: id },
      cookie: who.cookie,
    });
    expect(staffRoute.status).toBe(401);
  });
});

describe("a staff session on the applicant's application routes, with a real id", () => {
  it('finds no application: 404 no-session, as without a cookie', async () => {
    const who = await newApplicant(server);
    const id = await submitted(server, who);
    const { cookie } = await staffOf(server, 'desk');
    for (const operationId of ['getApplication', 'listApplications'] as const) {
      const none = await server.call(operationId, { params: { applicationId: id } });
      const staff = await server.call(operationId, { params: { applicationId: id }, cookie });
      expect(seen(staff)).toEqual(seen(none));
      expect(staff.status).toBe(404);
    }
  });
});

describe('a supervisor', () => {
  it('opening an application that does not name them finds nothing, as an unknown id', async () => {
    const { cookie } = await staffOf(server, 'supervisor', '102');
    expect(await everyRead(cookie, master, masterDocument)).toEqual(outOfReach);
    const list = await server.call('listStaffApplications', { cookie, query: { pageSize: 100 } });
    expect((list.body as { applications: { id: string }[] }).applications.map((a) => a.id)).not.toContain(
      master.id,
    );
    expect(server.logs.text).not.toMatch(new RegExp(`staff.application.read.*${master.id}`));
  });

  it('named by the application reads it, and every read is audited with the staff id', async () => {
    const { email, cookie } = await staffOf(server, 'supervisor', '103');
    const staffId = await staffIdOf(server, email);
    const read = await server.call('getStaffApplication', { params: { applicationId: master.id }, cookie });
    expect(read.status).toBe(200);
    const line = server.logs.lines.find(
      (l) => l.includes('"event":"staff.application.read"') && l.includes(master.id),
    );
    expect(JSON.parse(line!)).toMatchObject({ staffId, applicationId: master.id });
    expect(line).not.toContain('accountId');
    const file = await server.call('getStaffApplicationDocument', {
      params: { applicationId: master.id, documentId: masterDocument },
      cookie,
    });
    // The row has no stored bytes: what matters is that the reach let it through to the file and audited it.
    expect(file.status).not.toBe(404);
    expect(server.logs.text).toMatch(
      new RegExp(`"event":"staff.document.read".*"documentId":"${masterDocument}"`),
    );
  });

  it('may not return or decide an application, even one naming them: 403 role_refused', async () => {
    const { cookie } = await staffOf(server, 'supervisor', '103');
    const params = { applicationId: master.id };
    const decided = await server.call('recordApplicationDecision', {
      params,
      body: { outcome: 'accepted' },
      cookie,
    });
    expect(seen(decided)).toMatchObject({ status: 403, code: 'role_refused' });
    const returned = await server.call('returnApplicationForChanges', {
      params,
      body: { sections: ['personal'], documentIds: [], dueAt: '2099-01-01T00:00:00.000Z', message: 'x' },
      cookie,
    });
    expect(seen(returned)).toMatchObject({ status: 403, code: 'role_refused' });
    const row = await server.services.db.query<{ status: string }>(
      'select status from applications where id = $1',
      [master.id],
    );
    expect(row[0]!.status).toBe('submitted');
  });
});

describe('an office', () => {
  it("reading another school's application finds nothing, as an unknown id", async () => {
    const { cookie } = await staffOf(server, 'office', '2');
    expect(await everyRead(cookie, master, masterDocument)).toEqual(outOfReach);
    const decided = await server.call('recordApplicationDecision', {
      params: { applicationId: master.id },
      body: { outcome: 'accepted' },
      cookie,
    });
    expect(seen(decided)).toEqual(unknown);
  });

  it("reads its own school's application (teacher 103 is of office 3)", async () => {
    const { cookie } = await staffOf(server, 'office', '3');
    expect(
      (await server.call('getStaffApplication', { params: { applicationId: master.id }, cookie })).status,
    ).toBe(200);
  });
});

describe('exchange staff', () => {
  it("reading a master's application finds nothing; an exchange application is theirs", async () => {
    const { cookie } = await staffOf(server, 'exchange');
    expect(await everyRead(cookie, master, masterDocument)).toEqual(outOfReach);
    expect(
      (await server.call('getStaffApplication', { params: { applicationId: exchange.id }, cookie })).status,
    ).toBe(200);
  });
});

describe('a role changed or removed while the session is open', () => {
  it('a desk member made supervisor of another teacher loses the application at the next request', async () => {
    const { email, cookie } = await staffOf(server, 'desk');
    const params = { applicationId: master.id };
    expect((await server.call('getStaffApplication', { params, cookie })).status).toBe(200);
    expect(await staffCommand(server, 'set-role', email, 'supervisor', '102')).toMatchObject({ exitCode: 0 });
    expect(seen(await server.call('getStaffApplication', { params, cookie }))).toEqual(unknown);
    const list = await server.call('listStaffApplications', { cookie });
    expect((list.body as { total: number }).total).toBe(0);
  });

  it('a removed desk member reads nothing more', async () => {
    const { email, cookie } = await staffOf(server, 'desk');
    const params = { applicationId: master.id };
    expect((await server.call('getStaffApplication', { params, cookie })).status).toBe(200);
    expect(await staffCommand(server, 'remove', email)).toMatchObject({ exitCode: 0 });
    expect((await server.call('getStaffApplication', { params, cookie })).status).toBe(401);
    expect((await server.call('listStaffApplications', { cookie })).status).toBe(401);
  });
});

describe('ids guessed', () => {
  it('an application id guessed, a malformed one and a draft answer as one unknown id, even to the desk', async () => {
    const { cookie } = await staffOf(server, 'desk');
    for (const applicationId of [guessedId(), 'x1', draft.id]) {
      const read = await server.call('getStaffApplication', { params: { applicationId }, cookie });
      expect({ applicationId, ...seen(read) }).toEqual({ applicationId, ...unknown });
    }
  });

  it('a file id of another application, or guessed, is no file of this one: 404 document_not_found', async () => {
    const { cookie } = await staffOf(server, 'desk');
    for (const documentId of [exchangeDocument, guessedId()]) {
      const read = await server.call('getStaffApplicationDocument', {
        params: { applicationId: master.id, documentId },
        cookie,
      });
      expect(seen(read)).toEqual({
        status: 404,
        type: 'urn:pre-admission:problem:not-found',
        code: 'document_not_found',
      });
    }
  });
});

describe('a staff session without a second factor', () => {
  it("reads no application, not even the desk's", async () => {
    const { onboardingStaff } = await import('../staffHelpers.ts');
    const { cookie } = await onboardingStaff(server, 'desk');
    for (const answer of Object.values(await everyRead(cookie, master, masterDocument)))
      expect(answer).toMatchObject({ status: 403, code: 'second_factor_required' });
    const list = await server.call('listStaffApplications', { cookie });
    expect(seen(list)).toMatchObject({ status: 403, code: 'second_factor_required' });
  });
});
