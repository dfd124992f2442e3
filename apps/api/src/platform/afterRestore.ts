// What a restore must do before the server serves again (docs/operations.md#backup-and-restore): a backup
// holds the sessions and the link tokens as they were when it was taken, so one revoked or used since (a
// sign-out, a password changed after a theft, a reset link already followed) would be live again. Every
// session and every open token ends, the staff's too; applicants sign in again and ask for a new link.
import type { Clock } from './clock.ts';
import type { Queryable } from './db.ts';

export interface Ended {
  sessions: number;
  tokens: number;
}

export async function endSessionsAndTokens(db: Queryable, clock: Clock): Promise<Ended> {
  const now = clock.now();
  const sessions = await db.query(
    'update sessions set revoked_at = $1 where revoked_at is null returning 1',
    [now],
  );
  const tokens = await db.query(
    'update tokens set ended_at = $1 where used_at is null and ended_at is null returning 1',
    [now],
  );
  // The staff's too (docs/security.md#staff): their sessions, and their invitations' links, marked superseded
  // (the link is refused as a newer invitation's would be; `npm run staff:invite` sends a new one).
  const staffSessions = await db.query(
    'update staff_sessions set revoked_at = $1 where revoked_at is null returning 1',
    [now],
  );
  const invitations = await db.query(
    'update staff_invitations set superseded_at = $1 where used_at is null and superseded_at is null returning 1',
    [now],
  );
  return {
    sessions: sessions.length + staffSessions.length,
    tokens: tokens.length + invitations.length,
  };
}
