// A fuzzed request, as data: what fast-check generates, shrinks and prints. Values that name the server's
// state (an account's address, a live token, a session) are Refs, resolved by the harness just before the
// request is sent, so a generated request stays meaningful however the database has moved on.
import fc from 'fast-check';
import { COMPLETE_ANSWERS } from '../../src/providerStates/applicationStates.ts';
import type { Contract, Operation } from '../../src/platform/contract.ts';
import {
  contentTypes,
  extraKey,
  extraValue,
  headerValue,
  hostileQuery,
  hostileString,
  malformedJson,
  wrongType,
} from './hostile.ts';
import { schemaArbitrary, type FieldHints, type Schema } from './schemaArbitrary.ts';

export type RefName =
  /** The address of an account made for this run, as stored, and upper-cased. */
  | 'email'
  | 'emailUpper'
  /** The address of another, standing account. */
  | 'otherEmail'
  /** The password of this run's account. */
  | 'password'
  /** A live session of this run's account; a revoked one; the standing account's (maybe revoked by now). */
  | 'session'
  | 'revokedSession'
  | 'otherSession'
  /** A live token of the operation's kind (for this run's account, or a fresh address for a registration). */
  | 'liveToken'
  /** A live token whose address is taken meanwhile (registration) or whose new address is (e-mail change). */
  | 'takenToken'
  /** A live token of another kind, a used one, and one issued in an earlier run (live, used or dead). */
  | 'otherKindToken'
  | 'usedToken'
  | 'earlierToken'
  /** A token past its lifetime; one of an account whose credentials changed since (expired for a registration). */
  | 'expiredToken'
  | 'staleToken'
  /** A session of this run's account past its lifetime. */
  | 'expiredSession'
  /**
   * Applications of this run's account (docs/behaviour.md#applications): a draft, a complete draft (every
   * section and required document: it can be submitted), a submitted one (it can be withdrawn); and a draft of
   * the standing account, which this run's session must never reach.
   */
  | 'application'
  | 'completeApplication'
  | 'submittedApplication'
  | 'otherApplication'
  /**
   * Documents (issue 38): a JPEG with its preview in this run's draft (`application`), a PDF (no preview) in
   * the same draft, and a document of the standing account's draft.
   */
  | 'document'
  | 'pdfDocument'
  | 'otherDocument';

export class Ref {
  readonly name: RefName;
  constructor(name: RefName) {
    this.name = name;
  }
  [fc.toStringMethod](): string {
    return `<${this.name}>`;
  }
}

const ref = (name: RefName) => fc.constant(new Ref(name));

/** A path parameter: a value that is URL-encoded into the path, or text put into the path as it is. */
export type Param = string | Ref | { verbatim: string };

export type Body =
  | { kind: 'none' }
  /** An object written key by key, so duplicate and prototype keys reach the server as written. */
  | { kind: 'object'; entries: [string, unknown][] }
  /** Any other JSON value (an array, a string, null...). */
  | { kind: 'json'; value: unknown }
  /** Raw text (malformed JSON); latin1 sends its characters as single bytes (invalid UTF-8). */
  | { kind: 'text'; text: string; latin1: boolean }
  /** A body of more than 1 MB. */
  | { kind: 'huge' };

export interface FuzzRequest {
  params: Record<string, Param>;
  /** The Origin header, if any. */
  origin: string | undefined;
  query: string;
  /** 'valid': a fresh well-formed id; 'absent': no header; otherwise the header's value. */
  requestId: string;
  /** The Cookie header, in pieces (a Ref is the session id). */
  cookie: (string | Ref)[] | undefined;
  contentType: string | undefined;
  body: Body;
}

/** The token kind of an operation's path, for the Refs that issue tokens. */
export function tokenKindOf(
  operation: Operation,
): 'registration' | 'passwordReset' | 'emailChange' | undefined {
  if (!operation.path.includes('{token}')) return undefined;
  if (operation.path.startsWith('/api/applicant/registrations/')) return 'registration';
  if (operation.path.startsWith('/api/applicant/password-reset-requests/')) return 'passwordReset';
  if (operation.path.startsWith('/api/applicant/email-change-requests/')) return 'emailChange';
  throw new Error(`no token kind known for ${operation.path}: add it to tokenKindOf`);
}

/** Fields that name the account's state, by property name (any operation with such a field gets them). */
const fieldHints: FieldHints = {
  email: [ref('email'), ref('emailUpper'), ref('otherEmail')],
  password: [ref('password')],
  currentPassword: [ref('password')],
};

