// Pact provider states: present-tense facts the verifier asks for before each interaction. The functions
// are usable in-process (a Verifier's stateHandlers) and over HTTP (POST {base}/_pact/provider-states, only
// when the server runs with PROVIDER_STATES=1). They work on a database that already holds other data.
import { schemaExamples } from '@pre-admission/api/examples';
import { createAccount, deleteAccount, findAccount, setPasswordHash } from '../account/accounts.ts';
import { createSession, revokeSession, setSessionLastUse } from '../account/sessions.ts';
import { issueToken } from '../account/tokens.ts';
import { applicationStates } from './applicationStates.ts';
import { passkeyStates } from './passkeyStates.ts';
import { staffStates } from './staffStates.ts';
import type { StateContext, StateDoc, StateParams, StateResult } from './types.ts';
import { hashPassword } from '../account/passwords.ts';
import { hit, limitKeys, reset, resetMailLimits, resetSignInLocks } from '../platform/rateLimits.ts';
import { hashSecret } from '../platform/secrets.ts';
import { SESSION_COOKIE } from '../services.ts';
import type { Config } from '../platform/config.ts';
import { startSetup } from '../account/authenticatorApps.ts';
import { issueRecoveryCodes } from '../account/recoveryCodes.ts';
import { applicantRealm } from '../account/realm.ts';
import { startSecondStep } from '../account/secondFactors.ts';
import { base32Decode, newTotpSecret, totp } from '../account/totp.ts';
import { forgetSecondFactorFailures, SECOND_FACTOR_STOP } from '../account/secondFactorFailures.ts';

export const DEFAULT_EMAIL = 'applicant@example.com';
export const DEFAULT_PASSWORD = 'Passw0rd2026';

type StateFn = (
  ctx: StateContext,
  email: string | undefined,
  params: StateParams,
  match: RegExpExecArray,
) => Promise<StateResult>;

const text = (params: StateParams, key: string): string | undefined =>
  typeof params[key] === 'string' ? (params[key] as string) : undefined;

/** Makes sure an account exists with the given password and no rate-limit lock. */
export async function ensureAccount(ctx: StateContext, email: string, password: string): Promise<string> {
  const existing = await findAccount(ctx.db, email);
  let id: string;
  if (existing) {
    await setPasswordHash(ctx.db, ctx, existing.id, await hashPassword(password, ctx.config.scrypt));
    id = existing.id;
  } else {
    const created = await createAccount(ctx.db, ctx, email, password);
    id = created ? created.id : (await findAccount(ctx.db, email))!.id;
  }
  await resetSignInLocks(ctx.db, email);
  await resetMailLimits(ctx.db, email);
  // The plain account: no authenticator app (nor its recovery codes), so its password signs in alone unless
  // a state says otherwise.
  await ctx.db.query('delete from authenticator_apps where account_id = $1', [id]);
  await ctx.db.query('delete from recovery_codes where account_id = $1', [id]);
  await forgetSecondFactorFailures(ctx.db, id);
  return id;
}

/** Turns the account's app on with a new secret (no step used yet) and gives it ten recovery codes. */
async function appOn(
  ctx: StateContext,
  accountId: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const secret = newTotpSecret();
  const now = ctx.clock.now();
  await ctx.db.query(
    `insert into authenticator_apps (account_id, secret, setup_started_at, on_since, last_step)
     values ($1, $2, $3, $3, null)
     on conflict (account_id) do update set secret = excluded.secret, setup_started_at = excluded.setup_started_at,
       on_since = excluded.on_since, last_step = null`,
    [accountId, secret, now],
  );
  return { secret, recoveryCodes: await issueRecoveryCodes(ctx.db, ctx, accountId) };
}

/**
 * REQUIRE_SECOND_FACTOR as the server was started with, kept while a state switches it on. The setting is
 * read from the config on every request, so one state can turn it on for its interaction, whatever other
 * states the interaction also names; the interaction's teardown turns it back (resetStateSettings).
 */
const startedWith = new WeakMap<Config, boolean>();
function switchRequireSecondFactor(config: Config, on: boolean): void {
  if (!startedWith.has(config)) startedWith.set(config, config.requireSecondFactor);
  config.requireSecondFactor = on || startedWith.get(config)!;
}

