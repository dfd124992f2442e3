// Issue 28, attacks on passkeys (docs/security.md#passkeys, docs/security.md#recent-sign-in): what an attacker
// who has seen or can make WebAuthn responses tries. Each is refused with 403 `passkey_refused` and changes
// nothing; the reason is audited, the response never.
import { describe, expect, it } from 'vitest';
import { PASSWORD, serverFixture, startServer, uniqueEmail, type CallResult } from '../helpers.ts';
import {
  addPasskey,
  passkeyChallenge,
  sessionOf,
  signInWithPasskey,
  siteCeremony,
  SoftAuthenticator,
  type Knobs,
} from '../softAuthenticator.ts';

const { server, register, signIn, latestToken } = serverFixture();

interface Owner {
  email: string;
  /** A signed-in session of the owner. */
  cookie: string;
  authenticator: SoftAuthenticator;
}

async function ownerWithPasskey(options: { synced?: boolean } = {}): Promise<Owner> {
  const email = uniqueEmail('victim');
  await register(email);
  const cookie = await signIn(email);
  const authenticator = new SoftAuthenticator(options);
  expect((await addPasskey(server, cookie, authenticator)).status).toBe(201);
  return { email, cookie, authenticator };
}

function expectRefused(response: CallResult): void {
  expect(response.status).toBe(403);
  expect(response.body).toMatchObject({
    type: 'urn:pre-admission:problem:passkey-refused',
    code: 'passkey_refused',
  });
  expect(response.sessionCookie ?? '').toBe('');
}

/** The audited reasons of refused passkeys since `from` (a line count). */
const refusalsSince = (from: number): string[] =>
  server.logs.lines
    .slice(from)
    .map((line) => JSON.parse(line) as { audit?: boolean; event?: string; outcome?: string; reason?: string })
    .filter((line) => line.audit && line.outcome === 'failed' && line.event === 'sign-in.passkey')
    .map((line) => line.reason!);

/** Signs in with an assertion made with `knobs` over this browser's own challenge. */
async function signInWith(
  owner: Owner,
  knobs: Knobs,
  ceremony: Partial<{ origin: string; rpId: string }> = {},
) {
  const { cookie, challenge } = await passkeyChallenge(server);
  const assertion = owner.authenticator.assert({ ...siteCeremony(server, challenge), ...ceremony }, knobs);
  return server.call('passkeySignIn', { cookie, body: assertion });
}

