// Expiry of unanswered consent requests (docs/behaviour.md#supervisor-consent, CONSENT_REQUEST_DAYS), as main.ts's
// housekeeping runs it: a request past its time becomes `expired` once, its applicant is mailed once in the
// language they asked in, however many instances run it at once; the supervisor can no longer decide it, and
// the applicant may ask again.
import { beforeAll, describe, expect, it } from 'vitest';
import { expireConsentRequests } from '../../src/consent/requests.ts';
import { defaultLifetimes } from '../../src/platform/config.ts';
import { serverFixture } from '../helpers.ts';
import { openPeriodsFile } from '../applications/helpers.ts';
import { staffOf } from '../desk/helpers.ts';
import { ask, asking, consentOf, decide, newestId, type ConsentView } from './helpers.ts';

const LIFETIME = 10 * 60_000;
const { server, mailbox } = serverFixture({
  periodsFile: openPeriodsFile(),
  lifetimes: { ...defaultLifetimes, consentRequest: LIFETIME },
});

beforeAll(async () => {
  // The teacher's account on the site (a request needs one).
  await staffOf(server, 'supervisor', '103');
});

describe('housekeeping expires unanswered requests', () => {
  it('leaves a request alone until its time, then expires it and mails the applicant once, in Japanese', async () => {
    const who = await asking(server, 'expiring');
    const id = newestId(await ask(server, who, '研究室で学びたいです。', { 'accept-language': 'ja' }));

    server.clock.advance(LIFETIME - 1);
    expect(await expireConsentRequests(server.services)).toBe(0);
    server.clock.advance(1);
    // Two instances at once: each request is expired, and mailed, by one of them.
    const counts = await Promise.all([
      expireConsentRequests(server.services),
      expireConsentRequests(server.services),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await expireConsentRequests(server.services)).toBe(0);

    const consent = (await consentOf(server, who)).body as ConsentView;
    expect(consent.requests[0]).toMatchObject({
      id,
      status: 'expired',
      closedAt: server.clock.now().toISOString(),
    });
    const mails = (await mailbox()).filter((mail) => mail.to === who.email && mail.subject.includes('内諾'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('内諾の依頼が期限切れになりました');
    expect(mails[0]!.text).toContain('鈴木 一郎 先生');
  });

  it('refuses the decision of an expired request (409) and lets the applicant ask again', async () => {
    const who = await asking(server, 'expired');
    const firstAt = server.clock.now().toISOString();
    const id = newestId(await ask(server, who));
    server.clock.advance(LIFETIME);
    const expiredAt = server.clock.now().toISOString();
    await expireConsentRequests(server.services);
    const { cookie } = await staffOf(server, 'supervisor', '103');
    const decided = await decide(server, cookie, id, { outcome: 'accepted' });
    expect(decided.status).toBe(409);
    expect(decided.body).toMatchObject({ code: 'consent_not_pending' });
    const askedAt = server.clock.now().toISOString();
    const again = await ask(server, who);
    expect(again.status).toBe(201);

    // Accepted and submitted, the application's history on the desk tells the expiry, by nobody, in its place.
    expect((await decide(server, cookie, newestId(again), { outcome: 'accepted' })).status).toBe(200);
    const sent = await server.call('submitApplication', {
      params: { applicationId: who.applicationId },
      cookie: who.cookie,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const desk = await staffOf(server, 'desk');
    const read = await server.call('getStaffApplication', {
      params: { applicationId: who.applicationId },
      cookie: desk.cookie,
    });
    expect((read.body as { consentSteps: Array<{ step: string; at: string }> }).consentSteps).toEqual([
      { step: 'asked', at: firstAt, teacherId: 103 },
      { step: 'expired', at: expiredAt, teacherId: 103 },
      { step: 'asked', at: askedAt, teacherId: 103 },
      expect.objectContaining({ step: 'accepted', at: askedAt, teacherId: 103 }),
    ]);
  });
});
