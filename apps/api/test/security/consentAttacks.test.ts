// The attacks on the supervisor's consent (docs/security.md#staff, docs/behaviour.md#supervisor-consent): an
// applicant asking, reading or withdrawing for another's application; a supervisor reading, downloading or
// deciding a request naming another teacher; the office, exchange and desk roles deciding; an applicant's
// session on the staff routes and a staff session on the applicant's; deciding a request expired (before
// housekeeping ran) or withdrawn. Each is answered as an unknown id or refused, and changes nothing.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverFixture, type CallResult } from '../helpers.ts';
import { applicant, openPeriodsFile } from '../applications/helpers.ts';
import { staffOf } from '../desk/helpers.ts';
import {
  ask,
  asking,
  consentOf,
  decide,
  newestId,
  type Asking,
  type ConsentView,
} from '../consent/helpers.ts';

const { server } = serverFixture({ periodsFile: openPeriodsFile() });

const seen = (response: CallResult) => {
  const body = response.body as { type?: string; code?: string } | undefined;
  return { status: response.status, type: body?.type, code: body?.code };
};
const guessedId = () => randomBytes(16).toString('base64url');
const statusOf = async (id: string) =>
  (
    await server.services.db.query<{ status: string }>('select status from consent_requests where id = $1', [
      id,
    ])
  )[0]?.status;

let victim: Asking;
let requestId: string;
let supervisor103: string;
beforeAll(async () => {
  supervisor103 = (await staffOf(server, 'supervisor', '103')).cookie;
  victim = await asking(server, 'victim');
  const asked = await ask(server, victim);
  expect(asked.status).toBe(201);
  requestId = newestId(asked);
});

describe("an applicant on another's application", () => {
  let attacker: Asking;
  beforeAll(async () => {
    attacker = await asking(server, 'attacker');
  });

  it("cannot ask consent for another's application: 404 as an unknown id, nothing written", async () => {
    const theirs = await ask(server, { cookie: attacker.cookie, applicationId: victim.applicationId });
    const unknown = await ask(server, { cookie: attacker.cookie, applicationId: guessedId() });
    expect(seen(theirs)).toEqual(seen(unknown));
    expect(seen(theirs)).toMatchObject({ status: 404, code: 'application_not_found' });
    const rows = await server.services.db.query('select 1 from consent_requests where application_id = $1', [
      victim.applicationId,
    ]);
    expect(rows).toHaveLength(1);
  });

  it("cannot read another's consent: 404 as an unknown id", async () => {
    const theirs = await consentOf(server, { cookie: attacker.cookie, applicationId: victim.applicationId });
    expect(seen(theirs)).toMatchObject({ status: 404, code: 'application_not_found' });
    expect(JSON.stringify(theirs.body)).not.toContain(requestId);
  });

  it("cannot withdraw another's request, through their application or through its own", async () => {
    const direct = await server.call('withdrawConsentRequest', {
      params: { applicationId: victim.applicationId, consentRequestId: requestId },
      cookie: attacker.cookie,
    });
    expect(seen(direct)).toMatchObject({ status: 404, code: 'application_not_found' });
    const viaOwn = await server.call('withdrawConsentRequest', {
      params: { applicationId: attacker.applicationId, consentRequestId: requestId },
      cookie: attacker.cookie,
    });
    expect(seen(viaOwn)).toMatchObject({ status: 404, code: 'consent_request_not_found' });
    expect(await statusOf(requestId)).toBe('requested');
  });
});

describe('a supervisor on a request naming another teacher', () => {
  let other: string;
  beforeAll(async () => {
    other = (await staffOf(server, 'supervisor', '102')).cookie;
  });

  it('does not see it listed', async () => {
    const listed = await server.call('listConsentRequests', { cookie: other });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(requestId);
  });

  it('cannot read it, nor download its research plan: 404 as an unknown id', async () => {
    const read = await server.call('getConsentRequest', {
      params: { consentRequestId: requestId },
      cookie: other,
    });
    const unknown = await server.call('getConsentRequest', {
      params: { consentRequestId: guessedId() },
      cookie: other,
    });
    expect(seen(read)).toEqual(seen(unknown));
    expect(seen(read)).toMatchObject({ status: 404, code: 'consent_request_not_found' });
    const file = await server.call('getConsentResearchPlan', {
      params: { consentRequestId: requestId },
      cookie: other,
    });
    expect(seen(file)).toMatchObject({ status: 404, code: 'consent_request_not_found' });
    expect(server.logs.text).not.toMatch(
      new RegExp(`"event":"staff.document.read".*"consentRequestId":"${requestId}"`),
    );
  });

  it('cannot decide it: 404, and it still waits', async () => {
    const decided = await decide(server, other, requestId, { outcome: 'accepted' });
    expect(seen(decided)).toMatchObject({ status: 404, code: 'consent_request_not_found' });
    expect(await statusOf(requestId)).toBe('requested');
  });
});