describe('passkey sign-in attacks', () => {
  it('a replayed assertion (the same body and cookie twice): the second is refused', async () => {
    const owner = await ownerWithPasskey({ synced: true });
    const { cookie, challenge } = await passkeyChallenge(server);
    const assertion = owner.authenticator.assert(siteCeremony(server, challenge));
    expect((await server.call('passkeySignIn', { cookie, body: assertion })).status).toBe(200);
    const lines = server.logs.lines.length;
    expectRefused(await server.call('passkeySignIn', { cookie, body: assertion }));
    expect(refusalsSince(lines)).toEqual(['no-challenge']);
  });

  it('two requests at once with one challenge: one signs in, the other is refused', async () => {
    const owner = await ownerWithPasskey({ synced: true });
    const { cookie, challenge } = await passkeyChallenge(server);
    const assertion = owner.authenticator.assert(siteCeremony(server, challenge));
    const results = await Promise.all([
      server.call('passkeySignIn', { cookie, body: assertion }),
      server.call('passkeySignIn', { cookie, body: assertion }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
  });

  it("a challenge from another browser: the assertion over B's challenge sent with A's cookie is refused", async () => {
    const owner = await ownerWithPasskey({ synced: true });
    const browserA = await passkeyChallenge(server);
    const browserB = await passkeyChallenge(server);
    const overB = owner.authenticator.assert(siteCeremony(server, browserB.challenge));
    const lines = server.logs.lines.length;
    expectRefused(await server.call('passkeySignIn', { cookie: browserA.cookie, body: overB }));
    expect(refusalsSince(lines)).toEqual(['wrong-challenge']);
    // And without any challenge cookie at all.
    expectRefused(await server.call('passkeySignIn', { body: overB }));
    // A's challenge was used up by the refused attempt: B's cookie still works for B's own challenge.
    expect((await server.call('passkeySignIn', { cookie: browserB.cookie, body: overB })).status).toBe(200);
  });

  it('a response made for another origin (a phishing page) is refused', async () => {
    const owner = await ownerWithPasskey();
    const lines = server.logs.lines.length;
    expectRefused(await signInWith(owner, {}, { origin: 'https://evil.example' }));
    expectRefused(await signInWith(owner, {}, { origin: 'http://localhost:8081' }));
    expect(refusalsSince(lines)).toEqual(['wrong-origin', 'wrong-origin']);
  });

  it('an RP id hash of another site (a passkey of evil.example) is refused', async () => {
    const owner = await ownerWithPasskey();
    const lines = server.logs.lines.length;
    expectRefused(await signInWith(owner, {}, { rpId: 'evil.example' }));
    expect(refusalsSince(lines)).toEqual(['wrong-rp-id']);
  });

  it('no user verification (the UV flag missing) is refused', async () => {
    const owner = await ownerWithPasskey();
    const lines = server.logs.lines.length;
    expectRefused(await signInWith(owner, { userVerified: false }));
    expect(refusalsSince(lines)).toEqual(['no-user-verification']);
  });

  it('a signature counter that goes back (or stands still) is refused: a cloned authenticator', async () => {
    const owner = await ownerWithPasskey();
    expect((await signInWithPasskey(server, owner.authenticator)).status).toBe(200); // counter 1
    expect((await signInWithPasskey(server, owner.authenticator)).status).toBe(200); // counter 2
    const lines = server.logs.lines.length;
    expectRefused(await signInWith(owner, { counter: 1 }));
    expectRefused(await signInWith(owner, { counter: 2 }));
    expect(refusalsSince(lines)).toEqual(['counter-went-back', 'counter-went-back']);
    // The stored counter did not move back.
    const [row] = await server.services.db.query<{ counter: string | number }>(
      'select counter from passkeys where credential_id = $1',
      [owner.authenticator.credentialId],
    );
    expect(Number(row!.counter)).toBe(2);
  });

  it('an expired challenge (older than two minutes) is refused', async () => {
    const owner = await ownerWithPasskey({ synced: true });
    const { cookie, challenge } = await passkeyChallenge(server);
    server.clock.advance(2 * 60 * 1000 + 1);
    const lines = server.logs.lines.length;
    const response = await server.call('passkeySignIn', {
      cookie,
      body: owner.authenticator.assert(siteCeremony(server, challenge)),
    });
    expectRefused(response);
    expect(refusalsSince(lines)).toEqual(['no-challenge']);
  });

  it("an assertion that names another account's user handle, or a made-up credential, is refused", async () => {
    const owner = await ownerWithPasskey({ synced: true });
    const lines = server.logs.lines.length;
    expectRefused(await signInWith(owner, { userHandle: Buffer.alloc(32, 7).toString('base64url') }));
    expectRefused(await signInWithPasskey(server, new SoftAuthenticator()));
    expect(refusalsSince(lines)).toEqual(['wrong-user-handle', 'unknown-credential']);
  });

  it('backup flags that cannot be (backed up, not eligible) are refused', async () => {
    const owner = await ownerWithPasskey();
    const lines = server.logs.lines.length;
    expectRefused(await signInWith(owner, { backup: { eligible: false, backedUp: true } }));
    expect(refusalsSince(lines)).toEqual(['bad-backup-flags']);
  });

  it("a registration's response (webauthn.create) offered as an assertion is refused", async () => {
    const owner = await ownerWithPasskey({ synced: true });
    expectRefused(await signInWith(owner, { type: 'webauthn.create' }));
  });

  it('a signature by another key over the right data is refused', async () => {
    const owner = await ownerWithPasskey({ synced: true });
    const { cookie, challenge } = await passkeyChallenge(server);
    const genuine = owner.authenticator.assert(siteCeremony(server, challenge));
    const forger = new SoftAuthenticator({ synced: true });
    const forged = forger.assert(siteCeremony(server, challenge));
    const response = await server.call('passkeySignIn', {
      cookie,
      body: { ...genuine, response: { ...genuine.response, signature: forged.response.signature } },
    });
    expectRefused(response);
  });

  it('refused passkeys take the slots of wrong passwords: the client is limited', async () => {
    const ip = '203.0.113.77';
    const max = server.config.limits.signInFailuresPerClient.max;
    for (let i = 0; i < max; i += 1) {
      const { cookie } = await passkeyChallenge(server, { ip });
      const response = await server.call('passkeySignIn', {
        cookie,
        ip,
        body: new SoftAuthenticator().assert(siteCeremony(server, 'AAAA')),
      });
      expect(response.status).toBe(403);
    }
    const { cookie } = await passkeyChallenge(server, { ip });
    const limited = await server.call('passkeySignIn', {
      cookie,
      ip,
      body: new SoftAuthenticator().assert(siteCeremony(server, 'AAAA')),
    });
    expect(limited.status).toBe(429);
  });

  it("a client cannot fill the challenge table: its challenges are counted (429), not its sign-ins'", async () => {
    const limits = {
      ...server.config.limits,
      passkeyChallengesPerClient: { max: 3, windowMs: 15 * 60 * 1000 },
    };
    const limited = await startServer({ ...server.config, limits }, server);
    try {
      const ip = '198.51.100.23';
      for (let i = 0; i < 3; i += 1)
        expect((await limited.call('startPasskeySignIn', { ip })).status).toBe(200);
      const refused = await limited.call('startPasskeySignIn', { ip });
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await limited.call('startPasskeySignIn', { ip: '198.51.100.24' })).status).toBe(200);
      const [attempts] = await limited.services.db.query<{ count: number }>(
        'select count from rate_limits where key = $1',
        [`sign-in:attempts-client:${ip}`],
      );
      expect(attempts).toBeUndefined();
    } finally {
      await limited.close();
    }
  });

  it('the audit log names the reason and never carries the assertion', async () => {
    const owner = await ownerWithPasskey();
    const lines = server.logs.lines.length;
    const { cookie, challenge } = await passkeyChallenge(server);
    const assertion = owner.authenticator.assert(siteCeremony(server, challenge), { userVerified: false });
    await server.call('passkeySignIn', { cookie, body: assertion });
    const logged = server.logs.lines.slice(lines).join('\n');
    expect(logged).toContain('no-user-verification');
    expect(logged).not.toContain(assertion.response.signature);
    expect(logged).not.toContain(assertion.response.clientDataJSON);
    expect(logged).not.toContain(challenge);
    expect(logged).not.toContain(cookie.split('=')[1]!);
  });
});

describe('confirmation and adding attacks', () => {
  it("a passkey of account B cannot confirm account A's session", async () => {
    const victim = await ownerWithPasskey();
    const attacker = await ownerWithPasskey();
    server.clock.advance(10 * 60 * 1000);
    const before = (await server.call('getCurrentSession', { cookie: victim.cookie })).body as {
      confirmedUntil: string;
    };
    const { cookie: challengeCookie, challenge } = await passkeyChallenge(server);
    const lines = server.logs.lines.length;
    const response = await server.call('confirmSignIn', {
      cookie: `${victim.cookie}; ${challengeCookie}`,
      body: { passkey: attacker.authenticator.assert(siteCeremony(server, challenge)) },
    });
    expectRefused(response);
    expect(refusalsSince(lines)).toEqual(['other-account']);
    const after = (await server.call('getCurrentSession', { cookie: victim.cookie })).body as {
      confirmedUntil: string;
    };
    expect(after.confirmedUntil).toBe(before.confirmedUntil);
    expect((await server.call('startAddingPasskey', { cookie: victim.cookie })).status).toBe(403);
  });

  it("an attestation over another session's challenge is refused (the challenge is bound to the session)", async () => {
    const email = uniqueEmail('adder');
    await register(email);
    const sessionA = await signIn(email);
    const sessionB = await signIn(email);
    const options = await server.call('startAddingPasskey', { cookie: sessionA });
    const { challenge, user } = options.body as { challenge: string; user: { id: string } };
    const credential = new SoftAuthenticator().register({
      ...siteCeremony(server, challenge),
      userHandle: user.id,
    });
    expectRefused(
      await server.call('addPasskey', { cookie: sessionB, body: { name: 'Planted', credential } }),
    );
    // B's own challenge does not accept A's response either.
    await server.call('startAddingPasskey', { cookie: sessionB });
    expectRefused(
      await server.call('addPasskey', { cookie: sessionB, body: { name: 'Planted', credential } }),
    );
    expect(
      ((await server.call('listPasskeys', { cookie: sessionA })).body as { passkeys: [] }).passkeys,
    ).toEqual([]);
  });

  it('an attestation for another origin, without user verification, or replayed is refused', async () => {
    const email = uniqueEmail('adder');
    await register(email);
    const cookie = await signIn(email);
    const attempt = async (ceremony: { origin?: string }, knobs: Knobs = {}) => {
      const options = await server.call('startAddingPasskey', { cookie });
      const { challenge, user } = options.body as { challenge: string; user: { id: string } };
      const credential = new SoftAuthenticator().register(
        { ...siteCeremony(server, challenge), userHandle: user.id, ...ceremony },
        knobs,
      );
      return {
        credential,
        response: await server.call('addPasskey', { cookie, body: { name: 'K', credential } }),
      };
    };
    expectRefused((await attempt({ origin: 'https://evil.example' })).response);
    expectRefused((await attempt({}, { userVerified: false })).response);
    const { credential, response } = await attempt({});
    expect(response.status).toBe(201);
    // The same response again: its challenge is used up.
    expectRefused(await server.call('addPasskey', { cookie, body: { name: 'K2', credential } }));
  });

  it('a password change ends the sessions a passkey started (credential version); the passkey still signs in', async () => {
    const owner = await ownerWithPasskey({ synced: true });
    const byPasskey = await signInWithPasskey(server, owner.authenticator);
    expect(byPasskey.status).toBe(200);
    const changed = await server.call('changePassword', {
      cookie: owner.cookie,
      body: { currentPassword: PASSWORD, newPassword: 'Zh4mQw8rTx' },
    });
    expect(changed.status).toBe(204);
    const stale = await server.call('getCurrentSession', { cookie: sessionOf(byPasskey) });
    expect(stale.status).toBe(403);
    expect((stale.body as { type: string }).type).toBe('urn:pre-admission:problem:session-revoked');
    const again = await signInWithPasskey(server, owner.authenticator);
    expect(again.status).toBe(200);
    expect((await server.call('getCurrentSession', { cookie: sessionOf(again) })).status).toBe(200);
  });

  it('an e-mail change ends the sessions a passkey started too', async () => {
    const owner = await ownerWithPasskey({ synced: true });
    const byPasskey = await signInWithPasskey(server, owner.authenticator);
    const newEmail = uniqueEmail('moved');
    const requested = await server.call('requestEmailChange', {
      body: { email: newEmail },
      cookie: owner.cookie,
    });
    expect(requested.status).toBe(202);
    const token = await latestToken(newEmail, 'change-email-requests');
    expect(
      (await server.call('activateEmailChange', { params: { token }, cookie: owner.cookie })).status,
    ).toBe(204);
    expect((await server.call('getCurrentSession', { cookie: sessionOf(byPasskey) })).status).toBe(403);
  });
});
