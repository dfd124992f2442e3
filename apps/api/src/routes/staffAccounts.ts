// The staff accounts as the desk sees them (docs/security.md#staff). Made and changed only by the operator's
// commands (docs/operations.md#staff-accounts); here they are only read, but for each staff member's own mail
// settings (the daily summary, desk/dailySummary.ts).
import { audit } from '../platform/audit.ts';
import { limitKeys, take } from '../platform/rateLimits.ts';
import type { Handlers, Services } from '../services.ts';
import { staffIn } from '../staff/access.ts';
import { listStaff, staffRoles } from '../staff/staffAccounts.ts';

export function staffAccountHandlers(
  s: Services,
): Handlers<'listStaffAccounts' | 'getStaffPreferences' | 'setStaffPreferences'> {
  const preferencesOf = async (accountId: string) => {
    const [row] = await s.db.query<{ summary_mail: boolean }>(
      'select summary_mail from staff_accounts where id = $1',
      [accountId],
    );
    return { dailySummary: row?.summary_mail === true };
  };
  return {
    async getStaffPreferences(request) {
      const staff = await staffIn(s, request, staffRoles);
      return preferencesOf(staff.account.id);
    },
    async setStaffPreferences(request) {
      const staff = await staffIn(s, request, staffRoles);
      await take(s.db, s.clock, [
        { key: limitKeys.deskWrites(staff.account.id), limit: s.config.limits.deskWritesPerAccount },
      ]);
      const { dailySummary } = request.body;
      await s.db.query('update staff_accounts set summary_mail = $2 where id = $1', [
        staff.account.id,
        dailySummary,
      ]);
      audit(request, 'preferences.changed', { accountId: staff.account.id, dailySummary }, 'staff');
      return preferencesOf(staff.account.id);
    },
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
