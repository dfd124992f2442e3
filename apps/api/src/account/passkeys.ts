// Passkeys (WebAuthn) with @simplewebauthn/server: challenges stored server-side, single-use and short-lived,
// bound to the browser that asked (sign-in, confirmation, the second step) or to the session (adding one);
// origin and RP id from PUBLIC_URL; user verification required; the signature counter and the backup flags
// checked and kept as the library advises (docs/security.md#passkeys).
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { components } from '@pre-admission/api/schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { audit } from '../platform/audit.ts';
import type { Queryable } from '../platform/db.ts';
import { problems } from '../platform/problem.ts';
import { hashSecret, newSecret } from '../platform/secrets.ts';
import type { Services } from '../services.ts';
import { applicantRealm, perRealm, type Realm } from './realm.ts';

type Schemas = components['schemas'];
export type PasskeyAssertion = Schemas['PasskeyAssertion'];
export type PasskeyAttestation = Schemas['PasskeyAttestation'];

/** Shown by the operating system's passkey dialog; fixed English, as the OS shows it beside its own text. */
export const RP_NAME = 'Pre-admission Support';
/** How long a challenge is good for (the browser's timeout too): two minutes. */
export const CHALLENGE_LIFETIME_MS = 2 * 60 * 1000;
/** An account holds at most this many passkeys (openapi.yaml PasskeyList). */
export const MAX_PASSKEYS = 20;
/**
 * ES256, EdDSA, RS256: what passkey providers make. Named rather than the library's default, which grows
 * with the runtime (ML-DSA where Node has it) and so could differ between the options and the check.
 */
const ALGORITHMS = [-7, -8, -257];

