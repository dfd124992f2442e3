// The authenticator app and its recovery codes, for the signed-in applicant (docs/security.md#second-factor):
// its state, a set-up, turning it on with a first code, turning it off, a new set of recovery codes. Every
// change needs a recent sign-in, and is made in one transaction with its change notice.
import { lockAccount } from '../account/accounts.ts';
import { audit } from '../platform/audit.ts';
import type { Queryable } from '../platform/db.ts';
import { authenticatorAppOf, authenticatorAppsIn, turnOff } from '../account/authenticatorApps.ts';
import { applicantRealm, type Realm } from '../account/realm.ts';
import { requireRecentSignIn } from '../account/confirmation.ts';
import { notice, type NoticeEvent } from '../mail/templates.ts';
import { problems } from '../platform/problem.ts';
import {
  newRecoveryCodeSet,
  recoveryCodesIn,
  recoveryCodesLeft,
  storeRecoveryCodes,
  voidRecoveryCodes,
} from '../account/recoveryCodes.ts';
import { refuseRemovingLast, secondFactorProblems } from '../account/secondFactors.ts';
import { lookupSession, type Handlers, type Services } from '../services.ts';
import { newTotpSecret, otpauthUri } from '../account/totp.ts';
import type { FastifyRequest } from 'fastify';

/** A set-up of the app, in either realm (realm.ts): a new secret, unless the app is on (409 `already_on`). */
export async function startAppSetupFor(
  s: Services,
  realm: Realm,
  account: { id: string; email: string },
): Promise<{ key: string; uri: string }> {
  const secret = newTotpSecret();
  if (!(await authenticatorAppsIn(realm).startSetup(s.db, account.id, secret, s.clock.now())))
    throw secondFactorProblems.alreadyOn();
  return { key: secret, uri: otpauthUri(secret, account.email) };
}

/**
 * Turns the app on with a first code, in either realm, with ten new recovery codes and `afterOn` (the
 * applicant's change notice) in the same transaction; returns the codes as shown.
 */
export async function enableAppFor(
  s: Services,
  realm: Realm,
  request: FastifyRequest,
  account: { id: string },
  code: string,
  afterOn?: (tx: Queryable) => Promise<void>,
): Promise<string[]> {
  // Hashed before the transaction (scrypt takes a while), even if the code turns out wrong.
  const set = await newRecoveryCodeSet(s);
  const recoveryCodes = await s.db.transaction(async (tx) => {
    const outcome = await authenticatorAppsIn(realm).turnOn(tx, account.id, code, s.clock.now());
    if (outcome === 'alreadyOn') throw secondFactorProblems.alreadyOn();
    if (outcome === 'noSetup') throw secondFactorProblems.noSetup();
    if (outcome === 'wrongCode') throw secondFactorProblems.wrongCode();
    const codes = await recoveryCodesIn(realm).storeRecoveryCodes(tx, account.id, set, s.clock.now());
    await afterOn?.(tx);
    return codes;
  });
  audit(request, 'authenticator-app.on', { accountId: account.id }, realm.name);
  return recoveryCodes;
}

export function authenticatorAppHandlers(
  s: Services,
): Handlers<
  | 'getAuthenticatorApp'
  | 'startAuthenticatorAppSetup'
  | 'enableAuthenticatorApp'
  | 'disableAuthenticatorApp'
  | 'renewRecoveryCodes'
> {
  const { db, clock } = s;

  /** The session's account; any other session state is 404 (openapi.yaml NoValidSession). */
  const signedIn = async (request: FastifyRequest) => {
    const session = await lookupSession(s, request);
    if (session.state !== 'valid') throw problems.noSession(404);
    return session;
  };

  /** A session that signed in or confirmed within the window (docs/security.md#recent-sign-in). */
  const confirmed = async (request: FastifyRequest) => {
    const session = await signedIn(request);
    requireRecentSignIn(s, session);
    return session;
  };

  /** The change notice, in the change's transaction (docs/security.md#change-notices). */
  const queueNotice = (
    tx: Queryable,
    event: Extract<NoticeEvent, 'authenticatorAppOn' | 'authenticatorAppOff' | 'recoveryCodesRenewed'>,
    to: string,
  ) => s.mailer.send(tx, notice(event, to, clock.now()));

  return {
    async getAuthenticatorApp(request) {
      const { account } = await signedIn(request);
      const app = await authenticatorAppOf(db, account.id);
      if (!app?.onSince) return { on: false, recoveryCodesLeft: 0 };
      return {
        on: true,
        onSince: app.onSince.toISOString(),
        recoveryCodesLeft: await recoveryCodesLeft(db, account.id),
      };
    },

    async startAuthenticatorAppSetup(request) {
      const { account } = await confirmed(request);
      return startAppSetupFor(s, applicantRealm, account);
    },

    async enableAuthenticatorApp(request) {
      const { account } = await confirmed(request);
      const recoveryCodes = await enableAppFor(s, applicantRealm, request, account, request.body.code, (tx) =>
        queueNotice(tx, 'authenticatorAppOn', account.email),
      );
      audit(request, 'notice.queued', { accountId: account.id, mail: 'authenticatorAppOnNotice' });
      return { recoveryCodes };
    },

    async disableAuthenticatorApp(request, reply) {
      const { account } = await confirmed(request);
      await db.transaction(async (tx) => {
        // Before the check of the last factor, so that removing a passkey at the same time waits for this.
        await lockAccount(tx, account.id);
        await refuseRemovingLast(s.config, tx, account.id, 'authenticatorApp');
        if (!(await turnOff(tx, account.id))) throw secondFactorProblems.notOn();
        await voidRecoveryCodes(tx, account.id);
        await queueNotice(tx, 'authenticatorAppOff', account.email);
      });
      audit(request, 'authenticator-app.off', { accountId: account.id });
      audit(request, 'notice.queued', { accountId: account.id, mail: 'authenticatorAppOffNotice' });
      return reply.code(204).send();
    },

    async renewRecoveryCodes(request) {
      const { account } = await confirmed(request);
      const set = await newRecoveryCodeSet(s);
      const recoveryCodes = await db.transaction(async (tx) => {
        const app = await authenticatorAppOf(tx, account.id, { forUpdate: true });
        if (!app?.onSince) throw secondFactorProblems.notOn();
        const codes = await storeRecoveryCodes(tx, account.id, set, clock.now());
        await queueNotice(tx, 'recoveryCodesRenewed', account.email);
        return codes;
      });
      audit(request, 'recovery-codes.renewed', { accountId: account.id });
      audit(request, 'notice.queued', { accountId: account.id, mail: 'recoveryCodesRenewedNotice' });
      return { recoveryCodes };
    },
  };
}
