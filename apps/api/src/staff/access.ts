// Who may call a staff operation (docs/security.md#staff): a live staff session (its own cookie and table: an
// applicant's session is no session here), then a second factor held (until then only the session's own
// operations and adding a factor are open), then a role the operation serves. The role and the second factor
// are read with the session at every request, never kept from an earlier one.
import type { FastifyRequest } from 'fastify';
import { staffRealm } from '../account/realm.ts';
import { secondFactorProblems } from '../account/secondFactors.ts';
import { audit } from '../platform/audit.ts';
import { problems } from '../platform/problem.ts';
import { sessionCookiesIn, type Services, type SessionLookup } from '../services.ts';
import { assignmentOf, type StaffAssignment, type StaffRole } from './staffAccounts.ts';

export const staffCookies = sessionCookiesIn(staffRealm);

export type StaffSessionLookup = Extract<SessionLookup, { state: 'valid' }>;

export interface SignedInStaff extends StaffSessionLookup {
  assignment: StaffAssignment;
  /** The account holds a passkey or the authenticator app (read with the session). */
  secondFactor: boolean;
}

/** The staff member of a valid session lookup. */
export const signedInStaffOf = (session: StaffSessionLookup): SignedInStaff => ({
  ...session,
  assignment: assignmentOf(session.details),
  secondFactor: session.details.has_second_factor === true,
});

/**
 * The request's staff session, extended (every staff call but the console's own check is use): 401 without
 * one, whatever other cookie the request carries.
 */
export async function signedInStaff(s: Services, request: FastifyRequest): Promise<SignedInStaff> {
  const session = await staffCookies.lookupSession(s, request);
  if (session.state !== 'valid') throw problems.noSession(401);
  return signedInStaffOf(session);
}

/**
 * A staff member who holds a second factor and whose role, as it is now, is one of `roles`: 403
 * `second_factor_required` before a second factor is added, 403 `role_refused` for another role. Every staff
 * operation but the session's own and adding a second factor begins here.
 */
export async function staffIn(
  s: Services,
  request: FastifyRequest,
  roles: readonly StaffRole[],
): Promise<SignedInStaff> {
  const staff = await signedInStaff(s, request);
  if (!staff.secondFactor) {
    audit(request, 'second-factor.required', { accountId: staff.account.id }, 'staff');
    throw secondFactorProblems.secondFactorRequired();
  }
  if (!roles.includes(staff.assignment.role)) {
    audit(request, 'role.refused', { accountId: staff.account.id }, 'staff');
    throw problems.roleRefused();
  }
  return staff;
}
