import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crockford, newReference, readReference } from './reference.ts';

const bytes = fc.uint8Array({ minLength: 5, maxLength: 5 });
const kind = fc.constantFrom(
  'researchStudent' as const,
  'master' as const,
  'doctoral' as const,
  'exchange' as const,
);
const year = fc.integer({ min: 2000, max: 2099 });
const shape = /^[RMDX][0-9]{2}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

describe('reference numbers (docs/behaviour.md#applications)', () => {
  it('has the contract’s shape, the kind’s letter and the year, and reads back as itself', () => {
    fc.assert(
      fc.property(kind, year, bytes, (studentType, entryYear, random) => {
        const reference = newReference(studentType, entryYear, random);
        expect(reference).toMatch(shape);
        expect(reference.slice(0, 3)).toBe(
          `${{ researchStudent: 'R', master: 'M', doctoral: 'D', exchange: 'X' }[studentType]}${String(entryYear).slice(2)}`,
        );
        expect(readReference(reference)).toEqual({ ok: true, reference, studentType, entryYear });
      }),
    );
    expect(newReference('master', 2027, new Uint8Array([0, 0, 0, 0, 0]))).toBe(
      'M27-0000-000' + newReference('master', 2027, new Uint8Array(5)).slice(-1),
    );
  });

  it('uses 35 random bits: different bytes give different references', () => {
    expect(newReference('master', 2027, new Uint8Array([0, 0, 0, 0, 0x20]))).not.toBe(
      newReference('master', 2027, new Uint8Array(5)),
    );
    expect(newReference('master', 2027, new Uint8Array([0, 0, 0, 0, 0x1f]))).toBe(
      newReference('master', 2027, new Uint8Array(5)),
    );
    expect(() => newReference('master', 2027, new Uint8Array(4))).toThrow(RangeError);
    expect(() => newReference('master', 1999, new Uint8Array(5))).toThrow(RangeError);
  });

  it('catches any one symbol changed, including the kind, the year and the check', () => {
    fc.assert(
      fc.property(
        kind,
        year,
        bytes,
        fc.nat(),
        fc.integer({ min: 1, max: 31 }),
        (studentType, entryYear, random, at, shift) => {
          const symbols = newReference(studentType, entryYear, random).replaceAll('-', '');
          const index = at % symbols.length;
          const changed = crockford[(crockford.indexOf(symbols[index]!) + shift) % 32]!;
          const typo = symbols.slice(0, index) + changed + symbols.slice(index + 1);
          expect(readReference(typo).ok).toBe(false);
        },
      ),
    );
  });

  it('catches any two adjacent symbols swapped', () => {
    fc.assert(
      fc.property(kind, year, bytes, fc.nat(), (studentType, entryYear, random, at) => {
        const symbols = newReference(studentType, entryYear, random).replaceAll('-', '');
        const index = at % (symbols.length - 1);
        fc.pre(symbols[index] !== symbols[index + 1]);
        const swapped =
          symbols.slice(0, index) + symbols[index + 1] + symbols[index] + symbols.slice(index + 2);
        expect(readReference(swapped).ok).toBe(false);
      }),
    );
  });

  it('reads what someone types or reads out: case, width, spaces, missing hyphens, O for 0, I and L for 1', () => {
    const reference = newReference('doctoral', 2027, new Uint8Array([0x08, 0x42, 0x10, 0x84, 0x21]));
    expect(reference.slice(4, 8)).toBe('1111');
    const spoken = [
      reference.toLowerCase(),
      reference.replaceAll('-', ''),
      reference.replaceAll('-', ' '),
      ` ${reference.replaceAll('-', ' - ')} `,
      reference.replace('1111', 'IlLi'),
      reference.replace('D27', 'd2７'),
      reference.replaceAll('-', 'ー'),
    ];
    for (const text of spoken) expect(readReference(text)).toMatchObject({ ok: true, reference });
    expect(readReference(reference.replace('D2', 'DO').replace('DO7', 'D27'))).toMatchObject({ ok: true });
  });

  it('reads the contract’s example (openapi.yaml `Reference`) as a valid reference', () => {
    expect(readReference('M27-4KX7-9QF2')).toEqual({
      ok: true,
      reference: 'M27-4KX7-9QF2',
      studentType: 'master',
      entryYear: 2027,
    });
  });

  it('says whether a text is no reference at all or one with a wrong check', () => {
    const reference = newReference('master', 2027, new Uint8Array([1, 2, 3, 4, 5]));
    const last = reference.at(-1)!;
    const wrong = reference.slice(0, -1) + crockford[(crockford.indexOf(last) + 1) % 32];
    expect(readReference(wrong)).toEqual({ ok: false, problem: 'check' });
    for (const text of [
      '',
      'M27-4KX7-9QF',
      'A27-4KX7-9QF2',
      'M27-4KX7-9QU2',
      'M27-4KX7-9QF2-0',
      'M2-74KX7-9QF2X',
    ])
      expect(readReference(text)).toMatchObject({ ok: false });
    expect(readReference('A27-4KX7-9QF2')).toEqual({ ok: false, problem: 'format' });
  });
});
