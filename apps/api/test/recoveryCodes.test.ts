// Recovery codes: their shape, how a typed one is read, and single use in the database.
import { describe, expect, it } from 'vitest';
import { findAccount } from '../src/account/accounts.ts';
import {
  findRecoveryCode,
  issueRecoveryCodes,
  newRecoveryCode,
  normaliseRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  recoveryCodesLeft,
  spendRecoveryCode,
  voidRecoveryCodes,
} from '../src/account/recoveryCodes.ts';
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
});

describe('recovery codes in the database', () => {
  const { server } = serverFixture();
  /** Checks a typed code and uses it up, as the second step does. */
  const use = async (accountId: string, typed: string, now: Date): Promise<boolean> => {
    const stored = await findRecoveryCode(server.services.db, accountId, typed);
    return stored !== undefined && (await spendRecoveryCode(server.services.db, accountId, stored, now));
  };
  const accountId = async () => {
    const [email] = await insertAccounts(server, 1, 'codes');
    return (await findAccount(server.services.db, email!))!.id;
  };

  it('ten different codes with distinct lookups, only their salted hashes stored', async () => {
    const id = await accountId();
    const codes = await issueRecoveryCodes(server.services.db, server.services, id);
    expect(new Set(codes).size).toBe(10);
    expect(new Set(codes.map((code) => code.slice(0, 4))).size).toBe(10);
    const rows = await server.services.db.query<{ code_hash: string }>(
      'select code_hash from recovery_codes where account_id = $1',
      [id],
    );
    expect(rows).toHaveLength(10);
    for (const code of codes) expect(JSON.stringify(rows)).not.toContain(code.replaceAll('-', ''));
    expect(await recoveryCodesLeft(server.services.db, id)).toBe(10);
  });

  it('each code works once, typed in any case', async () => {
    const id = await accountId();
    const [first] = await issueRecoveryCodes(server.services.db, server.services, id);
    const now = server.clock.now();
    expect(await use(id, first!.toUpperCase(), now)).toBe(true);
    expect(await use(id, first!, now)).toBe(false);
    expect(await recoveryCodesLeft(server.services.db, id)).toBe(9);
  });

  it('two uses of one code at once: one succeeds', async () => {
    const id = await accountId();
    const [code] = await issueRecoveryCodes(server.services.db, server.services, id);
    const now = server.clock.now();
    const results = await Promise.all([1, 2, 3].map(() => use(id, code!, now)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it("another account's code does not work", async () => {
    const [mine, theirs] = [await accountId(), await accountId()];
    const [code] = await issueRecoveryCodes(server.services.db, server.services, theirs);
    await issueRecoveryCodes(server.services.db, server.services, mine);
    expect(await use(mine, code!, server.clock.now())).toBe(false);
  });

  it('a new set voids the earlier one; voiding leaves none', async () => {
    const id = await accountId();
    const old = await issueRecoveryCodes(server.services.db, server.services, id);
    const renewed = await issueRecoveryCodes(server.services.db, server.services, id);
    expect(await use(id, old[0]!, server.clock.now())).toBe(false);
    expect(await use(id, renewed[0]!, server.clock.now())).toBe(true);
    await voidRecoveryCodes(server.services.db, id);
    expect(await recoveryCodesLeft(server.services.db, id)).toBe(0);
    expect(await use(id, renewed[1]!, server.clock.now())).toBe(false);
  });
});
