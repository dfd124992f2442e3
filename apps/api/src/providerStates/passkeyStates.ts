// The provider states of passkeys and recent sign-in (states.ts lists them with the others). Passkey
// responses are made by a software authenticator (authenticator.ts) over challenges written here as
// the operations write theirs, for PUBLIC_URL's origin: valid for the server under verification. Only
// reachable in-process or with PROVIDER_STATES=1 (docs/security.md#provider-states).
import { randomBytes } from 'node:crypto';
import { challengeCookieName, CHALLENGE_LIFETIME_MS, relyingParty } from '../account/passkeys.ts';
import { SoftAuthenticator } from './authenticator.ts';
import type { StateContext, StateDoc, StateParams, StateResult } from './types.ts';
import { hashSecret, newSecret } from '../platform/secrets.ts';
import { setSessionConfirmed } from '../account/sessions.ts';

/** The name of the passkey these states make. */
const STATE_PASSKEY_NAME = 'Provider state passkey';

/** Every passkey state starts from none: repeated runs on one database never reach the limit of 20. */
async function removePasskeys(ctx: StateContext, accountId: string): Promise<void> {
  await ctx.db.query('delete from passkeys where account_id = $1', [accountId]);
}

type SignedIn = (ctx: StateContext, params: StateParams) => Promise<StateResult>;

async function accountIdOf(ctx: StateContext, email: string): Promise<string> {
  const rows = await ctx.db.query<{ id: string }>(
    'select id::text as id from accounts where lower(email) = lower($1)',
    [email],
  );
  return rows[0]!.id;
}

/** The account's WebAuthn user handle, made as startAddingPasskey makes it. */
async function userHandleOf(ctx: StateContext, accountId: string): Promise<string> {
  const rows = await ctx.db.query<{ webauthn_user_id: string }>(
    `update accounts set webauthn_user_id = coalesce(webauthn_user_id, $2) where id = $1
     returning webauthn_user_id`,
    [accountId, randomBytes(32).toString('base64url')],
  );
  return rows[0]!.webauthn_user_id;
}

/** The account's one passkey, held by a fresh software authenticator. */
async function registeredPasskey(
  ctx: StateContext,
  accountId: string,
): Promise<{ authenticator: SoftAuthenticator; passkeyId: string }> {
  await removePasskeys(ctx, accountId);
  const authenticator = new SoftAuthenticator({ synced: true });
  authenticator.userHandle = await userHandleOf(ctx, accountId);
  const rows = await ctx.db.query<{ id: string }>(
    `insert into passkeys (account_id, credential_id, public_key, counter, transports, device_type, backed_up,
                           name, created_at)
     values ($1, $2, $3, 0, '{internal,hybrid}', 'multiDevice', true, $4, $5)
     returning id::text as id`,
    [
      accountId,
      authenticator.credentialId,
      authenticator.publicKeyCose(),
      STATE_PASSKEY_NAME,
      ctx.clock.now(),
    ],
  );
  return { authenticator, passkeyId: rows[0]!.id };
}

const challengeValue = (): string => randomBytes(32).toString('base64url');

function ceremony(ctx: StateContext, challenge: string) {
  const { origin, rpID } = relyingParty(ctx);
  return { challenge, origin, rpId: rpID };
}

async function confirmed(ctx: StateContext, signedIn: SignedIn, params: StateParams): Promise<StateResult> {
  const result = await signedIn(ctx, params);
  await setSessionConfirmed(ctx.db, result.sessionId!, ctx.clock.now());
  return result;
}

