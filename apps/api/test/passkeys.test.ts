// Passkeys and recent sign-in (docs/security.md#passkeys, docs/security.md#recent-sign-in): adding, listing,
// renaming and removing passkeys, signing in with one, and confirming a session, with a software
// authenticator playing the browser's (test/softAuthenticator.ts).
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { findAccount } from '../src/account/accounts.ts';
import { MAX_PASSKEYS } from '../src/account/passkeys.ts';
import {
  PASSWORD,
  register as registerOn,
  serverFixture,
  signIn as signInOn,
  startServer,
  uniqueEmail,
  type Mail,
} from './helpers.ts';
import {
  addPasskey,
  passkeyChallenge,
  sessionOf,
  signInWithPasskey,
  siteCeremony,
  SoftAuthenticator,
} from './softAuthenticator.ts';

const { server, register, signIn, mailbox } = serverFixture();

type Passkey = { id: string; name: string; createdAt: string; lastUsedAt: string | null; synced: boolean };
type Problem = { type: string; status: number; code?: string; errors?: { field: string; code: string }[] };

async function applicant(label = 'pk'): Promise<{ email: string; cookie: string }> {
  const email = uniqueEmail(label);
  await register(email);
  return { email, cookie: await signIn(email) };
}

async function passkeysOf(cookie: string): Promise<Passkey[]> {
  const response = await server.call('listPasskeys', { cookie });
  expect(response.status).toBe(200);
  return (response.body as { passkeys: Passkey[] }).passkeys;
}

const noticesTo = async (email: string, subject: string): Promise<Mail[]> =>
  (await mailbox()).filter((m) => m.to === email && m.subject.includes(subject));

const WINDOW_MS = 300 * 1000;

