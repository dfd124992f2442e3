// A staff account's second factor (docs/security.md#staff): a passkey or the authenticator app, added with the
// applicant's flows (routes/passkeys.ts addPasskeyFor, routes/authenticatorApp.ts) in the staff realm. Open
// before the account holds one (that is how it gets one); each needs a recent sign-in.
import { requireRecentSignIn } from '../account/confirmation.ts';
import { passkeysIn, toPasskey } from '../account/passkeys.ts';
import { staffRealm } from '../account/realm.ts';
import type { Handlers, Services } from '../services.ts';
import { signedInStaff } from '../staff/access.ts';
import { enableAppFor, startAppSetupFor } from './authenticatorApp.ts';
import { addPasskeyFor } from './passkeys.ts';

export function staffSecondFactorHandlers(
  s: Services,
): Handlers<
  | 'startAddingStaffPasskey'
  | 'addStaffPasskey'
  | 'startStaffAuthenticatorAppSetup'
  | 'enableStaffAuthenticatorApp'
> {
  /** A staff session that signed in within the confirmation window (docs/security.md#recent-sign-in). */
  const recent = async (request: Parameters<typeof signedInStaff>[1]) => {
    const staff = await signedInStaff(s, request);
    requireRecentSignIn(s, staff);
    return staff;
  };
  return {
    async startAddingStaffPasskey(request) {
      const staff = await recent(request);
      return passkeysIn(staffRealm).startAddingChallenge(s, staff.sessionId, staff.account);
    },

    async addStaffPasskey(request, reply) {
      const staff = await signedInStaff(s, request);
      const row = await addPasskeyFor(s, staffRealm, request, staff, request.body);
      return reply.code(201).send(toPasskey(row));
    },

    async startStaffAuthenticatorAppSetup(request) {
      const staff = await recent(request);
      return startAppSetupFor(s, staffRealm, staff.account);
    },

    async enableStaffAuthenticatorApp(request) {
      const staff = await recent(request);
      return { recoveryCodes: await enableAppFor(s, staffRealm, request, staff.account, request.body.code) };
    },
  };
}