/**
 * Operations whose generated bodies almost never keep the rules of docs/behaviour.md#rules (a random plan names a
 * supervisor its random programme does not offer): their well-formed bodies are also drawn from the body schema's
 * own examples (openapi.yaml, which keep the seed's rules) and from the empty plan, so a success is reached too.
 */
const ruleBoundBodies: Partial<Record<string, unknown[]>> = {
  savePlan: [{ readyCertificateIds: [], readyMaterialIds: [] }],
  // Each section of a complete application, alone and all together (the provider states' answers).
  saveApplicationAnswers: [
    ...Object.entries(COMPLETE_ANSWERS).map(([section, answers]) => ({ [section]: answers })),
    COMPLETE_ANSWERS,
  ],
};

/** The operation as the one contract loader lists it ($refs resolved, path-level parameters merged in). */
function loadedOperation(contract: Contract, operation: Operation) {
  const loaded = operation.source.operations.find((op) => op.operationId === operation.operationId);
  if (!loaded) throw new Error(`${operation.operationId} is not in the loaded contract`);
  return loaded;
}

/** The request body's schema of an operation. */
function bodySchemaOf(contract: Contract, operation: Operation): Schema | undefined {
  return loadedOperation(contract, operation).requestBody?.content['application/json']?.schema;
}

/** The path parameters of an operation and their schemas. */
function pathParametersOf(contract: Contract, operation: Operation): { name: string; schema: Schema }[] {
  return loadedOperation(contract, operation)
    .parameters.filter((p) => p.in === 'path')
    .map((p) => ({ name: p.name, schema: p.schema ?? {} }));
}

/**
 * An operation's query (getReferenceLists' `names`) as the client writes it, each array item repeating the
 * key (docs/behaviour.md#api-calls): `valid` fits the contract (an array of an enum with uniqueItems is a
 * subsequence of the enum, in its order, which the operation requires); `any` is that or a hostile one (a
 * name repeated, out of order, unknown, or none). Operations without query parameters: '' and hostileQuery.
 */