describe('adding passkeys', () => {
  it('adds a passkey: 201 with its name, listed newest first, the owner is told', async () => {
    const { email, cookie } = await applicant();
    expect(await passkeysOf(cookie)).toEqual([]);
    const first = await addPasskey(server, cookie, new SoftAuthenticator(), '  Pixel 9 (Chrome)  ');
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.stringMatching(/^[0-9]+$/),
      name: 'Pixel 9 (Chrome)',
      createdAt: server.clock.now().toISOString(),
      lastUsedAt: null,
      synced: false,
    });
    server.clock.advance(1000);
    const second = await addPasskey(
      server,
      cookie,
      new SoftAuthenticator({ synced: true }),
      'iCloud キーチェーン',
    );
    expect(second.status).toBe(201);
    expect((second.body as Passkey).synced).toBe(true);
    expect((await passkeysOf(cookie)).map((p) => p.name)).toEqual([
      'iCloud キーチェーン',
      'Pixel 9 (Chrome)',
    ]);
    expect(await noticesTo(email, 'パスキー追加のお知らせ')).toHaveLength(2);
    const [newest] = await noticesTo(email, 'パスキー追加のお知らせ');
    expect(newest!.text).toContain('iCloud キーチェーン');
  });

  it('the creation options: this site as RP, an opaque user handle, user verification, known passkeys excluded', async () => {
    const { email, cookie } = await applicant();
    const authenticator = new SoftAuthenticator();
    expect((await addPasskey(server, cookie, authenticator)).status).toBe(201);
    const response = await server.call('startAddingPasskey', { cookie });
    expect(response.status).toBe(200);
    const options = response.body as {
      rp: { id: string; name: string };
      user: { id: string; name: string };
      excludeCredentials: { id: string }[];
      authenticatorSelection: Record<string, unknown>;
      attestation: string;
    };
    expect(options.rp).toEqual({ id: 'localhost', name: 'Pre-admission Support' });
    expect(options.user.name).toBe(email);
    const account = (await findAccount(server.services.db, email))!;
    // Random bytes: neither the row id nor the address, in any encoding.
    expect(options.user.id).not.toBe(Buffer.from(account.id).toString('base64url'));
    expect(Buffer.from(options.user.id, 'base64url').toString('latin1')).not.toContain(email);
    expect(Buffer.from(options.user.id, 'base64url')).toHaveLength(32);
    expect(options.user.id).toBe(authenticator.userHandle);
    expect(options.excludeCredentials.map((c) => c.id)).toEqual([authenticator.credentialId]);
    expect(options.authenticatorSelection).toEqual({
      residentKey: 'required',
      requireResidentKey: true,
      userVerification: 'required',
    });
    expect(options.attestation).toBe('none');
  });

  it('409 passkey_exists: the same authenticator added twice', async () => {
    const { cookie } = await applicant();
    const authenticator = new SoftAuthenticator();
    expect((await addPasskey(server, cookie, authenticator)).status).toBe(201);
    const again = await addPasskey(server, cookie, authenticator, 'Again');
    expect(again.status).toBe(409);
    expect((again.body as Problem).code).toBe('passkey_exists');
    expect(await passkeysOf(cookie)).toHaveLength(1);
  });

  it('409 passkey_limit: an account holds at most 20 passkeys', async () => {
    const { email, cookie } = await applicant();
    const account = (await findAccount(server.services.db, email))!;
    // The options of the 20th are taken before the 19 others are in; its passkey is then the 20th.
    const pending = await server.call('startAddingPasskey', { cookie });
    expect(pending.status).toBe(200);
    for (let i = 0; i < MAX_PASSKEYS - 1; i += 1) {
      await server.services.db.query(
        `insert into passkeys (account_id, credential_id, public_key, device_type, backed_up, name, created_at)
         values ($1, $2, '\\x00', 'singleDevice', false, $3, $4)`,
        [account.id, randomBytes(16).toString('base64url'), `Key ${i}`, server.clock.now()],
      );
    }
    expect((await addPasskey(server, cookie, new SoftAuthenticator(), 'The 20th')).status).toBe(201);
    const refused = await server.call('startAddingPasskey', { cookie });
    expect(refused.status).toBe(409);
    expect((refused.body as Problem).code).toBe('passkey_limit');
    expect(await passkeysOf(cookie)).toHaveLength(MAX_PASSKEYS);
  });

  it('400 for a name of spaces only; nothing is added', async () => {
    const { cookie } = await applicant();
    const response = await addPasskey(server, cookie, new SoftAuthenticator(), '   ');
    expect(response.status).toBe(400);
    expect(await passkeysOf(cookie)).toEqual([]);
  });

  // The fuzzer's NUL byte in a name answered 500 (PostgreSQL's text refuses it): a control character is 400.
  it('400 invalid_characters for a name with a control character; nothing is added or renamed', async () => {
    const { cookie } = await applicant();
    const response = await addPasskey(server, cookie, new SoftAuthenticator(), 'Phone\u0000');
    expect(response.status).toBe(400);
    expect((response.body as Problem).errors).toEqual([{ field: 'name', code: 'invalid_characters' }]);
    const added = (await addPasskey(server, cookie, new SoftAuthenticator(), 'Phone')).body as Passkey;
    for (const name of ['\u0000', 'a\tb', 'line\nbreak']) {
      const rename = await server.call('renamePasskey', {
        cookie,
        params: { passkeyId: added.id },
        body: { name },
      });
      expect(rename.status, JSON.stringify(name)).toBe(400);
    }
    expect((await passkeysOf(cookie)).map((passkey) => passkey.name)).toEqual(['Phone']);
  });

  it('404 without a session', async () => {
    expect((await server.call('listPasskeys')).status).toBe(404);
    expect((await server.call('startAddingPasskey')).status).toBe(404);
  });
});

