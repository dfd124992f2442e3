// Attacks on an applicant's own application (docs/security.md#applications): changing what was already sent,
// bodies the contract does not allow (unknown fields, huge ones), an account without the second factor the
// site requires, and writes without end.
import { describe, expect, it } from 'vitest';
import type { Config } from '../../src/platform/config.ts';
import { requestId, serverFixture, startServer } from '../helpers.ts';
import {
  applicant,
  completeAnswers,
  completeDraft,
  openPeriodsFile,
  startDraft,
  submitted,
} from './helpers.ts';

const { server } = serverFixture({ periodsFile: openPeriodsFile() });

describe('an applicant changes an application already sent', () => {
  it('a save of a submitted application: 409 not_editable, its answers unchanged', async () => {
    const who = await applicant(server);
    const id = await submitted(server, who);
    const before = await server.call('getApplication', { params: { applicationId: id }, cookie: who.cookie });
    for (const body of [
      { personal: { ...completeAnswers.personal, familyName: 'SOMEONE ELSE' } },
      { choices: { programId: 11, teacherId: 108 } },
      { declarations: { informationTrue: false } },
    ]) {
      const answer = await server.call('saveApplicationAnswers', {
        params: { applicationId: id },
        body,
        cookie: who.cookie,
      });
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({
        type: 'urn:pre-admission:problem:application-conflict',
        code: 'not_editable',
      });
    }
    const after = await server.call('getApplication', { params: { applicationId: id }, cookie: who.cookie });
    expect(after.body).toEqual(before.body);
  });

  it('a discard of a submitted application: 409 not_editable; it stays', async () => {
    const who = await applicant(server);
    const id = await submitted(server, who);
    const answer = await server.call('discardApplication', {
      params: { applicationId: id },
      cookie: who.cookie,
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'not_editable' });
    expect(
      (await server.call('getApplication', { params: { applicationId: id }, cookie: who.cookie })).status,
    ).toBe(200);
  });

  it('a withdrawal of a draft: 409 not_withdrawable', async () => {
    const who = await applicant(server);
    const id = await startDraft(server, who);
    const answer = await server.call('withdrawApplication', {
      params: { applicationId: id },
      body: { reason: 'No longer needed.' },
      cookie: who.cookie,
    });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'not_withdrawable' });
  });
});

describe('bodies the contract does not allow', () => {
  it('unknown fields, at the top or inside a section: 400 with the field, nothing saved', async () => {
    const who = await applicant(server);
    const id = await startDraft(server, who);
    const before = await server.call('getApplication', { params: { applicationId: id }, cookie: who.cookie });
    for (const body of [
      { personal: { familyName: 'CHEN' }, status: 'submitted' },
      { personal: { familyName: 'CHEN', reference: 'M27-0000-0000' } },
      { education: { entries: [{ countryId: 156, admin: true }] } },
      {},
    ]) {
      const answer = await server.call('saveApplicationAnswers', {
        params: { applicationId: id },
        body,
        cookie: who.cookie,
      });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body).toMatchObject({ type: 'urn:pre-admission:problem:validation' });
    }
    const started = await server.call('startApplication', {
      body: { studentType: 'master', status: 'submitted' },
      cookie: who.cookie,
    });
    expect(started.status).toBe(400);
    const withdrawal = await server.call('withdrawApplication', {
      params: { applicationId: id },
      body: { reason: 'x', at: '2020-01-01T00:00:00Z' },
      cookie: who.cookie,
    });
    expect(withdrawal.status).toBe(400);
    expect(
      (await server.call('getApplication', { params: { applicationId: id }, cookie: who.cookie })).body,
    ).toEqual(before.body);
  });

  it('a rule broken: 400 with each field’s path and code, nothing saved', async () => {
    const who = await applicant(server);
    const id = await startDraft(server, who);
    const answer = await server.call('saveApplicationAnswers', {
      params: { applicationId: id },
      body: {
        choices: { programId: 12 },
        education: {
          entries: [
            { countryId: 156, universityId: 101 },
            { countryId: 392, universityId: 101 },
          ],
        },
      },
      cookie: who.cookie,
    });
    expect(answer.status).toBe(400);
    expect((answer.body as { errors: unknown[] }).errors).toEqual([
      { field: 'choices.programId', code: 'not_offered' },
      { field: 'education.entries.1.universityId', code: 'unknown_institution' },
    ]);
  });

  it.each([
    ['saveApplicationAnswers', 64 * 1024],
    ['withdrawApplication', 8 * 1024],
    ['startApplication', 4 * 1024],
  ] as const)('a body over %s’s limit (%i bytes): 413 before it is read further', async (op, limit) => {
    const who = await applicant(server);
    const id = await startDraft(server, who);
    const payload = JSON.stringify({ personal: { familyName: 'x'.repeat(limit) } });
    const response = await server.app.inject({
      method: op === 'saveApplicationAnswers' ? 'PATCH' : 'POST',
      url: server.url(op, { applicationId: id }),
      headers: { cookie: who.cookie, 'content-type': 'application/json', 'x-request-id': requestId() },
      payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ type: 'urn:pre-admission:problem:payload-too-large' });
  });
});

describe('an account without the second factor the site requires (REQUIRE_SECOND_FACTOR)', () => {
  it('gets 403 second_factor_required from every application operation but the public periods', async () => {
    const who = await applicant(server);
    const id = await completeDraft(server, who);
    const strict = await startServer({ periodsFile: openPeriodsFile(), requireSecondFactor: true }, server);
    try {
      const calls = [
        strict.call('listApplications', { cookie: who.cookie }),
        strict.call('startApplication', { body: { studentType: 'doctoral' }, cookie: who.cookie }),
        strict.call('getApplication', { params: { applicationId: id }, cookie: who.cookie }),
        strict.call('saveApplicationAnswers', {
          params: { applicationId: id },
          body: { personal: completeAnswers.personal },
          cookie: who.cookie,
        }),
        strict.call('submitApplication', { params: { applicationId: id }, cookie: who.cookie }),
        strict.call('withdrawApplication', {
          params: { applicationId: id },
          body: { reason: 'x' },
          cookie: who.cookie,
        }),
        strict.call('discardApplication', { params: { applicationId: id }, cookie: who.cookie }),
      ];
      for (const answer of await Promise.all(calls)) {
        expect(answer.status).toBe(403);
        expect(answer.body).toMatchObject({ code: 'second_factor_required' });
      }
      expect((await strict.call('listApplicationPeriods')).status).toBe(200);
      const read = await server.call('getApplication', { params: { applicationId: id }, cookie: who.cookie });
      expect(read.body).toMatchObject({ status: 'draft' });
    } finally {
      await strict.close();
    }
  });
});

describe('one session writes without end', () => {
  it('the account’s writes are limited (429 with Retry-After); reads are not', async () => {
    const who = await applicant(server);
    const limits: Config['limits'] = {
      ...server.config.limits,
      applicationWritesPerAccount: { max: 3, windowMs: 60_000 },
    };
    const limited = await startServer({ periodsFile: openPeriodsFile(), limits }, server);
    try {
      const id = await startDraft(limited, who);
      const save = () =>
        limited.call('saveApplicationAnswers', {
          params: { applicationId: id },
          body: { personal: { familyName: 'CHEN' } },
          cookie: who.cookie,
        });
      expect((await save()).status).toBe(200);
      expect((await save()).status).toBe(200);
      const refused = await save();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(
        (await limited.call('getApplication', { params: { applicationId: id }, cookie: who.cookie })).status,
      ).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