/** Undoes what a previous state switched in the settings (REQUIRE_SECOND_FACTOR). */
export function resetStateSettings(ctx: Pick<StateContext, 'config'>): void {
  if (startedWith.has(ctx.config)) switchRequireSecondFactor(ctx.config, false);
}

/** "the applicant is signed in" and the states built on it: the account `params` name (or the default). */
async function signedIn(ctx: StateContext, params: StateParams): Promise<StateResult> {
  const email = text(params, 'email') ?? DEFAULT_EMAIL;
  const password = text(params, 'password') ?? DEFAULT_PASSWORD;
  const accountId = await ensureAccount(ctx, email, password);
  const sessionId = await createSession(ctx.db, ctx, accountId);
  return { email, password, sessionId, cookie: `${SESSION_COOKIE}=${sessionId}` };
}

/** The plan "the applicant has saved a plan" writes: the Plan example of openapi.yaml, every choice one the seed offers. */
export const SAVED_PLAN = schemaExamples.Plan;

/**
 * The supported states. The e-mail address inside the sentence is the default; `params.email` overrides it.
 * Each returns the values a pact may inject with fromProviderState (e.g. `${token}`, `${cookie}`).
 */
const states: { pattern: RegExp; doc: StateDoc; run: StateFn }[] = [
  {
    // "an account exists for applicant@example.com" (params: email, password)
    pattern: /^an account exists for (\S+@\S+)$/i,
    doc: {
      sentence: 'an account exists for {email}',
      setsUp:
        'An account for the address whose password is `params.password` (default Passw0rd2026), created or reset; no sign-in lock, no mail cooldown or mail limit on the address.',
      returns: ['email', 'password'],
    },
    run: async (ctx, email, params) => {
      const address = text(params, 'email') ?? email ?? DEFAULT_EMAIL;
      const password = text(params, 'password') ?? DEFAULT_PASSWORD;
      await ensureAccount(ctx, address, password);
      return { email: address, password };
    },
  },
  {
    // "no account exists for nobody@example.com"
    pattern: /^no account exists for (\S+@\S+)$/i,
    doc: {
      sentence: 'no account exists for {email}',
      setsUp:
        'No account for the address (deleted if there was one); its sign-in locks, mail cooldowns and mail limit cleared.',
      returns: ['email'],
    },
    run: async (ctx, email, params) => {
      const address = text(params, 'email') ?? email!;
      await deleteAccount(ctx.db, address);
      await resetMailLimits(ctx.db, address);
      await resetSignInLocks(ctx.db, address);
      return { email: address };
    },
  },
  {
    // "a registration token exists for new@example.com": no account yet, a live registration token.
    pattern: /^a registration token exists for (\S+@\S+)$/i,
    doc: {
      sentence: 'a registration token exists for {email}',
      setsUp: 'No account for the address, and a live registration link (token) issued for it.',
      returns: ['email', 'token'],
    },
    run: async (ctx, email, params) => {
      const address = text(params, 'email') ?? email!;
      await deleteAccount(ctx.db, address);
      // As for any state with an address: no mail limit left over (a renewal sends to it).
      await resetMailLimits(ctx.db, address);
      const token = await issueToken(ctx.db, ctx, 'registration', { email: address });
      return { email: address, token };
    },
  },
  {
    // "a password reset token exists for applicant@example.com"
    pattern: /^a password reset token exists for (\S+@\S+)$/i,
    doc: {
      sentence: 'a password reset token exists for {email}',
      setsUp:
        'The account as in "an account exists for …", and a live password-reset link (token) issued for it.',
      returns: ['email', 'token'],
    },
    run: async (ctx, email, params) => {
      const address = text(params, 'email') ?? email!;
      const accountId = await ensureAccount(ctx, address, text(params, 'password') ?? DEFAULT_PASSWORD);
      const token = await issueToken(ctx.db, ctx, 'passwordReset', { email: address, accountId });
      return { email: address, token };
    },
  },
  {
    // "an email change token exists for new@example.com" (the new address; params.accountEmail is the
    // account that asked, applicant@example.com by default). The new address is freed first.
    pattern: /^an e-?mail change token exists for (\S+@\S+)$/i,
    doc: {
      sentence: 'an email change token exists for {newEmail}',
      setsUp:
        'No account for the new address; the account `params.accountEmail` (default applicant@example.com) exists as in "an account exists for …"; a live email-change link (token) from that account to the new address.',
      returns: ['email', 'newEmail', 'token'],
    },
    run: async (ctx, email, params) => {
      const newEmail = text(params, 'newEmail') ?? text(params, 'email') ?? email!;
      const accountEmail = text(params, 'accountEmail') ?? DEFAULT_EMAIL;
      await deleteAccount(ctx.db, newEmail);
      const accountId = await ensureAccount(ctx, accountEmail, text(params, 'password') ?? DEFAULT_PASSWORD);
      const token = await issueToken(ctx.db, ctx, 'emailChange', {
        email: accountEmail,
        accountId,
        newEmail,
      });
      return { email: accountEmail, newEmail, token };
    },
  },
  {
    // "a used registration token exists for new@example.com", "an expired password reset token exists for
    // applicant@example.com", "a superseded email change token exists for new@example.com"…: a link that is
    // no longer live, for the reason named (docs/behaviour.md#link-states). Returns `token`, and `expiredAt`
    // for an expired one. The account and addresses are set up as for the live token of that kind.
    pattern:
      /^an? (used|expired|superseded) (registration|password reset|e-?mail change) token exists for (\S+@\S+)$/i,
    doc: {
      sentence:
        'a {used|expired|superseded} {registration|password reset|email change} token exists for {email}',
      setsUp:
        'As the live link of that kind, then no longer live for the reason named (docs/behaviour.md#link-states): used (as by its use), superseded (as by a newer mail to the same address), or expired (its lifetime ended a minute ago).',
      returns: ['email', 'token', 'newEmail (email change)', 'expiredAt (expired)'],
    },
    run: async (ctx, _how, params, match) => {
      const how = match[1]!.toLowerCase() as 'used' | 'expired' | 'superseded';
      const kind = match[2]!.toLowerCase().startsWith('registration')
        ? 'registration'
        : match[2]!.toLowerCase().startsWith('password')
          ? 'password reset'
          : 'email change';
      const sentence = `${kind === 'email change' ? 'an' : 'a'} ${kind} token exists for ${match[3]}`;
      const live = states.find((state) => state.pattern.test(sentence))!;
      const first = await live.run(ctx, match[3], params, live.pattern.exec(sentence)!);
      const now = ctx.clock.now();
      if (how !== 'expired') {
        // As a use, or a newer mail to the same address, would have marked it.
        const column = how === 'used' ? 'used_at' : 'superseded_at';
        await ctx.db.query(`update tokens set ${column} = $2 where token_hash = $1`, [
          hashSecret(first.token!),
          now,
        ]);
        return first;
      }
      const expiredAt = new Date(now.getTime() - 60_000);
      await ctx.db.query('update tokens set expires_at = $2 where token_hash = $1', [
        hashSecret(first.token!),
        expiredAt,
      ]);
      return { ...first, expiredAt: expiredAt.toISOString() };
    },
  },
  {
    // "the hourly mail limit is reached for new@example.com": the address has had its mails of the hour
    // (docs/security.md#limits), so the next mail to it is refused with 429 and Retry-After. Set up after
    // the state that makes the address's token, which clears the limits.
    pattern: /^the hourly mail limit is reached for (\S+@\S+)$/i,
    doc: {
      sentence: 'the hourly mail limit is reached for {email}',
      setsUp:
        'The address has had all its mails of the hour (docs/security.md#limits): the next mail to it is refused with 429 and Retry-After. Set up after the state that makes its account or link, which clears the limits.',
      returns: ['email'],
    },
    run: async (ctx, email, params) => {
      const address = text(params, 'email') ?? email!;
      // Both budgets: the mailbox's (registration, e-mail change) and the account's (reset).
      const { mailsPerAddress, resetMailsPerAccount } = ctx.config.limits;
      for (const [key, limit] of [
        [limitKeys.mailMailbox(address), mailsPerAddress],
        [limitKeys.mailAccount(address), resetMailsPerAccount],
      ] as const) {
        await reset(ctx.db, key);
        for (let i = 0; i < limit.max; i += 1) await hit(ctx.db, ctx.clock, key, limit);
      }
      return { email: address };
    },
  },
  {
    // "a password reset mail was just sent to applicant@example.com": the live reset link of "a password reset
    // token exists for …", and the counters its mail spent, so the next reset request is in the account's
    // resend cooldown (docs/security.md#already-sent). Needs the cooldown on (MAIL_RESEND_COOLDOWN_SECONDS).
    pattern: /^a password reset mail was just sent to (\S+@\S+)$/i,
    doc: {
      sentence: 'a password reset mail was just sent to {email}',
      setsUp:
        'As "a password reset token exists for …", and that link\'s mail counted as a sent reset mail: the next reset request for the address, within the resend cooldown (MAIL_RESEND_COOLDOWN_SECONDS, 60 s by default; the state needs it on), sends no mail and answers 202 with `sentAt`, when this one was sent (docs/security.md#already-sent).',
      returns: ['email', 'token', 'sentAt'],
    },
    run: async (ctx, email, params) => {
      const sentence = `a password reset token exists for ${email}`;
      const live = states.find((state) => state.pattern.test(sentence))!;
      const first = await live.run(ctx, email, params, live.pattern.exec(sentence)!);
      const address = first.email!;
      const sentAt = ctx.clock.now();
      const { mailResendCooldown, resetMailsPerAccount } = ctx.config.limits;
      for (const [key, limit] of [
        [limitKeys.mailCooldown('passwordReset', address), mailResendCooldown],
        [limitKeys.mailAccount(address), resetMailsPerAccount],
      ] as const)
        await hit(ctx.db, ctx.clock, key, limit);
      return { ...first, sentAt: sentAt.toISOString() };
    },
  },
  {
    // "the applicant is signed in" (params: email, password): a live session; returns its cookie.
    pattern: /^the applicant is signed in$/i,
    doc: {
      sentence: 'the applicant is signed in',
      setsUp:
        'The account `params.email` (default applicant@example.com) as in "an account exists for …", with a live session.',
      returns: ['email', 'password', 'sessionId', 'cookie (the whole Cookie header value)'],
    },
    run: (ctx, _email, params) => signedIn(ctx, params),
  },
  {
    // "the applicant has saved a plan" (params: email, password): a live session of an account whose saved plan
    // is SAVED_PLAN; returns its cookie.
    pattern: /^the applicant has saved a plan$/i,
    doc: {
      sentence: 'the applicant has saved a plan',
      setsUp:
        'As "the applicant is signed in", and the account\'s saved plan is the Plan example of openapi.yaml (every choice one the reference data offers); the account has no application yet (any an earlier state made is deleted), so an application can be started from the plan.',
      returns: ['email', 'password', 'sessionId', 'cookie'],
    },
    run: async (ctx, _email, params) => {
      const result = await signedIn(ctx, params);
      await ctx.db.query(
        'delete from applications where account_id = (select id from accounts where lower(email) = lower($1))',
        [result.email],
      );
      await ctx.db.query(
        `insert into plans (account_id, plan, updated_at)
         select id, $2::jsonb, $3 from accounts where lower(email) = lower($1)
         on conflict (account_id) do update set plan = excluded.plan, updated_at = excluded.updated_at`,
        [result.email, JSON.stringify(SAVED_PLAN), ctx.clock.now()],
      );
      return result;
    },
  },
  {
    // "the session has been revoked": a session that existed and was revoked; returns its cookie.
    pattern: /^the session has been revoked$/i,
    doc: {
      sentence: 'the session has been revoked',
      setsUp:
        'As "the applicant is signed in", then that session revoked (as by signing out elsewhere or a password change).',
      returns: ['email', 'password', 'sessionId', 'cookie'],
    },
    run: async (ctx, _email, params) => {
      const result = await signedIn(ctx, params);
      await revokeSession(ctx.db, ctx, result.sessionId!);
      return result;
    },
  },
  {
    // "the session has been idle past its idle time": a session unused for longer than the idle timeout
    // (docs/security.md#session-timeout); returns its cookie.
    pattern: /^the session has been idle past its idle time$/i,
    doc: {
      sentence: 'the session has been idle past its idle time',
      setsUp:
        'As "the applicant is signed in", with the session last used longer ago than the idle timeout (docs/security.md#session-timeout).',
      returns: ['email', 'password', 'sessionId', 'cookie'],
    },
    run: async (ctx, _email, params) => {
      const result = await signedIn(ctx, params);
      const idleSince = ctx.clock.now().getTime() - ctx.config.lifetimes.sessionIdle - 1000;
      await setSessionLastUse(ctx.db, result.sessionId!, new Date(idleSince));
      return result;
    },
  },
  {
    // "the authenticator app is being set up": a signed-in, confirmed session whose set-up is under way;
    // returns the session cookie and a code of the set-up's secret valid now.
    pattern: /^the authenticator app is being set up$/i,
    doc: {
      sentence: 'the authenticator app is being set up',
      setsUp:
        'As "the applicant is signed in" (a session signed in now, so confirmed), the app off and a set-up started now (docs/security.md#second-factor).',
      returns: ['email', 'password', 'sessionId', 'cookie', 'code (valid now for the set-up)'],
    },
    run: async (ctx, _email, params) => {
      const result = await signedIn(ctx, params);
      const accountId = (await findAccount(ctx.db, result.email!))!.id;
      const secret = newTotpSecret();
      await startSetup(ctx.db, accountId, secret, ctx.clock.now());
      return { ...result, code: totp(base32Decode(secret), ctx.clock.now()) };
    },
  },
  {
    // "the authenticator app is on": a signed-in, confirmed session of an account with the app on and ten
    // unused recovery codes; returns its cookie.
    pattern: /^the authenticator app is on$/i,
    doc: {
      sentence: 'the authenticator app is on',
      setsUp:
        'As "the applicant is signed in" (confirmed now), with the authenticator app on and ten unused recovery codes; a confirmation with the password alone answers 403 code_required.',
      returns: ['email', 'password', 'sessionId', 'cookie', 'code (valid now)'],
    },
    run: async (ctx, _email, params) => {
      const result = await signedIn(ctx, params);
      const { secret } = await appOn(ctx, (await findAccount(ctx.db, result.email!))!.id);
      return { ...result, code: totp(base32Decode(secret), ctx.clock.now()) };
    },
  },
  {
    // "codes are stopped after too many wrong ones": applicant@example.com's consecutive second-factor failures
    // at the stop (docs/security.md#second-factor); after "a password sign-in waits for its second step".
    pattern: /^codes are stopped after too many wrong ones$/i,
    doc: {
      sentence: 'codes are stopped after too many wrong ones',
      setsUp:
        'After "a password sign-in waits for its second step": applicant@example.com has had SECOND_FACTOR_STOP (10) wrong codes in a row, so codes and recovery codes answer 403 second_factor_locked until a password reset.',
      returns: [],
    },
    run: async (ctx, _email, params) => {
      const email = text(params, 'email') ?? DEFAULT_EMAIL;
      await ctx.db.query(
        'update accounts set second_factor_failures = $2, second_factor_retry_at = null where lower(email) = lower($1)',
        [email, SECOND_FACTOR_STOP],
      );
      return {};
    },
  },
  {
    // "a password sign-in waits for its second step": the app on, the password checked, the second step under
    // way; returns its cookie, a code valid now and one unused recovery code.
    pattern: /^a password sign-in waits for its second step$/i,
    doc: {
      sentence: 'a password sign-in waits for its second step',
      setsUp:
        'The account as in "an account exists for …" with the authenticator app on and ten unused recovery codes, and a second step under way for it (as a right password starts one).',
      returns: [
        'email',
        'password',
        'secondStepCookie (the whole Cookie header value)',
        'code',
        'recoveryCode',
      ],
    },
    run: async (ctx, _email, params) => {
      const email = text(params, 'email') ?? DEFAULT_EMAIL;
      const password = text(params, 'password') ?? DEFAULT_PASSWORD;
      await ensureAccount(ctx, email, password);
      // After ensureAccount: its new password raised the credential version the step records.
      const account = (await findAccount(ctx.db, email))!;
      const { secret, recoveryCodes } = await appOn(ctx, account.id);
      const id = await startSecondStep(ctx.db, account.id, account.credentialVersion, ctx.clock.now());
      return {
        email,
        password,
        secondStepCookie: `${applicantRealm.cookies.secondStep}=${id}`,
        code: totp(base32Decode(secret), ctx.clock.now()),
        recoveryCode: recoveryCodes[0]!,
      };
    },
  },
  {
    // "a second factor is required and the account has none": REQUIRE_SECOND_FACTOR on (for this state), and a
    // session of an account with neither a passkey nor the app; returns its cookie.
    pattern: /^a second factor is required and the account has none$/i,
    doc: {
      sentence: 'a second factor is required and the account has none',
      setsUp:
        'REQUIRE_SECOND_FACTOR on until the teardown of its interaction, and "the applicant is signed in" for an account with neither a passkey nor the authenticator app (docs/security.md#second-factor).',
      returns: ['email', 'password', 'sessionId', 'cookie'],
    },
    run: async (ctx, _email, params) => {
      const result = await signedIn(ctx, params);
      await ctx.db.query(
        'delete from passkeys where account_id = (select id from accounts where lower(email) = lower($1))',
        [result.email],
      );
      switchRequireSecondFactor(ctx.config, true);
      return result;
    },
  },
  {
    // "a maintenance stop is announced": one stop from tomorrow, as the desk's file would announce it.
    pattern: /^a maintenance stop is announced$/i,
    doc: {
      sentence: 'a maintenance stop is announced',
      setsUp:
        'One maintenance stop not yet over (from a day after now to two days after, with its text in both languages), as MAINTENANCE_FILE would announce it (docs/operations.md#maintenance-windows).',
      returns: [],
    },
    run: async (ctx) => {
      if (!ctx.maintenance) throw new Error("the maintenance state needs the server's MaintenanceSchedule");
      const day = 24 * 60 * 60 * 1000;
      const now = ctx.clock.now().getTime();
      ctx.maintenance.announce([
        {
          start: new Date(now + day),
          end: new Date(now + 2 * day),
          text: {
            ja: 'この間は出願準備の保存もできません。',
            en: 'You cannot save your application plan during this time.',
          },
        },
      ]);
      return {};
    },
  },
  // Passkeys and recent sign-in (issue 28).
  ...passkeyStates(signedIn),
  // Applications (issue 38).
  ...applicationStates(signedIn, ensureAccount),
  // The desk console's pact (issue 40): staff members signed in.
  ...staffStates(),
];