describe('renaming and removing', () => {
  it('renames a passkey (no confirmation needed, no notice)', async () => {
    const { email, cookie } = await applicant();
    const added = (await addPasskey(server, cookie, new SoftAuthenticator(), 'Old')).body as Passkey;
    server.clock.advance(WINDOW_MS + 1000);
    const response = await server.call('renamePasskey', {
      cookie,
      params: { passkeyId: added.id },
      body: { name: ' Work laptop ' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...added, name: 'Work laptop' });
    expect((await passkeysOf(cookie)).map((p) => p.name)).toEqual(['Work laptop']);
    expect((await mailbox()).filter((m) => m.to === email && m.subject.includes('パスキー'))).toHaveLength(1); // the added notice only
  });

  it('removes a passkey: 204, gone from the list, the owner is told', async () => {
    const { email, cookie } = await applicant();
    const added = (await addPasskey(server, cookie, new SoftAuthenticator(), 'Phone')).body as Passkey;
    const response = await server.call('removePasskey', { cookie, params: { passkeyId: added.id } });
    expect(response.status).toBe(204);
    expect(await passkeysOf(cookie)).toEqual([]);
    const [removed] = await noticesTo(email, 'パスキー削除のお知らせ');
    expect(removed!.text).toContain('Phone');
  });

  it("404 passkey_not_found: an unknown id, one removed meanwhile, another account's", async () => {
    const owner = await applicant('owner');
    const other = await applicant('other');
    const added = (await addPasskey(server, owner.cookie, new SoftAuthenticator())).body as Passkey;
    for (const [cookie, passkeyId] of [
      [owner.cookie, '999999999999'],
      [other.cookie, added.id],
    ] as const) {
      const rename = await server.call('renamePasskey', {
        cookie,
        params: { passkeyId },
        body: { name: 'X' },
      });
      expect(rename.status).toBe(404);
      expect((rename.body as Problem).code).toBe('passkey_not_found');
      const remove = await server.call('removePasskey', { cookie, params: { passkeyId } });
      expect(remove.status).toBe(404);
      expect((remove.body as Problem).code).toBe('passkey_not_found');
    }
    expect((await passkeysOf(owner.cookie)).map((p) => p.name)).toEqual(['Test key']);
    expect(
      (await server.call('removePasskey', { cookie: owner.cookie, params: { passkeyId: added.id } })).status,
    ).toBe(204);
    const again = await server.call('removePasskey', {
      cookie: owner.cookie,
      params: { passkeyId: added.id },
    });
    expect((again.body as Problem).code).toBe('passkey_not_found');
  });
});

describe('signing in with a passkey', () => {
  it('200 with a session that works; the counter and the last use are stored; only the session cookie is set', async () => {
    const { email, cookie } = await applicant();
    const authenticator = new SoftAuthenticator();
    const added = (await addPasskey(server, cookie, authenticator)).body as Passkey;
    server.clock.advance(60_000);
    const response = await signInWithPasskey(server, authenticator);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ signedIn: true, email });
    // One cookie, the session's: the challenge cookie names a used-up challenge and expires by itself.
    expect(response.setCookie.map((c) => c.split('=')[0])).toEqual(['pre_admission_session']);
    const session = await server.call('getCurrentSession', { cookie: sessionOf(response) });
    expect(session.status).toBe(200);
    expect((session.body as { email: string }).email).toBe(email);
    const [stored] = await server.services.db.query<{ counter: string | number }>(
      'select counter from passkeys where id = $1',
      [added.id],
    );
    expect(Number(stored!.counter)).toBe(1);
    expect(authenticator.counter).toBe(1);
    const [listed] = await passkeysOf(cookie);
    expect(listed!.lastUsedAt).toBe(server.clock.now().toISOString());
  });

  it('the backup state is stored again at every use: a passkey backed up later shows as synced', async () => {
    const { cookie } = await applicant();
    const authenticator = new SoftAuthenticator();
    await addPasskey(server, cookie, authenticator);
    expect((await passkeysOf(cookie))[0]!.synced).toBe(false);
    const response = await signInWithPasskey(server, authenticator, {
      backup: { eligible: true, backedUp: true },
    });
    expect(response.status).toBe(200);
    expect((await passkeysOf(cookie))[0]!.synced).toBe(true);
  });

  it('a synced passkey (counter always 0) signs in again and again', async () => {
    const { cookie } = await applicant();
    const authenticator = new SoftAuthenticator({ synced: true });
    await addPasskey(server, cookie, authenticator);
    for (let i = 0; i < 3; i += 1) expect((await signInWithPasskey(server, authenticator)).status).toBe(200);
  });

  it('the challenge options: this RP, user verification required, no credentials listed, a cookie for two minutes', async () => {
    const response = await server.call('startPasskeySignIn');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      timeout: 120000,
      rpId: 'localhost',
      userVerification: 'required',
      allowCredentials: [],
    });
    const cookie = response.setCookie.find((c) => c.startsWith('pre_admission_challenge='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).toMatch(/Max-Age=120/);
    expect(cookie).toMatch(/Path=\//);
  });

  it('a new challenge for the same browser ends its previous one', async () => {
    const { cookie } = await applicant();
    const authenticator = new SoftAuthenticator({ synced: true });
    await addPasskey(server, cookie, authenticator);
    const first = await passkeyChallenge(server);
    const second = await passkeyChallenge(server, { cookie: first.cookie });
    const overFirst = authenticator.assert(siteCeremony(server, first.challenge));
    expect((await server.call('passkeySignIn', { cookie: first.cookie, body: overFirst })).status).toBe(403);
    const overSecond = authenticator.assert(siteCeremony(server, second.challenge));
    expect((await server.call('passkeySignIn', { cookie: second.cookie, body: overSecond })).status).toBe(
      200,
    );
  });

  it('a passkey sign-in starts a session confirmed now', async () => {
    const { cookie } = await applicant();
    const authenticator = new SoftAuthenticator();
    await addPasskey(server, cookie, authenticator);
    server.clock.advance(WINDOW_MS * 2);
    const response = await signInWithPasskey(server, authenticator);
    const session = await server.call('getCurrentSession', { cookie: sessionOf(response) });
    expect((session.body as { confirmedUntil: string }).confirmedUntil).toBe(
      new Date(server.clock.now().getTime() + WINDOW_MS).toISOString(),
    );
  });
});

