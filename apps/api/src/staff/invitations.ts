// The invitation of a staff account (docs/security.md#staff): a single-use link mailed by `npm run staff:invite`
// that sets the account's password. Only the token's hash is stored (platform/secrets.ts), as for the
// applicants' links (account/tokens.ts), and a refused link says why in the same words
// (docs/behaviour.md#link-states): used, expired, superseded by a newer invitation, or unknown.
import type { Deps } from '../account/accounts.ts';
import { linkRefusal, type LinkTrace } from '../account/tokens.ts';
import type { Queryable } from '../platform/db.ts';
import type { LinkRefusal } from '../platform/problem.ts';
import { hashSecret, newSecret } from '../platform/secrets.ts';
import { assignmentOf, type StaffAssignment } from './staffAccounts.ts';

/**
 * Issues the account's invitation and returns its token; an earlier one still pending is superseded (the
 * newest mail wins).
 */
export async function issueInvitation(tx: Queryable, deps: Deps, staffId: string): Promise<string> {
  const token = newSecret();
  const now = deps.clock.now();
  await tx.query(
    `update staff_invitations set superseded_at = $2
      where account_id = $1 and used_at is null and superseded_at is null`,
    [staffId, now],
  );
  await tx.query(
    'insert into staff_invitations (token_hash, account_id, created_at, expires_at) values ($1, $2, $3, $4)',
    [hashSecret(token), staffId, now, new Date(now.getTime() + deps.config.lifetimes.staffInvitation)],
  );
  return token;
}

export interface LiveInvitation {
  staffId: string;
  email: string;
  assignment: StaffAssignment;
  expiresAt: Date;
}

/**
 * Live: never used or superseded, unexpired ($2 is now), and its account still waiting for its password, not
 * removed. Aliases: i the invitation, a the account.
 */
const LIVE = `i.token_hash = $1 and i.used_at is null and i.superseded_at is null and i.expires_at > $2
  and a.removed_at is null and a.password_hash is null`;

/** Reads a live invitation without using it up. */
export async function peekInvitation(
  db: Queryable,
  deps: Deps,
  token: string,
): Promise<LiveInvitation | undefined> {
  const rows = await db.query<{
    account_id: string;
    email: string;
    role: string;
    office_id: number | null;
    teacher_id: number | null;
    expires_at: Date | string;
  }>(
    `select i.account_id::text as account_id, a.email, a.role, a.office_id, a.teacher_id, i.expires_at
       from staff_invitations i join staff_accounts a on a.id = i.account_id
      where ${LIVE}`,
    [hashSecret(token), deps.clock.now()],
  );
  const row = rows[0];
  return (
    row && {
      staffId: row.account_id,
      email: row.email,
      assignment: assignmentOf(row),
      expiresAt: new Date(row.expires_at),
    }
  );
}

/**
 * Uses a live invitation up and sets the account's password, in one statement each within the caller's
 * transaction (of two acceptances at once, one wins). The staff id, or undefined when it was not live.
 */
export async function acceptInvitation(
  tx: Queryable,
  deps: Deps,
  token: string,
  passwordHash: string,
): Promise<string | undefined> {
  const now = deps.clock.now();
  const used = await tx.query<{ account_id: string }>(
    `update staff_invitations i set used_at = $2 from staff_accounts a
      where a.id = i.account_id and ${LIVE}
      returning i.account_id::text as account_id`,
    [hashSecret(token), now],
  );
  const staffId = used[0]?.account_id;
  if (!staffId) return undefined;
  await tx.query(
    'update staff_accounts set password_hash = $2, updated_at = $3 where id = $1 and password_hash is null',
    [staffId, passwordHash, now],
  );
  return staffId;
}

/**
 * Why an invitation that is not live is refused, read from its own row only. An invitation whose account was
 * removed, or has its password already, is `unknown`, as an applicant's link ended by a change is.
 */
export async function invitationRefusal(db: Queryable, deps: Deps, token: string): Promise<LinkRefusal> {
  const rows = await db.query<LinkTrace>(
    `select i.used_at is not null as used, i.superseded_at is not null as superseded,
            (a.removed_at is not null or a.password_hash is not null) as ended, i.expires_at
       from staff_invitations i join staff_accounts a on a.id = i.account_id
      where i.token_hash = $1`,
    [hashSecret(token)],
  );
  return linkRefusal(rows[0], deps.clock.now());
}