export class UnknownStateError extends Error {}

/** The documentation of the state a sentence names, or undefined for a sentence no handler knows. */
export function stateDoc(state: string): StateDoc | undefined {
  return states.find(({ pattern }) => pattern.test(state.trim()))?.doc;
}

/** Whether a handler knows the sentence: asked before anything is changed for it. */
export function isKnownState(state: string): boolean {
  return states.some(({ pattern }) => pattern.test(state.trim()));
}

/** Sets up one state; throws UnknownStateError for a sentence no handler knows. */
export async function setUpState(
  ctx: StateContext,
  state: string,
  params: StateParams = {},
): Promise<StateResult> {
  for (const { pattern, run } of states) {
    const match = pattern.exec(state.trim());
    if (match) return run(ctx, match[1], params, match);
  }
  throw new UnknownStateError(`unknown provider state: ${state}`);
}

/** The stateHandlers map a pact-js Verifier takes, for the given state sentences. */
export function stateHandlers(
  ctx: StateContext,
  sentences: string[],
): Record<string, { setup: (params?: StateParams) => Promise<StateResult>; teardown: () => Promise<void> }> {
  return Object.fromEntries(
    sentences.map((sentence) => [
      sentence,
      {
        setup: (params: StateParams = {}) => setUpState(ctx, sentence, params),
        teardown: async () => resetStateSettings(ctx),
      },
    ]),
  );
}