/** The relying party: PUBLIC_URL's host is the RP id, its origin the only origin accepted. */
export function relyingParty(s: Pick<Services, 'config'>): { rpID: string; origin: string } {
  const url = new URL(s.config.publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

type PasskeyRow = {
  id: string;
  account_id: string;
  public_key: Uint8Array;
  counter: string | number;
  transports: string[];
  webauthn_user_id: string | null;
};

/** A passkey as openapi.yaml's Passkey shows it, read with PASSKEY_COLUMNS. */
export type StoredPasskeyRow = {
  id: string;
  name: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
  backed_up: boolean;
};
export const PASSKEY_COLUMNS = 'id::text as id, name, created_at, last_used_at, backed_up';

export const toPasskey = (row: StoredPasskeyRow): Schemas['Passkey'] => ({
  id: row.id,
  name: row.name,
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
  synced: row.backed_up,
});

/** Why a passkey was refused, for the audit log only (the applicant is told `passkey_refused`). */
function refusalReason(error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  if (/challenge/i.test(message)) return 'wrong-challenge';
  if (/origin/i.test(message)) return 'wrong-origin';
  if (/RP ID/.test(message)) return 'wrong-rp-id';
  if (/User verification/i.test(message)) return 'no-user-verification';
  if (/not present/i.test(message)) return 'no-user-presence';
  if (/counter/i.test(message)) return 'counter-went-back';
  if (/backed up|backup/i.test(message)) return 'bad-backup-flags';
  if (/type/i.test(message)) return 'wrong-type';
  return 'malformed';
}

export interface NewCredential {
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  deviceType: 'singleDevice' | 'multiDevice';
  backedUp: boolean;
}

/** The passkeys of one realm (realm.ts): its tables and its challenge cookie; the plain exports are the applicants'. */
export const passkeysIn = perRealm((realm: Realm) => {
  const t = realm.tables;
  const cookie = realm.cookies.challenge;

  /** `__Host-` over https, as the session cookie (services.ts sessionCookieName): no sibling can plant it. */
  function challengeCookieName(s: Pick<Services, 'config'>): string {
    return s.config.publicUrl.startsWith('https:') ? `__Host-${cookie}` : cookie;
  }

  function challengeCookieOptions(s: Services, request: FastifyRequest) {
    const hostOnly = challengeCookieName(s) !== cookie;
    return {
      path: hostOnly ? '/' : s.config.basePath || '/',
      httpOnly: true,
      // Strict: no other site's page can make the browser send it along (the assertion is posted same-site).
      sameSite: 'strict' as const,
      secure: request.protocol === 'https' || s.config.publicUrl.startsWith('https:'),
    };
  }

  function clearChallengeCookie(s: Services, request: FastifyRequest, reply: FastifyReply): void {
    reply.clearCookie(challengeCookieName(s), challengeCookieOptions(s, request));
  }

  // Sign-in, confirmation and the second step: a challenge for this browser --------------------------------

  /**
   * WebAuthn request options with a fresh challenge, stored under the hash of a random id that only the
   * browser's challenge cookie holds. The browser's previous challenge, if any, is used up: one at a time.
   */
  async function startPasskeyChallenge(
    s: Services,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<Schemas['PasskeyRequestOptions']> {
    const now = s.clock.now();
    const previous = request.cookies[challengeCookieName(s)];
    if (previous) await endChallenge(s.db, hashSecret(previous), now);
    const options = await generateAuthenticationOptions({
      rpID: relyingParty(s).rpID,
      userVerification: 'required',
      timeout: CHALLENGE_LIFETIME_MS,
    });
    const id = newSecret();
    await s.db.query(
      `insert into ${t.challenges} (id_hash, purpose, challenge, created_at, expires_at)
       values ($1, 'signIn', $2, $3, $4)`,
      [hashSecret(id), options.challenge, now, new Date(now.getTime() + CHALLENGE_LIFETIME_MS)],
    );
    reply.setCookie(challengeCookieName(s), id, {
      ...challengeCookieOptions(s, request),
      maxAge: CHALLENGE_LIFETIME_MS / 1000,
    });
    return {
      challenge: options.challenge,
      timeout: CHALLENGE_LIFETIME_MS,
      rpId: relyingParty(s).rpID,
      userVerification: 'required',
      allowCredentials: [],
    };
  }

  async function endChallenge(db: Queryable, idHash: string, now: Date): Promise<void> {
    await db.query(`update ${t.challenges} set used_at = $2 where id_hash = $1 and used_at is null`, [
      idHash,
      now,
    ]);
  }

  /**
   * The challenge of the browser's cookie, used up by the statement that reads it (of two requests with the
   * same cookie, one gets it), whatever the verification then says. Undefined without a live one.
   */
  async function consumeBrowserChallenge(s: Services, request: FastifyRequest): Promise<string | undefined> {
    const id = request.cookies[challengeCookieName(s)];
    if (!id) return undefined;
    const rows = await s.db.query<{ challenge: string }>(
      `update ${t.challenges} set used_at = $2
        where id_hash = $1 and purpose = 'signIn' and used_at is null and expires_at > $2
        returning challenge`,
      [hashSecret(id), s.clock.now()],
    );
    return rows[0]?.challenge;
  }

  /**
   * Verifies a passkey's assertion over the challenge of the browser's challenge cookie (used up whatever the
   * outcome): origin and RP id from PUBLIC_URL, user verification, the user handle, the stored public key and
   * the signature counter. On success the passkey's counter, backup state and last use are stored. Any failure
   * is 403 `passkey_refused`, its reason audited as a failed `sign-in.passkey` (never the assertion). With
   * `accountId`, a passkey of another account is refused (confirmation, the second step).
   *
   * Takes no rate-limit slot: the caller takes its operation's.
   */
  async function verifyPasskeyAssertion(
    s: Services,
    request: FastifyRequest,
    assertion: PasskeyAssertion,
    options: { accountId?: string },
  ): Promise<{ accountId: string; passkeyId: string }> {
    const refuse = (reason: string, accountId?: string) => {
      audit(request, 'sign-in.passkey', { outcome: 'failed', reason, accountId }, realm.name);
      return problems.passkeyRefused();
    };
    const challenge = await consumeBrowserChallenge(s, request);
    if (!challenge) throw refuse('no-challenge', options.accountId);
    if (assertion.id !== assertion.rawId) throw refuse('malformed', options.accountId);
    const rows = await s.db.query<PasskeyRow>(
      `select p.id::text as id, p.account_id::text as account_id, p.public_key, p.counter, p.transports,
              a.webauthn_user_id
         from ${t.passkeys} p join ${t.accounts} a on a.id = p.account_id
        where p.credential_id = $1`,
      [assertion.id],
    );
    const passkey = rows[0];
    if (!passkey) throw refuse('unknown-credential', options.accountId);
    if (options.accountId !== undefined && passkey.account_id !== options.accountId)
      throw refuse('other-account', options.accountId);
    // The authenticator names the account it holds the passkey for; it must be the passkey's owner.
    const userHandle = assertion.response.userHandle;
    if (userHandle !== undefined && userHandle !== passkey.webauthn_user_id)
      throw refuse('wrong-user-handle', passkey.account_id);
    const { rpID, origin } = relyingParty(s);
    const storedCounter = Number(passkey.counter);
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response: {
          ...assertion,
          clientExtensionResults: assertion.clientExtensionResults ?? {},
        } as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
        credential: {
          id: assertion.id,
          publicKey: new Uint8Array(passkey.public_key),
          counter: storedCounter,
          transports: passkey.transports,
        },
      });
    } catch (error) {
      throw refuse(refusalReason(error), passkey.account_id);
    }
    if (!verified.verified) throw refuse('bad-signature', passkey.account_id);
    const info = verified.authenticationInfo;
    // From the counter the check read: two uses of one authenticator at once cannot both move it back.
    const updated = await s.db.query(
      `update ${t.passkeys} set counter = $2, backed_up = $3, device_type = $4, last_used_at = $5
        where id = $1 and counter = $6 returning 1`,
      [
        passkey.id,
        info.newCounter,
        info.credentialBackedUp,
        info.credentialDeviceType,
        s.clock.now(),
        storedCounter,
      ],
    );
    if (updated.length !== 1) throw refuse('counter-went-back', passkey.account_id);
    return { accountId: passkey.account_id, passkeyId: passkey.id };
  }

  // Adding a passkey: a challenge for this session ----------------------------------------------------------

  /** The account's opaque WebAuthn user handle (32 random bytes, base64url), made when first needed. */
  async function userHandleOf(db: Queryable, accountId: string): Promise<string> {
    const rows = await db.query<{ webauthn_user_id: string }>(
      `update ${t.accounts} set webauthn_user_id = coalesce(webauthn_user_id, $2) where id = $1
       returning webauthn_user_id`,
      [accountId, randomBytes(32).toString('base64url')],
    );
    return rows[0]!.webauthn_user_id;
  }

  /**
   * WebAuthn creation options with a fresh challenge bound to the session (its id's hash) and the account:
   * a discoverable credential, user verification required, no attestation, the account's passkeys excluded.
   * The session's previous adding challenge is used up: one at a time.
   */
  async function startAddingChallenge(
    s: Services,
    sessionId: string,
    account: { id: string; email: string },
  ): Promise<Schemas['PasskeyCreationOptions']> {
    const now = s.clock.now();
    const existing = await s.db.query<{ credential_id: string; transports: string[] }>(
      `select credential_id, transports from ${t.passkeys} where account_id = $1 order by id`,
      [account.id],
    );
    if (existing.length >= MAX_PASSKEYS) throw problems.passkeyLimit();
    const userHandle = await userHandleOf(s.db, account.id);
    const { rpID } = relyingParty(s);
    const options = await generateRegistrationOptions({
      rpName: RP_NAME,
      rpID,
      userName: account.email,
      userDisplayName: account.email,
      userID: Buffer.from(userHandle, 'base64url'),
      timeout: CHALLENGE_LIFETIME_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: row.transports })),
      authenticatorSelection: {
        residentKey: 'required',
        requireResidentKey: true,
        userVerification: 'required',
      },
      supportedAlgorithmIDs: ALGORITHMS,
    });
    const sessionHash = hashSecret(sessionId);
    await s.db.query(
      `update ${t.challenges} set used_at = $2
        where session_hash = $1 and purpose = 'addPasskey' and used_at is null`,
      [sessionHash, now],
    );
    await s.db.query(
      `insert into ${t.challenges} (id_hash, purpose, challenge, account_id, session_hash, created_at, expires_at)
       values ($1, 'addPasskey', $2, $3, $4, $5, $6)`,
      [
        hashSecret(newSecret()),
        options.challenge,
        account.id,
        sessionHash,
        now,
        new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
      ],
    );
    return {
      challenge: options.challenge,
      rp: { name: RP_NAME, id: rpID },
      user: { id: options.user.id, name: options.user.name, displayName: options.user.displayName },
      pubKeyCredParams: options.pubKeyCredParams.map(({ type, alg }) => ({ type, alg })),
      timeout: CHALLENGE_LIFETIME_MS,
      attestation: 'none',
      excludeCredentials: existing.map((row) => ({
        id: row.credential_id,
        type: 'public-key' as const,
        transports: row.transports,
      })),
      authenticatorSelection: {
        residentKey: 'required',
        requireResidentKey: true,
        userVerification: 'required',
      },
    };
  }

  /**
   * Verifies a new passkey's attestation against the session's adding challenge (used up whatever the
   * outcome): origin and RP id from PUBLIC_URL, user verification, format `none` or any the library checks.
   * Any failure is 403 `passkey_refused`, its reason audited as a failed `passkey.added`.
   */
  async function verifyPasskeyAttestation(
    s: Services,
    request: FastifyRequest,
    sessionId: string,
    accountId: string,
    credential: PasskeyAttestation,
  ): Promise<NewCredential> {
    const refuse = (reason: string) => {
      audit(request, 'passkey.added', { outcome: 'failed', reason, accountId }, realm.name);
      return problems.passkeyRefused();
    };
    const rows = await s.db.query<{ challenge: string }>(
      `update ${t.challenges} set used_at = $3
        where session_hash = $1 and account_id = $2 and purpose = 'addPasskey' and used_at is null
          and expires_at > $3
        returning challenge`,
      [hashSecret(sessionId), accountId, s.clock.now()],
    );
    if (rows.length === 0) throw refuse('no-challenge');
    const challenges = new Set(rows.map((row) => row.challenge));
    if (credential.id !== credential.rawId) throw refuse('malformed');
    const { rpID, origin } = relyingParty(s);
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response: {
          ...credential,
          clientExtensionResults: credential.clientExtensionResults ?? {},
        } as RegistrationResponseJSON,
        expectedChallenge: (challenge) => challenges.has(challenge),
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
        supportedAlgorithmIDs: ALGORITHMS,
      });
    } catch (error) {
      throw refuse(refusalReason(error));
    }
    if (!verified.verified) throw refuse('bad-attestation');
    const info = verified.registrationInfo;
    return {
      credentialId: info.credential.id,
      publicKey: info.credential.publicKey,
      counter: info.credential.counter,
      transports: (credential.response.transports ?? []).slice(0, 10),
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
    };
  }

  /**
   * Stores a verified new passkey under the account's row lock (two adds at once cannot pass the limit
   * together), in the caller's transaction: 409 `passkey_limit` at MAX_PASSKEYS, 409 `passkey_exists` when the
   * authenticator already holds this credential here (the options' excluded list was ignored, or the same
   * response was sent twice).
   */
  async function storePasskey(
    tx: Queryable,
    accountId: string,
    name: string,
    credential: NewCredential,
    now: Date,
  ): Promise<StoredPasskeyRow> {
    await tx.query(`select 1 from ${t.accounts} where id = $1 for update`, [accountId]);
    const [{ count } = { count: 0 }] = await tx.query<{ count: string | number }>(
      `select count(*) as count from ${t.passkeys} where account_id = $1`,
      [accountId],
    );
    if (Number(count) >= MAX_PASSKEYS) throw problems.passkeyLimit();
    const inserted = await tx.query<StoredPasskeyRow>(
      `insert into ${t.passkeys} (account_id, credential_id, public_key, counter, transports, device_type,
                                  backed_up, name, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       on conflict (credential_id) do nothing
       returning ${PASSKEY_COLUMNS}`,
      [
        accountId,
        credential.credentialId,
        Buffer.from(credential.publicKey),
        credential.counter,
        credential.transports,
        credential.deviceType,
        credential.backedUp,
        name,
        now,
      ],
    );
    if (inserted.length === 0) throw problems.passkeyExists();
    return inserted[0]!;
  }

  return {
    challengeCookieName,
    clearChallengeCookie,
    startPasskeyChallenge,
    verifyPasskeyAssertion,
    startAddingChallenge,
    verifyPasskeyAttestation,
    storePasskey,
  };
});

export const {
  challengeCookieName,
  clearChallengeCookie,
  startPasskeyChallenge,
  verifyPasskeyAssertion,
  startAddingChallenge,
  verifyPasskeyAttestation,
  storePasskey,
} = passkeysIn(applicantRealm);
