// openapi.yaml as data, read the same way by every checker: the reference provider's run-time validation
// (apps/api/src/platform/contract.ts) and the pact's agreement check (packages/api/pact). Node only (it reads the
// file and compiles validators), so it is its own package, outside the browser's @pre-admission/api. Redocly's bundler resolves
// every $ref, so no checker can read the document differently from another, or from `npm run lint:openapi`.
import { fileURLToPath } from 'node:url';
import { bundle, createConfig } from '@redocly/openapi-core';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

type Json = Record<string, unknown>;

export const contractFile = fileURLToPath(new URL('../../../openapi.yaml', import.meta.url));
/**
 * The staff's operations (docs/security.md#staff): a second file, so that nothing of them reaches the
 * applicant's generated client; it refers to openapi.yaml's shared schemas, which the bundler resolves.
 */
export const staffContractFile = fileURLToPath(new URL('../../../openapi.staff.yaml', import.meta.url));

export const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type Method = (typeof methods)[number];

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: Json;
}

export interface Content {
  schema?: Json;
}

export interface Response {
  description?: string;
  content?: Record<string, Content>;
  headers?: Record<string, Json>;
}

export interface ContractOperation {
  operationId: string;
  method: Method;
  /** The OpenAPI path, e.g. /api/applicant/registrations/{token}. */
  path: string;
  /** The path item's parameters, then the operation's own (an operation's parameter replaces its namesake). */
  parameters: Parameter[];
  requestBody: { required?: boolean; content: Record<string, Content> } | undefined;
  /** By status code as written in the document ("200", "404"). */
  responses: Record<string, Response>;
  /** The cookie names of which one is required, or undefined when the operation works without one. */
  requiredCookies: string[] | undefined;
}

// ajv-formats is CommonJS; its default export arrives wrapped under some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

/** openapi.yaml with every $ref resolved, its operations listed, and JSON Schema 2020-12 validation. */
export class OpenApiContract {
  readonly operations: ContractOperation[] = [];
  /** The names of the cookies the security schemes declare. */
  readonly cookieNames: string[];
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });

  readonly document: Json;

  /** `document` must be dereferenced (no $ref left): use loadContract. */
  constructor(document: Json) {
    this.document = document;
    addFormats(this.ajv);
    const schemes = ((document.components as Json | undefined)?.securitySchemes ?? {}) as Record<
      string,
      Json
    >;
    this.cookieNames = Object.values(schemes)
      .filter((scheme) => scheme.in === 'cookie')
      .map((scheme) => scheme.name as string);
    for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
      for (const method of methods) {
        const op = item[method] as Json | undefined;
        if (!op) continue;
        const own = (op.parameters as Parameter[] | undefined) ?? [];
        const inherited = ((item.parameters as Parameter[] | undefined) ?? []).filter(
          (p) => !own.some((o) => o.name === p.name && o.in === p.in),
        );
        const security = (op.security ?? document.security ?? []) as Record<string, string[]>[];
        const anonymous = security.length === 0 || security.some((s) => Object.keys(s).length === 0);
        this.operations.push({
          operationId: op.operationId as string,
          method,
          path,
          parameters: [...inherited, ...own],
          requestBody: op.requestBody as ContractOperation['requestBody'],
          responses: op.responses as ContractOperation['responses'],
          requiredCookies: anonymous
            ? undefined
            : security.flatMap((s) =>
                Object.keys(s)
                  .map((name) => schemes[name])
                  .filter((scheme): scheme is Json => scheme?.in === 'cookie')
                  .map((scheme) => scheme.name as string),
              ),
        });
      }
    }
  }

  /** The operation a request goes to: method and concrete path (literal paths win over templated ones). */
  find(method: string, path: string): ContractOperation | undefined {
    const candidates = this.operations.filter(
      (op) => op.method === method.toLowerCase() && pattern(op.path).test(path),
    );
    return candidates.find((op) => !op.path.includes('{')) ?? candidates[0];
  }

  /** The values of an operation's path parameters in a concrete path. */
  pathParameters(op: ContractOperation, path: string): Record<string, string> {
    const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    const values = pattern(op.path).exec(path)?.slice(1) ?? [];
    return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(values[i] ?? '')]));
  }

  /** A validator for a schema of the document (compiled once per schema). */
  compile(schema: Json): ValidateFunction {
    return this.ajv.compile(schema);
  }

  /** Validation errors of a value against a schema of the document ([] when it is valid; no schema: any). */
  validate(schema: Json | undefined, value: unknown): string[] {
    if (!schema) return [];
    const validate = this.compile(schema);
    return validate(value) ? [] : (validate.errors ?? []).map(describe);
  }

  /** ajv's one-line summary of a validator's last errors. */
  errorsText(errors: ErrorObject[] | null | undefined): string {
    return this.ajv.errorsText(errors);
  }
}

function pattern(path: string): RegExp {
  return new RegExp(`^${path.replace(/\{[^}]+\}/g, '([^/]+)')}$`);
}

function describe(error: ErrorObject): string {
  return `${error.instancePath || '(root)'} ${error.message ?? error.keyword}${
    error.params && Object.keys(error.params).length ? ` ${JSON.stringify(error.params)}` : ''
  }`;
}

const loaded = new Map<string, Promise<OpenApiContract>>();

/**
 * Reads and dereferences openapi.yaml once per process and file. Fails on any problem the bundler reports
 * (a $ref that leads nowhere), so a broken contract stops the server and the checks at once.
 */
export function loadContract(file = contractFile): Promise<OpenApiContract> {
  let contract = loaded.get(file);
  if (!contract) {
    contract = (async () => {
      const config = await createConfig({});
      const { bundle: result, problems } = await bundle({ ref: file, config, dereference: true });
      const errors = problems.filter((problem) => problem.severity === 'error');
      if (errors.length > 0) {
        throw new Error(`${file}: ${errors.map((problem) => problem.message).join('; ')}`);
      }
      return new OpenApiContract(result.parsed as Json);
    })();
    loaded.set(file, contract);
  }
  return contract;
}
