// Staff accounts (docs/security.md#staff): the desk, offices, supervisors and exchange staff, in tables of their
// own (migration 13, account/realm.ts `staffRealm`). Made, re-roled and removed only by the operator's commands
// (operatorCommands.ts); a role is read from the account at every request, never kept in a session.
import type { Deps } from '../account/accounts.ts';
import type { Database, Queryable } from '../platform/db.ts';
import { staffRealm } from '../account/realm.ts';
import { sessionsIn } from '../account/sessions.ts';

export const staffRoles = ['desk', 'office', 'supervisor', 'exchange'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** Who a staff account is, as its row says now. */
export interface StaffAssignment {
  role: StaffRole;
  /** The office (offices list `id`) of an `office` account. */
  officeId?: number;
  /** The teacher (teachers list `id`) of a `supervisor` account. */
  teacherId?: number;
}

export interface StaffAccount {
  id: string;
  email: string;
  /** Null until the invitation is accepted. */
  passwordHash: string | null;
  credentialVersion: number;
  assignment: StaffAssignment;
}

type StaffRow = {
  id: string;
  email: string;
  password_hash: string | null;
  credential_version: number | string;
  role: StaffRole;
  office_id: number | string | null;
  teacher_id: number | string | null;
};

const COLUMNS = 'id::text as id, email, password_hash, credential_version, role, office_id, teacher_id';

/** The role and its reference from a row's columns (a staff session's `details` carries the same). */
export function assignmentOf(row: Record<string, unknown>): StaffAssignment {
  const role = row.role as StaffRole;
  if (!staffRoles.includes(role)) throw new Error(`a staff row with the role ${String(role)}`);
  return {
    role,
    ...(row.office_id === null || row.office_id === undefined ? {} : { officeId: Number(row.office_id) }),
    ...(row.teacher_id === null || row.teacher_id === undefined ? {} : { teacherId: Number(row.teacher_id) }),
  };
}

const toStaff = (row: StaffRow): StaffAccount => ({
  id: row.id,
  email: row.email,
  passwordHash: row.password_hash,
  credentialVersion: Number(row.credential_version),
  assignment: assignmentOf(row),
});

/** The live (not removed) staff account of the address, invited or active. */
export async function findStaffAccount(db: Queryable, email: string): Promise<StaffAccount | undefined> {
  const rows = await db.query<StaffRow>(
    `select ${COLUMNS} from staff_accounts where lower(email) = lower($1) and removed_at is null`,
    [email],
  );
  return rows[0] && toStaff(rows[0]);
}

/**
 * The staff account a password sign-in may open: live and with its password set (an invited account has none
 * yet, and answers as an unknown address: routes/staffSessions.ts).
 */
export async function findSignInStaff(db: Queryable, email: string) {
  const staff = await findStaffAccount(db, email);
  if (!staff?.passwordHash) return undefined;
  return {
    id: staff.id,
    email: staff.email,
    passwordHash: staff.passwordHash,
    credentialVersion: staff.credentialVersion,
  };
}

const referenceColumns = (assignment: StaffAssignment) => [
  assignment.role,
  assignment.officeId ?? null,
  assignment.teacherId ?? null,
];

/**
 * A new staff account of the address, invited (no password yet); or, when a live account of the address has
 * not accepted its invitation yet, that account with the new role (its invitation is then sent again).
 * `active` when a live account of the address has its password: the command refuses it.
 */
export async function createInvitedStaff(
  tx: Queryable,
  deps: Deps,
  email: string,
  assignment: StaffAssignment,
): Promise<{ staffId: string } | 'active'> {
  const now = deps.clock.now();
  const existing = await tx.query<{ id: string; active: boolean }>(
    `select id::text as id, password_hash is not null as active from staff_accounts
      where lower(email) = lower($1) and removed_at is null for update`,
    [email],
  );
  const row = existing[0];
  if (row?.active) return 'active';
  if (row) {
    await tx.query(
      'update staff_accounts set role = $2, office_id = $3, teacher_id = $4, updated_at = $5 where id = $1',
      [row.id, ...referenceColumns(assignment), now],
    );
    return { staffId: row.id };
  }
  const inserted = await tx.query<{ id: string }>(
    `insert into staff_accounts (email, role, office_id, teacher_id, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $5) returning id::text as id`,
    [email, ...referenceColumns(assignment), now],
  );
  return { staffId: inserted[0]!.id };
}

/**
 * The live account's new role and reference: its sessions stay, and their next request is served as the new
 * role (the role is read with every session check). False when no live account has the address.
 */
export async function setStaffRole(
  db: Queryable,
  deps: Deps,
  email: string,
  assignment: StaffAssignment,
): Promise<boolean> {
  const rows = await db.query(
    `update staff_accounts set role = $2, office_id = $3, teacher_id = $4, updated_at = $5
      where lower(email) = lower($1) and removed_at is null returning 1`,
    [email, ...referenceColumns(assignment), deps.clock.now()],
  );
  return rows.length === 1;
}

/**
 * Removes the live account of the address: it signs in no more, its sessions end (a session check joins only
 * accounts not removed, so an open one is refused at its next request even before this revocation is seen),
 * and its pending invitation is superseded. The row stays, for what names it. Undefined when none is live.
 */
export async function removeStaff(
  db: Database,
  deps: Deps,
  email: string,
): Promise<{ sessions: number } | undefined> {
  return db.transaction(async (tx) => {
    const now = deps.clock.now();
    const rows = await tx.query<{ id: string }>(
      `update staff_accounts set removed_at = $2, updated_at = $2
        where lower(email) = lower($1) and removed_at is null returning id::text as id`,
      [email, now],
    );
    const staffId = rows[0]?.id;
    if (!staffId) return undefined;
    await tx.query(
      'update staff_invitations set superseded_at = $2 where account_id = $1 and used_at is null and superseded_at is null',
      [staffId, now],
    );
    return { sessions: await sessionsIn(staffRealm).revokeAllSessions(tx, deps, staffId) };
  });
}

export interface StaffListEntry {
  id: string;
  email: string;
  assignment: StaffAssignment;
  active: boolean;
  secondFactor: boolean;
}

/** Every live staff account, by address. */
export async function listStaff(db: Queryable): Promise<StaffListEntry[]> {
  const rows = await db.query<StaffRow & { second_factor: boolean }>(
    `select ${COLUMNS},
            exists (select 1 from staff_passkeys p where p.account_id = a.id)
              or exists (select 1 from staff_authenticator_apps t where t.account_id = a.id and t.on_since is not null)
              as second_factor
       from staff_accounts a where removed_at is null order by lower(email)`,
  );
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    assignment: assignmentOf(row),
    active: row.password_hash !== null,
    secondFactor: row.second_factor === true,
  }));
}
