// Provider states of the desk console's pact (consumer pre-admission-desk, pacts/README.md): staff members
// signed in directly, as apps/api/test/staffHelpers.ts ends up after the invitation and the second step (the
// sign-in's own steps are not what these interactions are about). Each returns `staffCookie`, the whole Cookie
// header value, a name of its own: an interaction names a staff state together with an applicant's state
// ("the applicant has a submitted application"), which returns `cookie` and `applicationId`.
import { randomBytes } from 'node:crypto';
import { authenticatorAppsIn } from '../account/authenticatorApps.ts';
import { CHALLENGE_LIFETIME_MS, relyingParty } from '../account/passkeys.ts';
import { staffRealm } from '../account/realm.ts';
import { secondFactorsIn } from '../account/secondFactors.ts';
import { sessionsIn } from '../account/sessions.ts';
import { hashPassword } from '../account/passwords.ts';
import { base32Decode, newTotpSecret, totp } from '../account/totp.ts';
import { hashSecret, newSecret } from '../platform/secrets.ts';
import { issueInvitation } from '../staff/invitations.ts';
import { limitKeys, reset, resetSignInLocks } from '../platform/rateLimits.ts';
import { createInvitedStaff, type StaffAssignment } from '../staff/staffAccounts.ts';
import { SUPERVISOR } from './applicationStates.ts';
import { SoftAuthenticator } from './authenticator.ts';
import type { StateContext, StateDoc, StateParams, StateResult } from './types.ts';

export const DESK_MEMBER = 'desk-pact@example.ac.jp';
export const NEW_STAFF = 'staff-no-second-factor@example.ac.jp';
export const OFFICE_MEMBER = 'office-pact@example.ac.jp';
export const INVITEE = 'invitee@example.ac.jp';
export const STAFF_PASSWORD = 'Passw0rd2026';

const sessions = sessionsIn(staffRealm);
const factors = secondFactorsIn(staffRealm);
const apps = authenticatorAppsIn(staffRealm);
const RETURNS = ['email', 'staffId', 'sessionId', 'staffCookie (the whole Cookie header value)'] as const;

/**
 * The live staff account of the address with this role, its password set (a placeholder: these states never
 * sign in with it), its write limit cleared; with the authenticator app on, or with no second factor at all.
 */
async function ensureStaff(
  ctx: StateContext,
  email: string,
  assignment: StaffAssignment,
  secondFactor: boolean,
): Promise<{ id: string; secret?: string }> {
  const now = ctx.clock.now();
  const columns = [assignment.role, assignment.officeId ?? null, assignment.teacherId ?? null];
  const updated = await ctx.db.query<{ id: string }>(
    `update staff_accounts set role = $2, office_id = $3, teacher_id = $4, updated_at = $5,
       password_hash = coalesce(password_hash, 'provider-state-no-sign-in')
      where lower(email) = lower($1) and removed_at is null returning id::text as id`,
    [email, ...columns, now],
  );
  const id =
    updated[0]?.id ??
    (
      await ctx.db.query<{ id: string }>(
        `insert into staff_accounts (email, password_hash, role, office_id, teacher_id, created_at, updated_at)
         values ($1, 'provider-state-no-sign-in', $2, $3, $4, $5, $5) returning id::text as id`,
        [email, ...columns, now],
      )
    )[0]!.id;
  await ctx.db.query('delete from staff_passkeys where account_id = $1', [id]);
  await ctx.db.query('delete from staff_authenticator_apps where account_id = $1', [id]);
  await ctx.db.query('delete from staff_second_steps where account_id = $1', [id]);
  await ctx.db.query(
    'update staff_accounts set second_factor_failures = 0, second_factor_retry_at = null where id = $1',
    [id],
  );
  await reset(ctx.db, limitKeys.deskWrites(id));
  if (!secondFactor) return { id };
  const secret = newTotpSecret();
  await ctx.db.query(
    `insert into staff_authenticator_apps (account_id, secret, setup_started_at, on_since, last_step)
     values ($1, $2, $3, $3, null)`,
    [id, secret, now],
  );
  return { id, secret };
}

async function signedInStaff(
  ctx: StateContext,
  email: string,
  assignment: StaffAssignment,
  secondFactor = true,
): Promise<StateResult> {
  const { id: staffId } = await ensureStaff(ctx, email, assignment, secondFactor);
  const sessionId = await sessions.createSession(ctx.db, ctx, staffId);
  return { email, staffId, sessionId, staffCookie: `${staffRealm.cookies.session}=${sessionId}` };
}

