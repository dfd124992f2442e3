// Migration 7 (apps/api/src/platform/migrations.ts) renames the stored token kinds to the mails' names (tokens.ts
// LinkKind). Run on the test database as it was before it: the old check back in place and rows of every old
// kind, inside a transaction that is rolled back, so the shared database is left as it was. Runs on PGlite
// and, through scripts/with-postgres.sh, on PostgreSQL.
import { describe, expect, it } from 'vitest';
import { migrations } from '../src/platform/migrations.ts';
import { peekToken } from '../src/account/tokens.ts';
import { hashSecret } from '../src/platform/secrets.ts';
import { serverFixture, uniqueEmail } from './helpers.ts';

const { server } = serverFixture();
const renaming = migrations.find((migration) => migration.id === 7)!;

class RolledBack extends Error {}

describe('migration 7: token kinds named as their mails', () => {
  it('renames password_reset and email_change, keeps registration, and refuses the old names after', async () => {
    const { db } = server.services;
    const email = uniqueEmail('migration');
    const now = server.clock.now();
    const later = new Date(now.getTime() + 60_000);
    const kinds = { old_reg: 'registration', old_reset: 'password_reset', old_change: 'email_change' };
    const outcome = db.transaction(async (tx) => {
      await tx.query('alter table tokens drop constraint tokens_kind_check');
      await tx.query(
        "alter table tokens add constraint tokens_kind_check check (kind in ('registration', 'password_reset', 'email_change'))",
      );
      for (const [token, kind] of Object.entries(kinds))
        await tx.query(
          `insert into tokens (token_hash, kind, email, created_at, expires_at, credential_version)
           values ($1, $2, $3, $4, $5, 0)`,
          [hashSecret(token), kind, email, now, later],
        );
      for (const statement of renaming.statements) await tx.query(statement);
      const rows = await tx.query<{ token_hash: string; kind: string }>(
        'select token_hash, kind from tokens where email = $1 order by kind',
        [email],
      );
      expect(rows.map((row) => row.kind)).toEqual(['emailChange', 'passwordReset', 'registration']);
      // The code reads them by the new names.
      expect(await peekToken(tx, server.services, 'passwordReset', 'old_reset')).toMatchObject({ email });
      expect(await peekToken(tx, server.services, 'emailChange', 'old_change')).toMatchObject({ email });
      await expect(
        tx.query(
          `insert into tokens (token_hash, kind, email, created_at, expires_at, credential_version)
           values ('x', 'password_reset', $1, $2, $3, 0)`,
          [email, now, later],
        ),
      ).rejects.toThrow(/tokens_kind_check/);
      throw new RolledBack();
    });
    await expect(outcome).rejects.toBeInstanceOf(RolledBack);
    expect(await db.query('select 1 from tokens where email = $1', [email])).toEqual([]);
  });
});
