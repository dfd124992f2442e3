import type { StudentType } from '../types.ts';

/** Crockford's base 32: digits and letters without I, L, O and U, each symbol's value its index. */
export const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const kindLetters: Record<StudentType, string> = {
  researchStudent: 'R',
  master: 'M',
  doctoral: 'D',
  exchange: 'X',
};

/** The number of random symbols of a reference (35 bits): the eighth symbol is the check. */
const randomSymbols = 7;
/** Bytes `newReference` reads (40 bits, of which it uses 35). */
export const referenceRandomBytes = 5;

/** Multiplication by x in GF(32) = GF(2)[x] / (x⁵ + x² + 1). */
const timesX = (value: number) => (value & 0x10 ? ((value << 1) ^ 0x25) & 0x1f : value << 1);

/**
 * docs/behaviour.md#applications: the check of a reference, Damm's algorithm over the quasigroup
 * a ∘ b = x·a + b of GF(32): the interim starts at 0 and takes each symbol in turn; the check symbol is the one
 * that brings it back to 0. As x ≠ 0, 1, the quasigroup is totally anti-symmetric, so any one symbol changed
 * and any two adjacent symbols swapped give another interim: the check catches every such error, also in the
 * check symbol itself. It covers the kind letter and the year too (all symbols of the alphabet), so a letter or
 * a year misheard is caught as well.
 */
function interim(symbols: string): number {
  let value = 0;
  for (const symbol of symbols) value = timesX(value) ^ crockford.indexOf(symbol);
  return value;
}

const checkSymbol = (symbols: string) => crockford[timesX(interim(symbols))]!;

/** `M27-4KX7-9QF2` from its eleven symbols `M274KX79QF2`. */
const grouped = (symbols: string) => `${symbols.slice(0, 3)}-${symbols.slice(3, 7)}-${symbols.slice(7)}`;

/**
 * docs/behaviour.md#applications: a new reference number (openapi.yaml `Reference`): the kind's letter, the
 * year of entry's last two digits, seven random symbols from the first 35 bits of `randomBytes` (at least five
 * bytes, from a secure source) and the check symbol, grouped by hyphens: `M27-4KX7-9QF2`. Not unique by
 * itself: the server draws again when a reference is taken.
 */
export function newReference(studentType: StudentType, entryYear: number, randomBytes: Uint8Array): string {
  if (!Number.isInteger(entryYear) || entryYear < 2000 || entryYear > 2099)
    throw new RangeError(`The year of entry must be 2000 to 2099, not ${entryYear}`);
  if (randomBytes.length < referenceRandomBytes)
    throw new RangeError(`A reference needs ${referenceRandomBytes} random bytes`);
  let bits = 0n;
  for (const byte of randomBytes.subarray(0, referenceRandomBytes)) bits = (bits << 8n) | BigInt(byte);
  let random = '';
  for (let i = 0; i < randomSymbols; i++) random += crockford[Number((bits >> BigInt(35 - 5 * i)) & 31n)];
  const symbols = `${kindLetters[studentType]}${String(entryYear % 100).padStart(2, '0')}${random}`;
  return grouped(symbols + checkSymbol(symbols));
}

export type ReadReference =
  | {
      readonly ok: true;
      readonly reference: string;
      readonly studentType: StudentType;
      readonly entryYear: number;
    }
  /** `format`: not a reference's shape; `check`: the shape, but the check symbol does not match (a typo). */
  | { readonly ok: false; readonly problem: 'format' | 'check' };

const separators = /[\s\-‐‑‒–—―−ー－_.・]/gu;
const shape = /^[RMDX][0-9]{2}[0-9A-HJKMNP-TV-Z]{8}$/;

/**
 * docs/behaviour.md#applications: a reference as someone typed or read it out: any width and case, spaces and
 * hyphens anywhere or nowhere, O read as 0 and I or L as 1 (Crockford's reading); then its check symbol must
 * match. Gives the reference in its written form.
 */
export function readReference(text: string): ReadReference {
  const symbols = text
    .normalize('NFKC')
    .toUpperCase()
    .replace(separators, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (!shape.test(symbols)) return { ok: false, problem: 'format' };
  if (checkSymbol(symbols.slice(0, -1)) !== symbols.slice(-1)) return { ok: false, problem: 'check' };
  const letter = symbols[0]!;
  const studentType = (Object.keys(kindLetters) as StudentType[]).find(
    (type) => kindLetters[type] === letter,
  )!;
  return {
    ok: true,
    reference: grouped(symbols),
    studentType,
    entryYear: 2000 + Number(symbols.slice(1, 3)),
  };
}