describe('recent sign-in (confirmation)', () => {
  it('confirmedUntil is the sign-in plus CONFIRMATION_WINDOW_SECONDS', async () => {
    const { cookie } = await applicant();
    const signedInAt = server.clock.now().getTime();
    const session = await server.call('getCurrentSession', { cookie });
    expect((session.body as { confirmedUntil: string }).confirmedUntil).toBe(
      new Date(signedInAt + WINDOW_MS).toISOString(),
    );
  });

  it('403 confirmation_required once the window has passed, for adding and removing; renaming and listing still work', async () => {
    const { cookie } = await applicant();
    const added = (await addPasskey(server, cookie, new SoftAuthenticator())).body as Passkey;
    server.clock.advance(WINDOW_MS - 1000);
    expect((await server.call('startAddingPasskey', { cookie })).status).toBe(200);
    server.clock.advance(1000);
    for (const response of [
      await server.call('startAddingPasskey', { cookie }),
      await server.call('removePasskey', { cookie, params: { passkeyId: added.id } }),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({
        type: 'urn:pre-admission:problem:confirmation-required',
        code: 'confirmation_required',
      });
    }
    expect(await passkeysOf(cookie)).toHaveLength(1);
    const rename = await server.call('renamePasskey', {
      cookie,
      params: { passkeyId: added.id },
      body: { name: 'R' },
    });
    expect(rename.status).toBe(200);
  });

  it('an attestation made inside the window is refused when it arrives after it', async () => {
    const { cookie } = await applicant();
    const options = await server.call('startAddingPasskey', { cookie });
    const { challenge, user } = options.body as { challenge: string; user: { id: string } };
    const credential = new SoftAuthenticator().register({
      ...siteCeremony(server, challenge),
      userHandle: user.id,
    });
    server.clock.advance(WINDOW_MS);
    const response = await server.call('addPasskey', { cookie, body: { name: 'Late', credential } });
    expect(response.status).toBe(403);
    expect((response.body as Problem).code).toBe('confirmation_required');
  });

  it('confirms with the password: 200 with the new confirmedUntil, and the change goes through', async () => {
    const { cookie } = await applicant();
    server.clock.advance(WINDOW_MS * 3);
    expect((await server.call('startAddingPasskey', { cookie })).status).toBe(403);
    const wrong = await server.call('confirmSignIn', { cookie, body: { password: 'Wrong0password' } });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({
      type: 'urn:pre-admission:problem:wrong-password',
      code: 'wrong_password',
    });
    const response = await server.call('confirmSignIn', { cookie, body: { password: PASSWORD } });
    expect(response.status).toBe(200);
    expect((response.body as { confirmedUntil: string }).confirmedUntil).toBe(
      new Date(server.clock.now().getTime() + WINDOW_MS).toISOString(),
    );
    expect((await addPasskey(server, cookie, new SoftAuthenticator())).status).toBe(201);
  });

  it('confirms with a passkey of the account: 200, its last use is stored', async () => {
    const { cookie } = await applicant();
    const authenticator = new SoftAuthenticator();
    await addPasskey(server, cookie, authenticator);
    server.clock.advance(WINDOW_MS * 3);
    const { cookie: challengeCookie, challenge } = await passkeyChallenge(server);
    const response = await server.call('confirmSignIn', {
      cookie: `${cookie}; ${challengeCookie}`,
      body: { passkey: authenticator.assert(siteCeremony(server, challenge)) },
    });
    expect(response.status).toBe(200);
    expect((response.body as { confirmedUntil: string }).confirmedUntil).toBe(
      new Date(server.clock.now().getTime() + WINDOW_MS).toISOString(),
    );
    expect((await passkeysOf(cookie))[0]!.lastUsedAt).toBe(server.clock.now().toISOString());
    expect((await server.call('startAddingPasskey', { cookie })).status).toBe(200);
  });

  it('404 without a session', async () => {
    expect((await server.call('confirmSignIn', { body: { password: PASSWORD } })).status).toBe(404);
  });
});

describe('audit events', () => {
  type Line = {
    audit?: boolean;
    event?: string;
    outcome?: string;
    method?: string;
    passkeyId?: string;
    mail?: string;
    accountId?: string;
  };
  const eventsSince = (from: number) =>
    server.logs.lines
      .slice(from)
      .map((line) => JSON.parse(line) as Line)
      .filter((line) => line.audit)
      .map(({ event, outcome, method, passkeyId, mail, accountId }) => ({
        event,
        outcome,
        method,
        passkeyId,
        mail,
        accountId,
      }));

  it('adding, signing in, confirming, renaming and removing each write theirs', async () => {
    const { email, cookie } = await applicant('audited');
    const accountId = (await findAccount(server.services.db, email))!.id;
    const authenticator = new SoftAuthenticator();
    let from = server.logs.lines.length;
    const added = (await addPasskey(server, cookie, authenticator)).body as Passkey;
    const none = { outcome: undefined, method: undefined, passkeyId: undefined, mail: undefined };
    expect(eventsSince(from)).toEqual([
      { ...none, event: 'passkey.added', outcome: 'succeeded', passkeyId: added.id, accountId },
      { ...none, event: 'notice.queued', mail: 'passkeyAddedNotice', accountId },
    ]);
    from = server.logs.lines.length;
    await signInWithPasskey(server, authenticator);
    await server.call('confirmSignIn', { cookie, body: { password: PASSWORD } });
    await server.call('renamePasskey', { cookie, params: { passkeyId: added.id }, body: { name: 'R' } });
    await server.call('removePasskey', { cookie, params: { passkeyId: added.id } });
    expect(eventsSince(from)).toEqual([
      { ...none, event: 'sign-in.passkey', outcome: 'succeeded', accountId },
      { ...none, event: 'session.confirmed', outcome: 'succeeded', method: 'password', accountId },
      { ...none, event: 'passkey.renamed', passkeyId: added.id, accountId },
      { ...none, event: 'passkey.removed', passkeyId: added.id, accountId },
      { ...none, event: 'notice.queued', mail: 'passkeyRemovedNotice', accountId },
    ]);
  });
});

describe('REQUIRE_SECOND_FACTOR', () => {
  it('the last second factor cannot be removed: 409 last_second_factor; another passkey can', async () => {
    const required = await startServer({ ...server.config, requireSecondFactor: true }, server);
    try {
      const email = uniqueEmail('required');
      await registerOn(required, email);
      const cookie = await signInOn(required, email);
      const first = (await addPasskey(required, cookie, new SoftAuthenticator(), 'First')).body as Passkey;
      const second = (await addPasskey(required, cookie, new SoftAuthenticator(), 'Second')).body as Passkey;
      expect((await required.call('removePasskey', { cookie, params: { passkeyId: first.id } })).status).toBe(
        204,
      );
      const last = await required.call('removePasskey', { cookie, params: { passkeyId: second.id } });
      expect(last.status).toBe(409);
      expect(last.body).toMatchObject({
        type: 'urn:pre-admission:problem:conflict',
        code: 'last_second_factor',
      });
      const list = (await required.call('listPasskeys', { cookie })).body as { passkeys: Passkey[] };
      expect(list.passkeys.map((p) => p.name)).toEqual(['Second']);
    } finally {
      await required.close();
    }
  });
});
