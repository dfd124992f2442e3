// The attack on the saved plan (docs/security.md#the-plan): an applicant's plan is theirs alone. Another signed-in
// applicant, a signed-out or revoked session, or a request that names another account in any way (query, body, a
// second cookie) never reads or writes it; the plan is found by the session's account and nothing else.
import { describe, expect, it } from 'vitest';
import { SAVED_PLAN } from '../../src/providerStates/states.ts';
import { serverFixture, uniqueEmail } from '../helpers.ts';

const fixture = serverFixture();

// The plan the provider state saves (openapi.yaml's Plan example): every choice one the seed offers.
const victimPlan = SAVED_PLAN;
const empty = { readyCertificateIds: [], readyMaterialIds: [] };

async function twoApplicants() {
  const victim = uniqueEmail('victim');
  const attacker = uniqueEmail('attacker');
  await fixture.register(victim);
  await fixture.register(attacker);
  const victimCookie = await fixture.signIn(victim);
  const attackerCookie = await fixture.signIn(attacker);
  const saved = await fixture.server.call('savePlan', { body: victimPlan, cookie: victimCookie });
  expect(saved.status).toBe(200);
  return { victimCookie, attackerCookie };
}

describe('an applicant’s plan against another session', () => {
  it('another applicant reads their own (empty) plan, never the victim’s', async () => {
    const { attackerCookie } = await twoApplicants();
    const read = await fixture.server.call('getPlan', { cookie: attackerCookie });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(empty);
  });

  it('another applicant’s save changes only their own plan', async () => {
    const { victimCookie, attackerCookie } = await twoApplicants();
    const write = await fixture.server.call('savePlan', {
      body: { ...empty, studentType: 'exchange' },
      cookie: attackerCookie,
    });
    expect(write.status).toBe(200);
    expect((await fixture.server.call('getPlan', { cookie: victimCookie })).body).toEqual(victimPlan);
  });

  it('a body or query that names an account is refused or ignored', async () => {
    const { victimCookie, attackerCookie } = await twoApplicants();
    const named = await fixture.server.call('savePlan', {
      body: { ...empty, accountId: 1, email: 'victim@example.com' },
      cookie: attackerCookie,
    });
    expect(named.status).toBe(400);
    const query = await fixture.server.app.inject({
      method: 'GET',
      url: `${fixture.server.url('getPlan')}?accountId=1&account=1`,
      headers: { cookie: attackerCookie },
    });
    expect(query.statusCode).toBe(200);
    expect(query.json()).toEqual(empty);
    expect((await fixture.server.call('getPlan', { cookie: victimCookie })).body).toEqual(victimPlan);
  });

  it('no session, a made-up session and a signed-out session get 404 and change nothing', async () => {
    const { victimCookie } = await twoApplicants();
    const forged = 'pre_admission_session=' + 'A'.repeat(43);
    for (const cookie of [undefined, forged]) {
      expect((await fixture.server.call('getPlan', { cookie })).status).toBe(404);
      expect((await fixture.server.call('savePlan', { body: empty, cookie })).status).toBe(404);
    }
    expect((await fixture.server.call('signOut', { cookie: victimCookie })).status).toBe(204);
    expect((await fixture.server.call('getPlan', { cookie: victimCookie })).status).toBe(404);
    expect((await fixture.server.call('savePlan', { body: empty, cookie: victimCookie })).status).toBe(404);
  });
});