function queryArbitraries(
  contract: Contract,
  operation: Operation,
): { valid: fc.Arbitrary<string>; any: fc.Arbitrary<string> } {
  const parameters = loadedOperation(contract, operation).parameters.filter((p) => p.in === 'query');
  if (parameters.length === 0)
    return { valid: fc.constant(''), any: fc.oneof({ arbitrary: fc.constant(''), weight: 8 }, hostileQuery) };
  // A lone surrogate has no UTF-8 to percent-encode (encodeURIComponent throws): it goes as U+FFFD.
  const write = (pairs: [string, string][]) =>
    `?${pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value.replace(/\p{Surrogate}/gu, '\uFFFD'))}`).join('&')}`;
  const lists = parameters.map(({ name, schema = {} }) => {
    const values = ((schema.items as Schema | undefined)?.enum as string[] | undefined) ?? [];
    if (schema.type !== 'array' || values.length === 0)
      throw new Error(
        `${operation.operationId}: no query arbitrary for ${name}; add one to queryArbitraries`,
      );
    const valid = fc.subarray(values, { minLength: Number(schema.minItems ?? 0) });
    const hostile = fc.oneof(
      fc.array(fc.constantFrom(...values), { maxLength: values.length + 2 }),
      fc.array(fc.oneof(fc.constantFrom(...values), hostileString), { maxLength: 8 }),
    );
    return { name, valid, hostile };
  });
  const pairsOf = (choices: string[][]) =>
    lists.flatMap(({ name }, i) => (choices[i] ?? []).map((value): [string, string] => [name, value]));
  const valid = fc.tuple(...lists.map((list) => list.valid)).map((choices) => write(pairsOf(choices)));
  const hostile = fc.tuple(...lists.map((list) => list.hostile)).map((choices) => write(pairsOf(choices)));
  return {
    valid,
    any: fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: hostile, weight: 3 }, hostileQuery),
  };
}

/** A schema-valid object, mutated or not: a field dropped, of the wrong type, hostile, duplicated, or an extra one. */
function objectBody(valid: fc.Arbitrary<unknown>, names: string[]): fc.Arbitrary<Body> {
  const entries = valid.map((value) => Object.entries(value as Record<string, unknown>));
  const name = fc.constantFrom(...names);
  const replace = (value: fc.Arbitrary<unknown>) =>
    fc
      .tuple(entries, name, value)
      .map(([list, key, v]): [string, unknown][] =>
        list.some(([k]) => k === key)
          ? list.map(([k, old]) => [k, k === key ? v : old])
          : [...list, [key, v]],
      );
  return fc
    .oneof(
      { arbitrary: entries, weight: 6 },
      fc.tuple(entries, name).map(([list, key]) => list.filter(([k]) => k !== key)),
      replace(wrongType),
      { arbitrary: replace(hostileString), weight: 3 },
      fc
        .tuple(entries, extraKey, extraValue)
        .map(([list, key, v]): [string, unknown][] => [...list, [key, v]]),
      // The same key twice: JSON.parse keeps the last; the first must not matter either.
      fc
        .tuple(entries, name, fc.oneof(hostileString, wrongType, ref('otherEmail'), ref('password')))
        .map(([list, key, v]): [string, unknown][] => [...list, [key, v]]),
      fc
        .tuple(entries, name, fc.oneof(hostileString, ref('email')))
        .map(([list, key, v]): [string, unknown][] => [[key, v], ...list]),
      // Every field at once.
      fc
        .tuple(entries, fc.constantFrom(wrongType, hostileString))
        .chain(([list, bad]) => fc.tuple(...list.map(([k]) => bad.map((v): [string, unknown] => [k, v])))),
    )
    .map((list): Body => ({ kind: 'object', entries: list }));
}

/** Bodies that are not a JSON object at all. */
const strangeBody: fc.Arbitrary<Body> = fc.oneof(
  { arbitrary: fc.constant<Body>({ kind: 'none' }), weight: 2 },
  { arbitrary: malformedJson.map((text): Body => ({ kind: 'text', text, latin1: false })), weight: 4 },
  fc.string({ unit: 'binary', maxLength: 30 }).map((text): Body => ({ kind: 'text', text, latin1: true })),
  fc.oneof(fc.jsonValue({ maxDepth: 2 }), hostileString).map((value): Body => ({ kind: 'json', value })),
  { arbitrary: fc.constant<Body>({ kind: 'huge' }), weight: 1 },
);

const tokenParam: fc.Arbitrary<Param> = fc.oneof(
  { arbitrary: ref('liveToken'), weight: 8 },
  { arbitrary: ref('takenToken'), weight: 2 },
  ref('otherKindToken'),
  ref('usedToken'),
  ref('earlierToken'),
  ref('expiredToken'),
  ref('staleToken'),
);

/** An application's id: mostly this run's own applications, the standing account's, or an unknown one. */
const applicationParam: fc.Arbitrary<Param> = fc.oneof(
  { arbitrary: ref('application'), weight: 3 },
  { arbitrary: ref('completeApplication'), weight: 3 },
  { arbitrary: ref('submittedApplication'), weight: 3 },
  { arbitrary: ref('otherApplication'), weight: 2 },
);

/** A document's id: mostly one of this run's draft (`application`), or the standing account's. */
const documentParam: fc.Arbitrary<Param> = fc.oneof(
  { arbitrary: ref('document'), weight: 4 },
  { arbitrary: ref('pdfDocument'), weight: 2 },
  { arbitrary: ref('otherDocument'), weight: 2 },
);

/** The Refs a path parameter names, by the parameter's name. */
const refParams: Partial<Record<string, fc.Arbitrary<Param>>> = {
  applicationId: applicationParam,
  documentId: documentParam,
};

function paramArbitrary(
  contract: Contract,
  schema: Schema,
  isToken: boolean,
  refs?: fc.Arbitrary<Param>,
): fc.Arbitrary<Param> {
  return fc.oneof(
    ...(isToken ? [{ arbitrary: tokenParam, weight: 6 }] : []),
    ...(refs ? [{ arbitrary: refs, weight: 6 }] : []),
    { arbitrary: schemaArbitrary(contract, schema) as fc.Arbitrary<string>, weight: 2 },
    { arbitrary: hostileString, weight: 3 },
    fc
      .constantFrom(
        '%zz',
        '%',
        '%00',
        '%2F',
        '%2e%2e',
        '..',
        '.',
        'a%2Fb',
        'a/b',
        '%C0%AF',
        '%ED%A0%80',
        '%ff',
        ';',
        '%3B',
      )
      .map((verbatim) => ({ verbatim })),
  );
}

/** No Origin (most API calls), the site's own, and foreign or odd ones the CSRF defence must refuse. */
const originArbitrary: fc.Arbitrary<string | undefined> = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 6 },
  fc.constantFrom(
    'http://localhost:8080',
    'null',
    'https://evil.example',
    'http://localhost:8080.evil.example',
    'http://LOCALHOST:8080',
    'http://localhost:8080/',
  ),
  headerValue,
);

const requestIdArbitrary: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constant('valid'), weight: 12 },
  fc.constant('absent'),
  headerValue,
);

const cookieArbitrary: fc.Arbitrary<(string | Ref)[] | undefined> = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 3 },
  { arbitrary: ref('session').map((r) => ['pre_admission_session=', r]), weight: 6 },
  ref('revokedSession').map((r) => ['pre_admission_session=', r]),
  ref('otherSession').map((r) => ['pre_admission_session=', r]),
  ref('expiredSession').map((r) => ['pre_admission_session=', r]),
  // Two session cookies: which one counts must not matter for safety.
  fc
    .tuple(
      fc.constantFrom<RefName>('session', 'revokedSession', 'otherSession', 'expiredSession'),
      headerValue,
    )
    .map(([name, other]) => ['pre_admission_session=', new Ref(name), `; pre_admission_session=${other}`]),
  headerValue.map((value) => [`pre_admission_session=${value}`]),
  headerValue.map((value) => [value]),
  fc
    .constantFrom('__proto__=x', 'constructor=y; __proto__=z', 'pre_admission_session', '=', ';;;')
    .map((v) => [v]),
);

/**
 * Every request to fuzz one operation with: about half well-formed (the schemas' values and the server's
 * state, so the deeper branches are reached), the rest with any part hostile.
 */
export function requestArbitrary(contract: Contract, operation: Operation): fc.Arbitrary<FuzzRequest> {
  const isToken = tokenKindOf(operation) !== undefined;
  const params: Record<string, fc.Arbitrary<Param>> = {};
  const validParams: Record<string, fc.Arbitrary<Param>> = {};
  for (const { name, schema } of pathParametersOf(contract, operation)) {
    const token = isToken && name === 'token';
    const refs = refParams[name];
    // Never an empty path segment: `/applications/{applicationId}` with '' is `/applications/`, which the router
    // (ignoreTrailingSlash, app.ts) rightly serves as `/applications`, listApplications: a request of another
    // operation, not a bad one of this (OpenAPI path parameters are required, so never empty).
    params[name] = paramArbitrary(contract, schema, token, refs).filter((p) => p !== '');
    validParams[name] = (
      token ? tokenParam : (refs ?? (schemaArbitrary(contract, schema) as fc.Arbitrary<string>))
    ).filter((p) => p !== '');
  }

  const schema = bodySchemaOf(contract, operation);
  let body: fc.Arbitrary<Body>;
  let validBody: fc.Arbitrary<Body>;
  if (schema) {
    // A body that is one of several objects (finishSignIn's, confirmSignIn's) has the fields of all of them.
    const names = [schema, ...((schema.oneOf as Schema[] | undefined) ?? [])].flatMap((part) =>
      Object.keys((part.properties as Record<string, unknown> | undefined) ?? {}),
    );
    const generated = schemaArbitrary(contract, schema, fieldHints);
    const bound = ruleBoundBodies[operation.operationId];
    const valid = bound
      ? fc.oneof(generated, fc.constantFrom(...bound, ...((schema.examples as unknown[] | undefined) ?? [])))
      : generated;
    validBody = valid.map((value): Body => ({ kind: 'object', entries: Object.entries(value as object) }));
    body = fc.oneof(
      { arbitrary: objectBody(valid, names), weight: 4 },
      { arbitrary: strangeBody, weight: 1 },
    );
  } else {
    validBody = fc.constant<Body>({ kind: 'none' });
    body = fc.oneof({ arbitrary: validBody, weight: 5 }, strangeBody);
  }

  const query = queryArbitraries(contract, operation);
  const wellFormed = fc.record({
    params: fc.record(validParams),
    query: query.valid,
    origin: fc.constantFrom(undefined, 'http://localhost:8080'),
    requestId: fc.constant('valid'),
    cookie: fc.oneof(
      fc.constant(undefined),
      { arbitrary: fc.constant<(string | Ref)[]>(['pre_admission_session=', new Ref('session')]), weight: 3 },
      fc
        .constantFrom<RefName>('revokedSession', 'otherSession', 'expiredSession')
        .map((name) => ['pre_admission_session=', new Ref(name)]),
    ),
    contentType: fc.constant('application/json'),
    body: validBody,
  });
  const anything = fc.record({
    params: fc.record(params),
    query: query.any,
    origin: originArbitrary,
    requestId: requestIdArbitrary,
    cookie: cookieArbitrary,
    contentType: contentTypes,
    body,
  });
  return fc.oneof(wellFormed, anything);
}