describe('roles that do not decide consent', () => {
  it.each([['office', '3'], ['exchange'], ['desk']])(
    '%s cannot decide: 403 role_refused',
    async (...role) => {
      const { cookie } = await staffOf(server, ...role.filter(Boolean));
      const decided = await decide(server, cookie, requestId, { outcome: 'accepted' });
      expect(seen(decided)).toMatchObject({ status: 403, code: 'role_refused' });
      expect(await statusOf(requestId)).toBe('requested');
    },
  );

  it.each([['office', '3'], ['exchange']])(
    '%s cannot list or read requests: 403 role_refused',
    async (...role) => {
      const { cookie } = await staffOf(server, ...role.filter(Boolean));
      expect(seen(await server.call('listConsentRequests', { cookie }))).toMatchObject({ status: 403 });
      const read = await server.call('getConsentRequest', {
        params: { consentRequestId: requestId },
        cookie,
      });
      expect(seen(read)).toMatchObject({ status: 403, code: 'role_refused' });
    },
  );

  it('the desk reads every request', async () => {
    const { cookie } = await staffOf(server, 'desk');
    const listed = await server.call('listConsentRequests', { cookie });
    expect(JSON.stringify(listed.body)).toContain(requestId);
    const read = await server.call('getConsentRequest', { params: { consentRequestId: requestId }, cookie });
    expect(read.status).toBe(200);
  });
});

describe('the other realm', () => {
  it("an applicant's session on every staff consent route: 401, as no session", async () => {
    const who = await applicant(server, 'realm');
    const params = { consentRequestId: requestId };
    for (const response of [
      await server.call('listConsentRequests', { cookie: who.cookie }),
      await server.call('getConsentRequest', { params, cookie: who.cookie }),
      await server.call('getConsentResearchPlan', { params, cookie: who.cookie }),
      await decide(server, who.cookie, requestId, { outcome: 'accepted' }),
    ])
      expect(seen(response)).toMatchObject({ status: 401, type: 'urn:pre-admission:problem:no-session' });
    // The victim's own session is no staff session either.
    expect((await decide(server, victim.cookie, requestId, { outcome: 'accepted' })).status).toBe(401);
    expect(await statusOf(requestId)).toBe('requested');
  });

  it("a staff session on the applicant's consent routes with a real id: 404, as no session", async () => {
    const target = { cookie: supervisor103, applicationId: victim.applicationId };
    for (const response of [
      await consentOf(server, target),
      await ask(server, target),
      await server.call('withdrawConsentRequest', {
        params: { applicationId: victim.applicationId, consentRequestId: requestId },
        cookie: supervisor103,
      }),
    ])
      expect(seen(response)).toMatchObject({ status: 404, type: 'urn:pre-admission:problem:no-session' });
    expect(await statusOf(requestId)).toBe('requested');
  });
});

describe('deciding what is no longer waiting', () => {
  it('a withdrawn request: 409 consent_not_pending', async () => {
    const who = await asking(server, 'withdrawn');
    const id = newestId(await ask(server, who));
    await server.call('withdrawConsentRequest', {
      params: { applicationId: who.applicationId, consentRequestId: id },
      cookie: who.cookie,
    });
    const decided = await decide(server, supervisor103, id, { outcome: 'accepted' });
    expect(seen(decided)).toMatchObject({ status: 409, code: 'consent_not_pending' });
    expect(await statusOf(id)).toBe('withdrawn');
  });

  it('a request past its expiry that housekeeping has not reached yet: 409, and not accepted', async () => {
    const who = await asking(server, 'late');
    const id = newestId(await ask(server, who));
    await server.services.db.query('update consent_requests set expires_at = $2 where id = $1', [
      id,
      server.clock.now(),
    ]);
    const decided = await decide(server, supervisor103, id, { outcome: 'accepted' });
    expect(seen(decided)).toMatchObject({ status: 409, code: 'consent_not_pending' });
    const consent = (await consentOf(server, who)).body as ConsentView;
    expect(consent.given).toBe(false);
    // Nor can the applicant withdraw it: it has ended.
    const withdrawn = await server.call('withdrawConsentRequest', {
      params: { applicationId: who.applicationId, consentRequestId: id },
      cookie: who.cookie,
    });
    expect(seen(withdrawn)).toMatchObject({ status: 409, code: 'consent_not_pending' });
  });
});

// Found by fuzzing on PostgreSQL (FUZZ_SEED=1969925622): `GET …/applications/%00/consent` answered 500, as
// PostgreSQL refuses a NUL byte in text before any row is compared. Every id of the consent routes that is not
// an opaque id (openapi.yaml OpaqueId) is an unknown id, found before the database is asked.
describe('ids that are not ids', () => {
  // Sent percent-encoded (server.call encodes each parameter): the server decodes them to these.
  const malformed = [
    '\u0000',
    'q3ZbV1n8R0K7yXw2LmA\u00009tQ',
    'x'.repeat(300),
    "'; drop table consent_requests; --",
  ];

  it.each(malformed)('%j on every consent route: 404 as an unknown id, never a 5xx', async (bad) => {
    const applicant = { cookie: victim.cookie };
    const answers = [
      await server.call('getApplicationConsent', { params: { applicationId: bad }, ...applicant }),
      await server.call('requestConsent', {
        params: { applicationId: bad },
        body: { message: 'May I study with you?' },
        ...applicant,
      }),
      await server.call('withdrawConsentRequest', {
        params: { applicationId: bad, consentRequestId: requestId },
        ...applicant,
      }),
      await server.call('withdrawConsentRequest', {
        params: { applicationId: victim.applicationId, consentRequestId: bad },
        ...applicant,
      }),
      await server.call('getConsentRequest', { params: { consentRequestId: bad }, cookie: supervisor103 }),
      await server.call('getConsentResearchPlan', {
        params: { consentRequestId: bad },
        cookie: supervisor103,
      }),
      await server.call('decideConsentRequest', {
        params: { consentRequestId: bad },
        body: { outcome: 'accepted' },
        cookie: supervisor103,
      }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 404));
    expect(await statusOf(requestId)).toBe('requested');
  });
});
