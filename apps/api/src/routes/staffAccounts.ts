// The staff accounts as the desk sees them (docs/security.md#staff). Made and changed only by the operator's
// commands (docs/operations.md#staff-accounts); here they are only read.
import type { Handlers, Services } from '../services.ts';
import { staffIn } from '../staff/access.ts';
import { listStaff } from '../staff/staffAccounts.ts';

export function staffAccountHandlers(s: Services): Handlers<'listStaffAccounts'> {
  return {
    async listStaffAccounts(request) {
      await staffIn(s, request, ['desk']);
      const accounts = await listStaff(s.db);
      return {
        accounts: accounts.map((account) => ({
          id: account.id,
          email: account.email,
          ...account.assignment,
          status: account.active ? ('active' as const) : ('invited' as const),
          secondFactor: account.secondFactor,
        })),
      };
    },
  };
}
