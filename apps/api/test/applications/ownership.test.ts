// The attack on another applicant's application (docs/security.md#applications): a signed-in attacker who has
// learnt a victim's application id (a shared screen, a forwarded link, a log) sends it to every operation.
// Each must answer exactly as an unknown id does (404 application_not_found, nothing that tells "exists"
// from "not yours") and change nothing of the victim's.
import { describe, expect, it } from 'vitest';
import type { OperationId } from '../../src/platform/contract.ts';
import { serverFixture } from '../helpers.ts';
import { applicant, completeAnswers, openPeriodsFile, startDraft, submitted } from './helpers.ts';

const { server } = serverFixture({ periodsFile: openPeriodsFile() });

/** Every operation that names an application, with a body it would accept for its owner. */
const attacks: { op: OperationId; body?: unknown }[] = [
  { op: 'getApplication' },
  { op: 'saveApplicationAnswers', body: { personal: completeAnswers.personal } },
  { op: 'discardApplication' },
  { op: 'submitApplication' },
  { op: 'withdrawApplication', body: { reason: 'I changed my mind.' } },
];

/** A problem without its instance (the request's id): what an attacker could compare. */
const shape = (body: unknown) => {
  const { instance: _instance, ...rest } = body as Record<string, unknown>;
  return rest;
};

const UNKNOWN = 'AAAAAAAAAAAAAAAAAAAAAA';

describe("an attacker sends a victim's application id to every operation", () => {
  it.each(attacks)(
    '$op: 404 application_not_found, exactly as an unknown id, for a draft and a submitted one',
    async ({ op, body }) => {
      const victim = await applicant(server, 'victim');
      const attacker = await applicant(server, 'attacker');
      const draft = await startDraft(server, victim);
      const sent = await submitted(server, await applicant(server, 'victim2'));
      const victimBefore = await server.call('getApplication', {
        params: { applicationId: draft },
        cookie: victim.cookie,
      });

      const unknown = await server.call(op, {
        params: { applicationId: UNKNOWN },
        body,
        cookie: attacker.cookie,
      });
      expect(unknown.status).toBe(404);
      expect(shape(unknown.body)).toEqual({
        type: 'urn:pre-admission:problem:not-found',
        title: 'The application was not found.',
        status: 404,
        code: 'application_not_found',
      });
      for (const applicationId of [draft, sent]) {
        const answer = await server.call(op, { params: { applicationId }, body, cookie: attacker.cookie });
        expect(answer.status, `${op} ${applicationId}`).toBe(404);
        expect(shape(answer.body)).toEqual(shape(unknown.body));
      }
      // The victim's draft is as it was; the attacker's own list holds nothing of theirs.
      const victimAfter = await server.call('getApplication', {
        params: { applicationId: draft },
        cookie: victim.cookie,
      });
      expect(victimAfter.status).toBe(200);
      expect(victimAfter.body).toEqual(victimBefore.body);
      const list = await server.call('listApplications', { cookie: attacker.cookie });
      expect(list.body).toEqual({ applications: [] });
    },
  );

  it('no session, a made-up session and a signed-out session get 404 no-session and change nothing', async () => {
    const victim = await applicant(server, 'victim');
    const draft = await startDraft(server, victim);
    const forged = 'pre_admission_session=' + 'A'.repeat(43);
    for (const cookie of [undefined, forged]) {
      for (const { op, body } of attacks) {
        const answer = await server.call(op, { params: { applicationId: draft }, body, cookie });
        expect(answer.status, op).toBe(404);
        expect((answer.body as { type: string }).type).toBe('urn:pre-admission:problem:no-session');
      }
      expect((await server.call('listApplications', { cookie })).status).toBe(404);
      expect(
        (await server.call('startApplication', { body: { studentType: 'master' }, cookie })).status,
      ).toBe(404);
    }
    expect(
      (await server.call('getApplication', { params: { applicationId: draft }, cookie: victim.cookie }))
        .status,
    ).toBe(200);
  });

  it('a body or query that names an account or another application is refused or ignored', async () => {
    const victim = await applicant(server, 'victim');
    const attacker = await applicant(server, 'attacker');
    const draft = await startDraft(server, victim);
    const own = await startDraft(server, attacker);
    // Fields the contract does not have: refused, nothing saved.
    const named = await server.call('saveApplicationAnswers', {
      params: { applicationId: own },
      body: { personal: { familyName: 'X' }, accountId: victim.accountId, applicationId: draft },
      cookie: attacker.cookie,
    });
    expect(named.status).toBe(400);
    // A query naming the victim's application or account: ignored, the path's id is what counts.
    const query = await server.app.inject({
      method: 'GET',
      url: `${server.url('getApplication', { applicationId: own })}?applicationId=${draft}&accountId=${victim.accountId}`,
      headers: { cookie: attacker.cookie },
    });
    expect(query.statusCode).toBe(200);
    expect(query.json()).toMatchObject({ id: own });
  });
});
