// Recovery codes: their shape, how a typed one is read, and single use in the database.
import { describe, expect, it } from 'vitest';
import { findAccount } from '../src/accounts.ts';
import {
  hashRecoveryCode,
  issueRecoveryCodes,
  newRecoveryCode,
  normaliseRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  recoveryCodesLeft,
  useRecoveryCode,
  voidRecoveryCodes,
} from '../src/recoveryCodes.ts';
import { hashSecret } from '../src/secrets.ts';
import { insertAccounts, serverFixture } from './helpers.ts';

describe('a recovery code', () => {
  it('is xxxx-xxxx-xxxx of lower-case letters and digits without look-alikes', () => {
    for (let i = 0; i < 200; i += 1) {
      const code = newRecoveryCode();
      expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}$/);
      expect(code).not.toMatch(/[01ilo]/);
    }
    expect(RECOVERY_CODE_ALPHABET).toHaveLength(31);
  });

  it('is read whatever the case and the hyphens or spaces typed', () => {
    expect(normaliseRecoveryCode('7fkq-2m9x-hd4p')).toBe('7fkq2m9xhd4p');
    expect(normaliseRecoveryCode('7FKQ 2M9X HD4P')).toBe('7fkq2m9xhd4p');
    expect(normaliseRecoveryCode(' 7fkq2m9xhd4p ')).toBe('7fkq2m9xhd4p');
  });

  it('is not a code with the wrong length or a symbol no code has', () => {
    expect(normaliseRecoveryCode('7fkq-2m9x-hd4')).toBeUndefined();
    expect(normaliseRecoveryCode('7fkq-2m9x-hd4pp')).toBeUndefined();
    expect(normaliseRecoveryCode('0fkq-2m9x-hd4p')).toBeUndefined();
    expect(normaliseRecoveryCode('7fkq_2m9x_hd4p')).toBeUndefined();
  });

  it("is stored as secrets.ts's hash of its normalised form", () => {
    expect(hashRecoveryCode('7fkq2m9xhd4p')).toBe(hashSecret('7fkq2m9xhd4p'));
  });
});

describe('recovery codes in the database', () => {
  const { server } = serverFixture();
  const accountId = async () => {
    const [email] = await insertAccounts(server, 1, 'codes');
    return (await findAccount(server.services.db, email!))!.id;
  };

  it('ten different codes, only their hashes stored', async () => {
    const id = await accountId();
    const codes = await issueRecoveryCodes(server.services.db, id, server.clock.now());
    expect(new Set(codes).size).toBe(10);
    const rows = await server.services.db.query<{ code_hash: string }>(
      'select code_hash from recovery_codes where account_id = $1',
      [id],
    );
    const stored = rows.map((row) => row.code_hash).sort();
    expect(stored).toEqual(codes.map((code) => hashSecret(normaliseRecoveryCode(code)!)).sort());
    for (const code of codes) expect(JSON.stringify(rows)).not.toContain(code.replaceAll('-', ''));
    expect(await recoveryCodesLeft(server.services.db, id)).toBe(10);
  });

  it('each code works once, typed in any case', async () => {
    const id = await accountId();
    const [first] = await issueRecoveryCodes(server.services.db, id, server.clock.now());
    const now = server.clock.now();
    expect(await useRecoveryCode(server.services.db, id, first!.toUpperCase(), now)).toBe(true);
    expect(await useRecoveryCode(server.services.db, id, first!, now)).toBe(false);
    expect(await recoveryCodesLeft(server.services.db, id)).toBe(9);
  });

  it('two uses of one code at once: one succeeds', async () => {
    const id = await accountId();
    const [code] = await issueRecoveryCodes(server.services.db, id, server.clock.now());
    const now = server.clock.now();
    const results = await Promise.all(
      [1, 2, 3].map(() => useRecoveryCode(server.services.db, id, code!, now)),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("another account's code does not work", async () => {
    const [mine, theirs] = [await accountId(), await accountId()];
    const [code] = await issueRecoveryCodes(server.services.db, theirs, server.clock.now());
    await issueRecoveryCodes(server.services.db, mine, server.clock.now());
    expect(await useRecoveryCode(server.services.db, mine, code!, server.clock.now())).toBe(false);
  });

  it('a new set voids the earlier one; voiding leaves none', async () => {
    const id = await accountId();
    const old = await issueRecoveryCodes(server.services.db, id, server.clock.now());
    const renewed = await issueRecoveryCodes(server.services.db, id, server.clock.now());
    expect(await useRecoveryCode(server.services.db, id, old[0]!, server.clock.now())).toBe(false);
    expect(await useRecoveryCode(server.services.db, id, renewed[0]!, server.clock.now())).toBe(true);
    await voidRecoveryCodes(server.services.db, id);
    expect(await recoveryCodesLeft(server.services.db, id)).toBe(0);
    expect(await useRecoveryCode(server.services.db, id, renewed[1]!, server.clock.now())).toBe(false);
  });
});
