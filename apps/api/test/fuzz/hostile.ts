// The hostile half of the fuzzing: values and bodies an attacker (or a broken client) sends instead of what
// openapi.yaml describes. docs/testing.md#fuzzing lists them.
import fc from 'fast-check';

/** 10,000 characters: far past every maxLength of the contract (the longest is 10,000 for a password). */
export const LONG = 10_000;

/** Characters that break naive code: NUL, C0 and C1 controls, line separators, a BOM, lone surrogates. */
export const controlCharacters = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u2028',
  '\u2029',
  '\u200b',
  '\u202e',
  '\ufeff',
  '\ud800',
  '\udfff',
];

/** Strings that are not in Unicode normalisation form C (and look like ones that are). */
export const nonNfc = [
  'e\u0301',
  'A\u030a',
  '\u1e9b\u0323',
  '\u1100\u1161\u11a8',
  'Ｐａｓｓｗ０ｒｄ２０２６',
  'Pаssw0rd2026', // Cyrillic а
  'te\u0301st@example.com',
  'applicant@exa\u0301mple.com',
  'ｅｘａｍｐｌｅ@example.com',
];

const prototypeWords = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

const special = [
  '',
  ' ',
  '\t',
  "' or '1'='1",
  "'; drop table accounts; --",
  '%',
  '_',
  '%_%',
  '\\',
  '"',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '%zz',
  '%2F',
  '1e309',
  '-0',
  'NaN',
  'null',
  'true',
  ' applicant@example.com ',
  'applicant@example.com\u0000',
  'a@b',
  '@example.com',
  'applicant@@example.com',
];

/** A string of exactly `length` characters repeating `unit` (cut to length). */
const repeated = (unit: string, length: number) =>
  unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

/** 10,000-character strings: plain, e-mail shaped, multi-byte, control characters, grapheme clusters. */
export const longString: fc.Arbitrary<string> = fc.oneof(
  fc
    .constantFrom('a', 'Passw0rd', 'é', '日本', '\u0000', 'e\u0301', '👩‍👩‍👧', '\ud800')
    .map((u) => repeated(u, LONG)),
  fc.constant(`${repeated('a', LONG - '@example.com'.length)}@example.com`),
  fc.constant(`applicant@${repeated('a.', LONG - 'applicant@'.length - 3)}com`),
  fc.integer({ min: 1, max: 4 }).map((k) => repeated('x', LONG * k)),
);

/** A string with control characters or non-NFC text in it, based on a generated one. */
const taintedString: fc.Arbitrary<string> = fc
  .tuple(
    fc.string({ maxLength: 20 }),
    fc.constantFrom(...controlCharacters, ...nonNfc),
    fc.string({ maxLength: 20 }),
  )
  .map(([before, taint, after]) => before + taint + after);

/** Strings no field of the contract should accept as they are, or that test what the server does with them. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: longString, weight: 2 },
  { arbitrary: taintedString, weight: 3 },
  { arbitrary: fc.constantFrom(...controlCharacters, ...nonNfc, ...prototypeWords, ...special), weight: 3 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
);

/** Wrong JSON types for a field (any field of the contract is a string). */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 8 }), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('a', '__proto__', 'constructor', 'email'), fc.string({ maxLength: 8 }), {
    maxKeys: 2,
  }),
  fc.constant({ toString: 'x', valueOf: 1 }),
);

/** Keys that do not belong in any body: prototype keys, near-misses of real ones, oddities. */
export const extraKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    ...prototypeWords,
    'Email',
    'email ',
    'e\u0000mail',
    '',
    'admin',
    'role',
    'accountId',
    'token',
  ),
  fc.string({ maxLength: 12 }),
);

/** A value for an extra key: JSON of any shape, including a prototype-polluting object. */
export const extraValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constant({ polluted: 'yes' }),
  fc.constant({ prototype: { polluted: 'yes' } }),
);

/**
 * Request bodies that are not JSON, or not well-formed, or that hide something in their syntax. Raw text,
 * so duplicate keys and prototype keys reach the parser exactly as written.
 */
export const malformedJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '{',
    '{"email":',
    "{'email':'applicant@example.com'}",
    '{"email":"applicant@example.com",}',
    '{"email":"applicant@example.com"}garbage',
    '{"email":"applicant@example.com"}{"email":"other@example.com"}',
    '\ufeff{"email":"applicant@example.com"}',
    '{"email":"a\u0000b@example.com"}',
    '{"email":"\\ud800@example.com"}',
    '{"password":1e999}',
    '{"__proto__":{"polluted":"yes"},"email":"applicant@example.com"}',
    '{"constructor":{"prototype":{"polluted":"yes"}}}',
    'NaN',
    'undefined',
    '-',
    '[1,2',
    '"\\u0000"',
    '\u0000',
  ),
  fc.integer({ min: 1_000, max: 20_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
  fc.integer({ min: 1_000, max: 20_000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.json().map((text) => text.slice(0, Math.max(0, text.length - 1))),
);

/** Content types a JSON body may arrive with, the right one first. */
export const contentTypes: fc.Arbitrary<string | undefined> = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 12 },
  {
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'application/json; charset=latin1',
      'application/json; charset=utf-16',
      'application/json, text/plain',
      'text/plain',
      'text/html',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/problem+json',
      'application/merge-patch+json',
      'application/jsonx',
      'application/xml',
      '*/*',
      '',
      undefined,
    ),
    weight: 4,
  },
);

/** Header values Node's HTTP parser lets through (no CR, LF or NUL): visible ASCII, space, tab, obs-text. */
export const headerValue: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
  fc.string({ unit: fc.integer({ min: 0x80, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 20 }),
  fc.constantFrom(...prototypeWords, '\t', '%00', '1:1 ', ' 1:1', '1:4096', '1:99999', '0000000000000000:1'),
  fc.constantFrom('9', '1:', ':1', 'a'.repeat(LONG), `${'1'.repeat(LONG)}:1`),
);

/** A query string added to any URL: prototype paths, bad percent-encoding, repetition, length. */
export const hostileQuery: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '?__proto__[polluted]=yes',
    '?constructor[prototype][polluted]=yes',
    '?__proto__.polluted=yes',
    '?a=%zz',
    '?%',
    '?token=x&token=y',
    '?email=applicant@example.com',
    `?${'a=1&'.repeat(2_000)}`,
    `?q=${'x'.repeat(LONG)}`,
  ),
  fc.string({ maxLength: 30 }).map((s) => `?${encodeURIComponent(s)}=${encodeURIComponent(s)}`),
);