type StaffState = {
  pattern: RegExp;
  doc: StateDoc;
  run: (ctx: StateContext, email: string | undefined, params: StateParams) => Promise<StateResult>;
};

export function staffStates(): StaffState[] {
  return [
    {
      pattern: /^a desk member is signed in$/i,
      doc: {
        sentence: 'a desk member is signed in',
        setsUp: `The staff account ${DESK_MEMBER}, role desk, with the authenticator app on (its second factor), and a live staff session; its desk writes limit cleared.`,
        returns: [...RETURNS],
      },
      run: (ctx) => signedInStaff(ctx, DESK_MEMBER, { role: 'desk' }),
    },
    {
      pattern: /^a staff member without a second factor is signed in$/i,
      doc: {
        sentence: 'a staff member without a second factor is signed in',
        setsUp: `The staff account ${NEW_STAFF}, role desk, with neither a passkey nor the authenticator app, and a live staff session: every staff operation but the session's own and adding a second factor answers 403 second_factor_required.`,
        returns: [...RETURNS],
      },
      run: (ctx) => signedInStaff(ctx, NEW_STAFF, { role: 'desk' }, false),
    },
    {
      pattern: /^an office member is signed in$/i,
      doc: {
        sentence: 'an office member is signed in',
        setsUp: `The staff account ${OFFICE_MEMBER}, role office (office 2), with the authenticator app on, and a live staff session: the consent routes answer 403 role_refused.`,
        returns: [...RETURNS],
      },
      run: (ctx) => signedInStaff(ctx, OFFICE_MEMBER, { role: 'office', officeId: 2 }),
    },
    {
      pattern: /^the supervisor is signed in$/i,
      doc: {
        sentence: 'the supervisor is signed in',
        setsUp: `The supervisor account of teacher 103 (${SUPERVISOR}, whom the consent states' requests name), with the authenticator app on, and a live staff session: the desk's actions and the staff list answer 403 role_refused.`,
        returns: [...RETURNS],
      },
      run: (ctx) => signedInStaff(ctx, SUPERVISOR, { role: 'supervisor', teacherId: 103 }),
    },
    {
      pattern: /^a staff member without a second factor has the password Passw0rd2026$/i,
      doc: {
        sentence: 'a staff member without a second factor has the password Passw0rd2026',
        setsUp: `The staff account ${NEW_STAFF}, role desk, with neither a passkey nor the authenticator app, its password ${STAFF_PASSWORD} and no sign-in lock: a password sign-in opens a session at once (it must then add a second factor).`,
        returns: ['email', 'password', 'staffId'],
      },
      run: async (ctx) => {
        const { id: staffId } = await ensureStaff(ctx, NEW_STAFF, { role: 'desk' }, false);
        await ctx.db.query('update staff_accounts set password_hash = $2 where id = $1', [
          staffId,
          await hashPassword(STAFF_PASSWORD, ctx.config.scrypt),
        ]);
        await resetSignInLocks(ctx.db, NEW_STAFF);
        return { email: NEW_STAFF, password: STAFF_PASSWORD, staffId };
      },
    },
    {
      pattern: /^a staff invitation exists for invitee@example\.ac\.jp$/i,
      doc: {
        sentence: 'a staff invitation exists for invitee@example.ac.jp',
        setsUp: `No live staff account of ${INVITEE} but an invited one (role office, office 2), and a live invitation link (\`token\`), as \`npm run staff:invite\` makes.`,
        returns: ['email', 'token'],
      },
      run: async (ctx) => {
        await ctx.db.query(
          'update staff_accounts set removed_at = $2 where lower(email) = lower($1) and removed_at is null',
          [INVITEE, ctx.clock.now()],
        );
        const made = await createInvitedStaff(ctx.db, ctx, INVITEE, { role: 'office', officeId: 2 });
        if (made === 'active') throw new Error(`${INVITEE} is still active`);
        return { email: INVITEE, token: await issueInvitation(ctx.db, ctx, made.staffId) };
      },
    },
    {
      pattern: /^a staff sign-in waits for its second step$/i,
      doc: {
        sentence: 'a staff sign-in waits for its second step',
        setsUp: `The staff account ${DESK_MEMBER}, role desk, with the authenticator app on and no wrong codes counted, its password checked and a second step under way (as a right password starts one): \`staffCookie\` is the staff second-step cookie, \`code\` a code of the app valid now.`,
        returns: [
          'email',
          'staffId',
          'staffCookie (the second-step cookie, the whole Cookie header value)',
          'code',
        ],
      },
      run: async (ctx) => {
        const { id: staffId, secret } = await ensureStaff(ctx, DESK_MEMBER, { role: 'desk' }, true);
        const rows = await ctx.db.query<{ credential_version: number | string }>(
          'select credential_version from staff_accounts where id = $1',
          [staffId],
        );
        const now = ctx.clock.now();
        const stepId = await factors.startSecondStep(
          ctx.db,
          staffId,
          Number(rows[0]!.credential_version),
          now,
        );
        return {
          email: DESK_MEMBER,
          staffId,
          staffCookie: `${staffRealm.cookies.secondStep}=${stepId}`,
          code: totp(base32Decode(secret!), now),
        };
      },
    },
    {
      pattern: /^a staff member without a second factor is setting up the authenticator app$/i,
      doc: {
        sentence: 'a staff member without a second factor is setting up the authenticator app',
        setsUp: `As "a staff member without a second factor is signed in" (signed in now, so recently), with a set-up of the authenticator app started now: \`code\` is valid now for its secret.`,
        returns: [...RETURNS, 'code (valid now for the set-up)'],
      },
      run: async (ctx) => {
        const made = await signedInStaff(ctx, NEW_STAFF, { role: 'desk' }, false);
        const secret = newTotpSecret();
        const now = ctx.clock.now();
        await apps.startSetup(ctx.db, made.staffId!, secret, now);
        return { ...made, code: totp(base32Decode(secret), now) };
      },
    },
    {
      pattern: /^a staff member without a second factor signed in long ago$/i,
      doc: {
        sentence: 'a staff member without a second factor signed in long ago',
        setsUp:
          'As "a staff member without a second factor is signed in", with the sign-in older than CONFIRMATION_WINDOW_SECONDS: adding a second factor answers 403 confirmation_required (sign in again).',
        returns: [...RETURNS],
      },
      run: async (ctx) => {
        const made = await signedInStaff(ctx, NEW_STAFF, { role: 'desk' }, false);
        const past = ctx.clock.now().getTime() - ctx.config.confirmationWindow - 1000;
        await sessions.setSessionConfirmed(ctx.db, made.sessionId!, new Date(past));
        return made;
      },
    },
    {
      pattern: /^a staff member without a second factor is adding a passkey$/i,
      doc: {
        sentence: 'a staff member without a second factor is adding a passkey',
        setsUp:
          'As "a staff member without a second factor is signed in", with a live adding challenge bound to that session and a valid `none` attestation over it for PUBLIC_URL (a new credential, user verified), made by a software authenticator.',
        returns: [...RETURNS, 'id', 'rawId', 'clientDataJSON', 'attestationObject'],
      },
      run: async (ctx) => {
        const made = await signedInStaff(ctx, NEW_STAFF, { role: 'desk' }, false);
        const staffId = made.staffId!;
        const handle = await ctx.db.query<{ webauthn_user_id: string }>(
          `update staff_accounts set webauthn_user_id = coalesce(webauthn_user_id, $2) where id = $1
           returning webauthn_user_id`,
          [staffId, randomBytes(32).toString('base64url')],
        );
        const challenge = randomBytes(32).toString('base64url');
        const now = ctx.clock.now();
        await ctx.db.query(
          `insert into staff_webauthn_challenges (id_hash, purpose, challenge, account_id, session_hash, created_at,
                                                  expires_at)
           values ($1, 'addPasskey', $2, $3, $4, $5, $6)`,
          [
            hashSecret(newSecret()),
            challenge,
            staffId,
            hashSecret(made.sessionId!),
            now,
            new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
          ],
        );
        const { origin, rpID } = relyingParty(ctx);
        const attestation = new SoftAuthenticator({ synced: true }).register({
          challenge,
          origin,
          rpId: rpID,
          userHandle: handle[0]!.webauthn_user_id,
        });
        return {
          ...made,
          id: attestation.id,
          rawId: attestation.rawId,
          clientDataJSON: attestation.response.clientDataJSON,
          attestationObject: attestation.response.attestationObject,
        };
      },
    },
    {
      pattern: /^the staff session has been revoked$/i,
      doc: {
        sentence: 'the staff session has been revoked',
        setsUp:
          'As "a desk member is signed in", then that session revoked (as by signing out elsewhere): the session check answers 403, every other staff call 401.',
        returns: [...RETURNS],
      },
      run: async (ctx) => {
        const made = await signedInStaff(ctx, DESK_MEMBER, { role: 'desk' });
        await sessions.revokeSession(ctx.db, ctx, made.sessionId!);
        return made;
      },
    },
  ];
}
