// The saved plan (docs/behaviour.md#rules): read and replaced by the signed-in applicant, refused with per-field
// details when it breaks the rules of @pre-admission/rules, kept in the database across a restart.
import { describe, expect, it } from 'vitest';
import { serverFixture, startServer, uniqueEmail } from './helpers.ts';

const fixture = serverFixture();
const empty = { readyCertificateIds: [], readyMaterialIds: [] };
/** A plan every choice of which the seed offers: master's (April), an Economics teacher who takes master's students. */
const plan = {
  studentType: 'master',
  programId: 11,
  teacherId: 103,
  readyCertificateIds: [311, 312],
  readyMaterialIds: [311],
  scholarshipTypeId: 13,
  scholarshipStatusId: 5,
  financialSupportId: 1,
  countryId: 156,
  universityId: 101,
};

async function signedIn() {
  const email = uniqueEmail('planner');
  await fixture.register(email);
  return fixture.signIn(email);
}

describe('the saved plan', () => {
  it('is empty before the first save, then what was saved', async () => {
    const cookie = await signedIn();
    const before = await fixture.server.call('getPlan', { cookie });
    expect(before.status).toBe(200);
    expect(before.body).toEqual(empty);
    const saved = await fixture.server.call('savePlan', { body: plan, cookie });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(plan);
    expect((await fixture.server.call('getPlan', { cookie })).body).toEqual(plan);
    // A save replaces the whole plan.
    await fixture.server.call('savePlan', { body: { ...empty, studentType: 'doctoral' }, cookie });
    expect((await fixture.server.call('getPlan', { cookie })).body).toEqual({
      ...empty,
      studentType: 'doctoral',
    });
  });

  it('400 with per-field details when a choice breaks the rules; nothing is saved', async () => {
    const cookie = await signedIn();
    await fixture.server.call('savePlan', { body: plan, cookie });
    // Teacher 102 takes research students only; status 4 belongs to scholarship 12, not 13.
    const refused = await fixture.server.call('savePlan', {
      body: { ...plan, teacherId: 102, scholarshipStatusId: 4 },
      cookie,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      type: 'urn:pre-admission:problem:validation',
      errors: [
        { field: 'teacherId', code: 'not_offered' },
        { field: 'readyCertificateIds', code: 'not_offered' },
        { field: 'readyMaterialIds', code: 'not_offered' },
        { field: 'scholarshipStatusId', code: 'not_offered' },
      ],
    });
    expect((await fixture.server.call('getPlan', { cookie })).body).toEqual(plan);
  });

  it('refuses a hidden teacher and a programme of another kind of application', async () => {
    const cookie = await signedIn();
    const hidden = await fixture.server.call('savePlan', {
      body: { ...empty, studentType: 'master', programId: 11, teacherId: 121 },
      cookie,
    });
    expect(hidden.status).toBe(400);
    expect((hidden.body as { errors: unknown[] }).errors).toEqual([
      { field: 'teacherId', code: 'not_offered' },
    ]);
    const other = await fixture.server.call('savePlan', {
      body: { ...empty, studentType: 'exchange', programId: 11 },
      cookie,
    });
    expect((other.body as { errors: unknown[] }).errors).toEqual([
      { field: 'programId', code: 'not_offered' },
    ]);
  });

  it('400 for a body off the schema: an unknown field, a wrong type, a repeated id', async () => {
    const cookie = await signedIn();
    for (const body of [
      { ...empty, note: 'x' },
      { ...empty, programId: 'eleven' },
      { readyCertificateIds: [1, 1], readyMaterialIds: [] },
      { readyMaterialIds: [] },
    ]) {
      const response = await fixture.server.call('savePlan', { body, cookie });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((response.body as { errors: unknown[] }).errors.length).toBeGreaterThan(0);
    }
  });

  it('a save without X-Request-Id is refused (docs/security.md CSRF defence); an oversized body is 413', async () => {
    const cookie = await signedIn();
    const noId = await fixture.server.app.inject({
      method: 'PUT',
      url: fixture.server.url('savePlan'),
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(plan),
    });
    expect(noId.statusCode).toBe(400);
    const big = await fixture.server.call('savePlan', {
      body: { ...empty, readyCertificateIds: Array.from({ length: 3000 }, (_, i) => i + 1) },
      cookie,
    });
    expect(big.status).toBe(413);
    expect((await fixture.server.call('getPlan', { cookie })).body).toEqual(empty);
  });

  it('survives a restart: a new server on the same database reads it', async () => {
    const cookie = await signedIn();
    await fixture.server.call('savePlan', { body: plan, cookie });
    const restarted = await startServer({}, fixture.server);
    try {
      expect((await restarted.call('getPlan', { cookie })).body).toEqual(plan);
    } finally {
      await restarted.close();
    }
  });
});
