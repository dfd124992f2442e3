// Writes src/generated/examples.ts from openapi.yaml: the first example of every schema, and the example
// body of every error response by operation and status (named examples also as `status:name`). Mock handlers and stories use these, so the
// contract's examples are the one place sample data lives. `satisfies` makes tsc check each against its type.
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';

const specUrl = new URL('../../../openapi.yaml', import.meta.url);
const outUrl = process.argv[2] ?? new URL('../src/generated/examples.ts', import.meta.url);
const spec = parse(readFileSync(specUrl, 'utf8'));

const schemaExamples = {};
for (const [name, schema] of Object.entries(spec.components.schemas)) {
  if (Array.isArray(schema.examples) && schema.examples.length > 0) schemaExamples[name] = schema.examples[0];
}

const resolveResponse = (response) =>
  response.$ref ? spec.components.responses[response.$ref.split('/').pop()] : response;

const problems = {};
for (const methods of Object.values(spec.paths)) {
  for (const [method, operation] of Object.entries(methods)) {
    if (method === 'parameters') continue;
    for (const [status, raw] of Object.entries(operation.responses)) {
      const content = resolveResponse(raw).content?.['application/problem+json'];
      // One example, or named ones: the first named one is the status's, each also as `status:name`.
      const named = Object.entries(content?.examples ?? {}).map(([name, { value }]) => [name, value]);
      const example = content?.example ?? named[0]?.[1];
      if (example) (problems[operation.operationId] ??= {})[status] = example;
      for (const [name, value] of named) problems[operation.operationId][`${status}:${name}`] = value;
    }
  }
}

const json = (value) => JSON.stringify(value, null, 2);
writeFileSync(
  outUrl,
  `// Generated from openapi.yaml by scripts/generate-examples.mjs (npm run generate). Do not edit.
import type { components } from './schema';

type Schemas = components['schemas'];

/** The first example of each schema in openapi.yaml. */
export const schemaExamples = ${json(schemaExamples)} satisfies { [Name in keyof Schemas]?: Schemas[Name] };

/** The example problem body of each error response, by operationId and status. */
export const problemExamples = ${json(problems)} satisfies Record<string, Record<string, Schemas['Problem'] | Schemas['TokenProblem']>>;
`,
);
