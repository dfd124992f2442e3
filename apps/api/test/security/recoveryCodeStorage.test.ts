// ASVS 5.0 6.5.2: a lookup secret under 112 bits is stored with a salted password hash. A recovery code has
// 59 bits: a leaked table with a fast hash of each would give every code back within days on a few GPUs.
import { describe, expect, it } from 'vitest';
import { findAccount } from '../../src/account/accounts.ts';
import { issueRecoveryCodes, normaliseRecoveryCode } from '../../src/account/recoveryCodes.ts';
import { hashSecret } from '../../src/platform/secrets.ts';
import { insertAccounts, serverFixture } from '../helpers.ts';

describe('a leaked recovery_codes table', () => {
  const { server } = serverFixture();
  it('holds no fast hash of a code: a salted scrypt hash of all but its lookup group (ASVS 5.0 6.5.2)', async () => {
    const [email] = await insertAccounts(server, 1, 'leak');
    const id = (await findAccount(server.services.db, email!))!.id;
    const codes = await issueRecoveryCodes(server.services.db, server.services, id);
    const rows = await server.services.db.query<{ code_hash: string }>(
      'select code_hash from recovery_codes where account_id = $1',
      [id],
    );
    for (const code of codes) {
      const plain = normaliseRecoveryCode(code)!;
      expect(rows.map((r) => r.code_hash)).not.toContain(hashSecret(plain));
      expect(rows.some((r) => r.code_hash.startsWith(`${plain.slice(0, 4)}:scrypt$`))).toBe(true);
    }
  });
});
