// Housekeeping deletes sessions, tokens and rate-limit windows a week (a day for windows, passkey challenges
// and stored files no document holds) past use.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, revokeSession } from '../src/account/sessions.ts';
import { issueToken } from '../src/account/tokens.ts';
import { DatabaseFileStorage } from '../src/application/files/storage.ts';
import { purgeExpired } from '../src/platform/housekeeping.ts';
import { hit } from '../src/platform/rateLimits.ts';
import { startSecondStep } from '../src/account/secondFactors.ts';
import { SAVED_PLAN } from '../src/providerStates/states.ts';
import { openPeriodsFile } from './applications/helpers.ts';
import { register, signIn, startServer, uniqueEmail, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ periodsFile: openPeriodsFile() });
});
afterAll(() => server.close());

describe('housekeeping', () => {
  it('keeps live rows and deletes the ones a week past expiry or use', async () => {
    const { db } = server.services;
    const email = uniqueEmail();
    await register(server, email);
    const live = await signIn(server, email);
    const accountId = (
      await db.query<{ id: string }>('select id::text as id from accounts where email = $1', [email])
    )[0]!.id;
    const revoked = await createSession(db, server.services, accountId);
    await revokeSession(db, server.services, revoked);
    await issueToken(db, server.services, 'registration', { email: uniqueEmail() });
    await hit(db, server.clock, 'test:window', { max: 5, windowMs: 60_000 });
    await startSecondStep(db, accountId, 0, server.clock.now());
    expect((await server.call('startPasskeySignIn')).status).toBe(200);
    // An upload that never got its last chunk, one whose document row was never written, and a document's.
    const storage = new DatabaseFileStorage(db, server.clock);
    const file = (bytes: string) =>
      (async function* () {
        yield Buffer.from(bytes);
      })();
    const cut = storage.write('unfinished', {
      // eslint-disable-next-line require-yield -- a stream that fails before its first chunk
      async *[Symbol.asyncIterator]() {
        throw new Error('connection lost');
      },
    });
    await expect(cut).rejects.toThrow('connection lost');
    await storage.write('no-document', file('%PDF-1.7'));
    await storage.write('a-document', file('%PDF-1.7'));
    // The document's application: a real draft (application_documents references applications).
    expect((await server.call('savePlan', { body: SAVED_PLAN, cookie: live })).status).toBe(200);
    const started = await server.call('startApplication', { body: { studentType: 'master' }, cookie: live });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    await db.query(
      `insert into application_documents (id, application_id, account_id, slot_kind, slot_type_id, file_id,
         display_name, media_type, size, created_at)
       values ('housekeepingdocument00', $3, $1, 'certificate', 311, 'a-document', 'a.pdf',
         'application/pdf', 8, $2)`,
      [accountId, server.clock.now(), (started.body as { id: string }).id],
    );

    const first = await purgeExpired(db, server.clock);
    expect(first).toEqual({
      sessions: 0,
      tokens: 0,
      rateLimits: 0,
      mailBodies: 0,
      mails: 0,
      secondSteps: 0,
      challenges: 0,
      orphanFiles: 0,
    });
    expect((await server.call('getCurrentSession', { cookie: live })).status).toBe(200);

    server.clock.advance(9 * 24 * 60 * 60 * 1000);
    const later = await purgeExpired(db, server.clock);
    expect(later.sessions).toBeGreaterThanOrEqual(2);
    expect(later.tokens).toBeGreaterThanOrEqual(2); // the used registration token and the expired one
    expect(later.rateLimits).toBeGreaterThanOrEqual(1);
    expect(later.secondSteps).toBeGreaterThanOrEqual(1);
    expect(later.challenges).toBeGreaterThanOrEqual(1);
    expect(later.orphanFiles).toBe(2);
    expect(await storage.stat('no-document')).toBeUndefined();
    expect(await storage.stat('a-document')).toEqual({ size: 8, sha256: expect.any(String) });
    expect(await db.query('select 1 from sessions where account_id = $1', [accountId])).toHaveLength(0);
    expect(await db.query('select 1 from accounts where id = $1', [accountId])).toHaveLength(1);
  });

  it('drops a mail body (its link) after three days and the mail after a week, without SMTP', async () => {
    const { db } = server.services;
    const email = uniqueEmail('kept');
    expect((await server.call('requestRegistration', { body: { email } })).status).toBe(202);
    const body = async () =>
      (await db.query<{ body: string | null }>('select body from outbox where to_address = $1', [email]))[0];
    expect((await body())?.body).toContain('/registrations/');

    server.clock.advance(2 * 24 * 60 * 60 * 1000);
    await purgeExpired(db, server.clock);
    expect((await body())?.body).toContain('/registrations/');

    server.clock.advance(2 * 24 * 60 * 60 * 1000);
    expect((await purgeExpired(db, server.clock)).mailBodies).toBeGreaterThanOrEqual(1);
    expect(await body()).toEqual({ body: null });
    const mailbox = (await server.call('listDebugMails')).body as { to: string }[];
    expect(mailbox.map((m) => m.to)).not.toContain(email);

    server.clock.advance(4 * 24 * 60 * 60 * 1000);
    expect((await purgeExpired(db, server.clock)).mails).toBeGreaterThanOrEqual(1);
    expect(await body()).toBeUndefined();
  });
});
