// fast-check arbitraries for the values a JSON Schema of openapi.yaml accepts. The schemas are read from the
// contract the server itself loads (Contract.load(), through @pre-admission/contract, which resolves every
// $ref), so these arbitraries cannot drift from what the server validates against.
import fc from 'fast-check';
import type { Contract } from '../../src/platform/contract.ts';

export type Schema = Record<string, unknown>;

/**
 * What a field is filled with besides schema-derived values: values that name the server's state (the
 * account's address, its password), keyed by property name. A field listed here gets them as well as the
 * generated ones, so a valid request can reach the branches that need an existing account.
 */
export type FieldHints = Record<string, fc.Arbitrary<unknown>[]>;

/**
 * A regular expression fast-check can generate from: lookaheads dropped (fc.stringMatching has none; the
 * full pattern filters afterwards), and a final `+` or `*` bounded by the schema's length limits so the
 * generated strings are long enough to pass them.
 */
function generablePattern(pattern: string, minLength: number, maxLength: number): RegExp {
  const withoutLookaheads = pattern.replace(/\(\?[=!](?:[^()\\]|\\.)*\)/g, '');
  return new RegExp(withoutLookaheads.replace(/([+*])\$$/, `{${minLength},${maxLength}}$`));
}

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : 64;
  const fits = (s: string) => s.length >= minLength && s.length <= maxLength;
  const examples = (Array.isArray(schema.examples) ? schema.examples : []).filter(
    (e): e is string => typeof e === 'string',
  );
  let generated: fc.Arbitrary<string>;
  if (typeof schema.pattern === 'string') {
    const full = new RegExp(schema.pattern);
    generated = fc
      .stringMatching(generablePattern(schema.pattern, minLength, Math.min(maxLength, 120)))
      .filter((s) => full.test(s) && fits(s));
  } else if (schema.format === 'email') {
    generated = fc.emailAddress().filter(fits);
  } else {
    generated = fc.string({ unit: 'grapheme', minLength, maxLength: Math.min(maxLength, 64) });
  }
  return examples.length > 0 ? fc.oneof(generated, fc.constantFrom(...examples)) : generated;
}

/** Values the schema accepts (the hints of a property may also be invalid on purpose: they are state). */
export function schemaArbitrary(
  contract: Contract,
  schema: Schema,
  hints: FieldHints = {},
): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  // One of several objects (finishSignIn's and confirmSignIn's bodies): a value of any one of them.
  if (Array.isArray(schema.oneOf))
    return fc.oneof(...(schema.oneOf as Schema[]).map((part) => schemaArbitrary(contract, part, hints)));
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return fc.integer({
        min: typeof schema.minimum === 'number' ? schema.minimum : -1_000_000,
        max: typeof schema.maximum === 'number' ? schema.maximum : 1_000_000,
      });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(schemaArbitrary(contract, (schema.items as Schema | undefined) ?? {}), {
        maxLength: 4,
      });
    case 'object': {
      const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
      const required = (schema.required as string[] | undefined) ?? [];
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) {
        const own = hints[name] ?? [];
        const generated = schemaArbitrary(contract, property);
        // Half state-naming values (they open the deeper branches), half generated ones.
        model[name] = own.length > 0 ? fc.oneof(fc.oneof(...own), generated) : generated;
      }
      return fc.record(model, { requiredKeys: required.filter((name) => name in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
