// Every interaction of the committed pacts agrees with its contract (openapi.yaml; openapi.staff.yaml for the
// desk console's): the request goes to a declared operation
// with valid path parameters, headers, cookie and body; the response status is declared for that operation
// and its body (the example values the matchers carry) validates against the schema of its content type.
import { describe, expect, it } from 'vitest';
import { loadContract, staffContractFile, type OpenApiContract } from '@pre-admission/contract';
import { header, mediaType, multipartFields, readPact, type PactInteraction } from './support/pactFile';
import { committedPactFile, committedStaffPactFile } from './support/paths';

function requestProblems(openapi: OpenApiContract, { request }: PactInteraction): string[] {
  const op = openapi.find(request.method, request.path);
  if (!op) return [`${request.method} ${request.path} is not an operation of openapi.yaml`];
  const problems: string[] = [];
  const values = openapi.pathParameters(op, request.path);
  for (const parameter of op.parameters) {
    if (parameter.in === 'path') {
      problems.push(
        ...openapi
          .validate(parameter.schema, values[parameter.name])
          .map((e) => `path ${parameter.name} ${e}`),
      );
    }
    if (parameter.in === 'header') {
      const value = header(request.headers, parameter.name);
      if (value === undefined) {
        if (parameter.required) problems.push(`the required header ${parameter.name} is missing`);
        continue;
      }
      problems.push(...openapi.validate(parameter.schema, value).map((e) => `header ${parameter.name} ${e}`));
    }
  }
  const cookieNames = (header(request.headers, 'Cookie') ?? '')
    .split(';')
    .map((pair) => pair.split('=')[0]!.trim())
    .filter(Boolean);
  if (op.requiredCookies && !cookieNames.some((name) => op.requiredCookies!.includes(name))) {
    problems.push(`${op.operationId} needs one of the cookies ${op.requiredCookies.join(', ')}`);
  }
  const declaredCookies = new Set(openapi.cookieNames);
  for (const name of cookieNames) {
    if (!declaredCookies.has(name))
      problems.push(`the cookie ${name} is not a security scheme of openapi.yaml`);
  }
  if (request.body) {
    const type = mediaType(request.headers);
    const content = type ? op.requestBody?.content[type] : undefined;
    if (!content) problems.push(`${op.operationId} takes no ${type ?? 'untyped'} request body`);
    else {
      const body = type === 'multipart/form-data' ? multipartFields(request) : request.body.content;
      problems.push(...openapi.validate(content.schema, body).map((e) => `request body ${e}`));
    }
  } else if (op.requestBody?.required) {
    problems.push(`${op.operationId} requires a request body`);
  }
  return problems;
}

function responseProblems(openapi: OpenApiContract, { request, response }: PactInteraction): string[] {
  const op = openapi.find(request.method, request.path);
  if (!op) return [];
  const declared = op.responses[String(response.status)];
  if (!declared) return [`${op.operationId} declares no ${response.status} response`];
  if (!response.body) {
    // A file's bytes (a download, a preview) are the browser's to read: the pact pins their type, not them.
    const binary = Object.values(declared.content ?? {}).every(
      (media) => (media.schema as { format?: unknown } | undefined)?.format === 'binary',
    );
    return declared.content && !binary
      ? [`${op.operationId} ${response.status} has a body in openapi.yaml, none in the pact`]
      : [];
  }
  const type = mediaType(response.headers);
  const content = type ? declared.content?.[type] : undefined;
  if (!content) return [`${op.operationId} ${response.status} declares no ${type ?? 'untyped'} body`];
  return openapi.validate(content.schema, response.body.content).map((e) => `response body ${e}`);
}

// The applicant site's pact against openapi.yaml; the desk console's (issue 40) against openapi.staff.yaml.
describe.each([
  {
    name: 'pre-admission-web',
    file: committedPactFile,
    contract: 'openapi.yaml',
    load: () => loadContract(),
  },
  {
    name: 'pre-admission-desk',
    file: committedStaffPactFile,
    contract: 'openapi.staff.yaml',
    load: () => loadContract(staffContractFile),
    // The console's pact pins the fields the console switches on (ids, statuses, the role), not whole bodies:
    // what it pins must agree with the schema; the properties it leaves out are not missing.
    partialBodies: true,
  },
])('the pact of $name agrees with $contract', async ({ file, load, ...options }) => {
  const openapi = await load();
  const pact = readPact(file);

  it('holds interactions', () => {
    expect(pact.interactions.length).toBeGreaterThan(0);
  });

  describe.each(pact.interactions.map((interaction) => [interaction.description, interaction] as const))(
    '%s',
    (_description, interaction) => {
      it('sends a request the contract declares', () => {
        expect(requestProblems(openapi, interaction)).toEqual([]);
      });
      it('expects a response the contract declares', () => {
        const problems = responseProblems(openapi, interaction);
        expect(
          'partialBodies' in options
            ? problems.filter((p) => !/must have required property/.test(p))
            : problems,
        ).toEqual([]);
      });
    },
  );
});