export function passkeyStates(signedIn: SignedIn): {
  pattern: RegExp;
  doc: StateDoc;
  run: (ctx: StateContext, email: string | undefined, params: StateParams) => Promise<StateResult>;
}[] {
  return [
    {
      pattern: /^a passkey sign-in is under way$/i,
      doc: {
        sentence: 'a passkey sign-in is under way',
        setsUp:
          'The account `params.email` (default applicant@example.com) as in "an account exists for …", with one passkey, of a software authenticator; a live sign-in challenge bound to the challenge cookie returned; and a valid assertion over it for PUBLIC_URL (user verified). With `confirmCookie`, the same challenge confirms a live session of the account.',
        returns: [
          'cookie (the challenge cookie, "pre_admission_challenge=…")',
          'id',
          'rawId',
          'clientDataJSON',
          'authenticatorData',
          'signature',
          'userHandle',
          'confirmCookie (a session cookie and the challenge cookie, for confirmSignIn)',
          'sessionId',
          'email',
        ],
      },
      run: async (ctx, _email, params) => {
        const session = await signedIn(ctx, params);
        const accountId = await accountIdOf(ctx, session.email!);
        const { authenticator } = await registeredPasskey(ctx, accountId);
        const id = newSecret();
        const challenge = challengeValue();
        const now = ctx.clock.now();
        await ctx.db.query(
          `insert into webauthn_challenges (id_hash, purpose, challenge, created_at, expires_at)
           values ($1, 'signIn', $2, $3, $4)`,
          [hashSecret(id), challenge, now, new Date(now.getTime() + CHALLENGE_LIFETIME_MS)],
        );
        const assertion = authenticator.assert(ceremony(ctx, challenge));
        const cookie = `${challengeCookieName(ctx)}=${id}`;
        return {
          email: session.email!,
          sessionId: session.sessionId!,
          cookie,
          confirmCookie: `${session.cookie}; ${cookie}`,
          id: assertion.id,
          rawId: assertion.rawId,
          clientDataJSON: assertion.response.clientDataJSON,
          authenticatorData: assertion.response.authenticatorData,
          signature: assertion.response.signature,
          userHandle: assertion.response.userHandle!,
        };
      },
    },
    {
      pattern: /^the applicant is signed in and confirmed$/i,
      doc: {
        sentence: 'the applicant is signed in and confirmed',
        setsUp:
          'As "the applicant is signed in", with the session confirmed now (docs/security.md#recent-sign-in): sensitive changes need no confirmation.',
        returns: ['email', 'password', 'sessionId', 'cookie'],
      },
      run: (ctx, _email, params) => confirmed(ctx, signedIn, params),
    },
    {
      pattern: /^the applicant is signed in, not confirmed recently$/i,
      doc: {
        sentence: 'the applicant is signed in, not confirmed recently',
        setsUp:
          'As "the applicant is signed in", with the sign-in (its last confirmation) older than CONFIRMATION_WINDOW_SECONDS: sensitive changes answer 403 confirmation_required; confirmSignIn with `password` confirms.',
        returns: ['email', 'password', 'sessionId', 'cookie'],
      },
      run: async (ctx, _email, params) => {
        const result = await signedIn(ctx, params);
        const past = ctx.clock.now().getTime() - ctx.config.confirmationWindow - 1000;
        await setSessionConfirmed(ctx.db, result.sessionId!, new Date(past));
        return result;
      },
    },
    {
      pattern: /^the applicant has a passkey$/i,
      doc: {
        sentence: 'the applicant has a passkey',
        setsUp:
          'As "the applicant is signed in and confirmed", and the account has one passkey, named "Provider state passkey" (synced, never used).',
        returns: ['passkeyId', 'email', 'password', 'sessionId', 'cookie'],
      },
      run: async (ctx, _email, params) => {
        const result = await confirmed(ctx, signedIn, params);
        const { passkeyId } = await registeredPasskey(ctx, await accountIdOf(ctx, result.email!));
        return { ...result, passkeyId };
      },
    },
    {
      pattern: /^adding a passkey is under way$/i,
      doc: {
        sentence: 'adding a passkey is under way',
        setsUp:
          'As "the applicant is signed in and confirmed", the account without passkeys, with a live adding challenge bound to that session and a valid `none` attestation over it for PUBLIC_URL (a new credential, user verified).',
        returns: ['cookie', 'id', 'rawId', 'clientDataJSON', 'attestationObject', 'email', 'sessionId'],
      },
      run: async (ctx, _email, params) => {
        const result = await confirmed(ctx, signedIn, params);
        const accountId = await accountIdOf(ctx, result.email!);
        await removePasskeys(ctx, accountId);
        const challenge = challengeValue();
        const now = ctx.clock.now();
        await ctx.db.query(
          `insert into webauthn_challenges (id_hash, purpose, challenge, account_id, session_hash, created_at,
                                            expires_at)
           values ($1, 'addPasskey', $2, $3, $4, $5, $6)`,
          [
            hashSecret(newSecret()),
            challenge,
            accountId,
            hashSecret(result.sessionId!),
            now,
            new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
          ],
        );
        const attestation = new SoftAuthenticator({ synced: true }).register({
          ...ceremony(ctx, challenge),
          userHandle: await userHandleOf(ctx, accountId),
        });
        return {
          email: result.email!,
          sessionId: result.sessionId!,
          cookie: result.cookie!,
          id: attestation.id,
          rawId: attestation.rawId,
          clientDataJSON: attestation.response.clientDataJSON,
          attestationObject: attestation.response.attestationObject,
        };
      },
    },
  ];
}
