// openapi.yaml, loaded at start: the route table, request-body validation and response validation all come
// from it, so the server cannot drift from the contract without a failing check.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import type { operations } from '@pre-admission/api/schema';

export type OperationId = keyof operations;

export const contractPath = fileURLToPath(new URL('../../../openapi.yaml', import.meta.url));

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type Method = (typeof methods)[number];

export interface FieldError {
  field: string;
  code: string;
}

interface ResponseSpec {
  contentType: string | undefined;
  validate: ValidateFunction | undefined;
}

export interface Operation {
  operationId: OperationId;
  method: Method;
  /** The OpenAPI path, e.g. /api/applicant/registrations/{token}. */
  path: string;
  requiresRequestId: boolean;
  validateBody: ValidateFunction | undefined;
  responses: Map<number, ResponseSpec>;
}

type Json = Record<string, unknown>;

// ajv-formats is CommonJS; its default export arrives wrapped under some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

export class Contract {
  readonly document: Json;
  readonly operations: Operation[];
  private readonly ajv: Ajv2020;
  private readonly byId = new Map<string, Operation>();
  readonly validateProblem: ValidateFunction;

  constructor(path = contractPath) {
    this.document = parse(readFileSync(path, 'utf8')) as Json;
    this.ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(this.ajv);
    // The whole document is registered once; operation schemas point into it with JSON pointers.
    this.ajv.addSchema({ ...this.document, $id: 'openapi' });
    this.validateProblem = this.compile({ $ref: '#/components/schemas/Problem' });
    this.operations = [];
    const paths = this.document.paths as Record<string, Json>;
    for (const [path, item] of Object.entries(paths)) {
      const shared = (item.parameters as Json[] | undefined) ?? [];
      for (const method of methods) {
        const op = item[method] as Json | undefined;
        if (!op) continue;
        const parameters = [...shared, ...((op.parameters as Json[] | undefined) ?? [])].map((p) =>
          this.resolve(p),
        );
        const requestId = parameters.find((p) => p.in === 'header' && p.name === 'X-Request-Id');
        const body = op.requestBody ? this.resolve(op.requestBody as Json) : undefined;
        const bodySchema = (body?.content as Record<string, Json> | undefined)?.['application/json']?.schema;
        const responses = new Map<number, ResponseSpec>();
        for (const [status, raw] of Object.entries(op.responses as Record<string, Json>)) {
          const response = this.resolve(raw);
          const content = response.content as Record<string, Json> | undefined;
          const contentType = content ? Object.keys(content)[0] : undefined;
          const schema = contentType ? content?.[contentType]?.schema : undefined;
          responses.set(Number(status), {
            contentType,
            validate: schema ? this.compile(schema as Json) : undefined,
          });
        }
        const operation: Operation = {
          operationId: op.operationId as OperationId,
          method,
          path,
          requiresRequestId: requestId?.required === true,
          validateBody: bodySchema ? this.compile(bodySchema as Json) : undefined,
          responses,
        };
        this.operations.push(operation);
        this.byId.set(operation.operationId, operation);
      }
    }
  }

  private static shared: Contract | undefined;
  /** The contract, parsed and compiled once per process. */
  static load(): Contract {
    Contract.shared ??= new Contract();
    return Contract.shared;
  }

  operation(id: OperationId): Operation {
    const op = this.byId.get(id);
    if (!op) throw new Error(`openapi.yaml has no operation ${id}`);
    return op;
  }

  /** Follows a local $ref (#/components/...) to its target. */
  private resolve(node: Json): Json {
    let current = node;
    for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops += 1) {
      const pointer = (current.$ref as string).replace(/^#\//, '').split('/');
      let target: unknown = this.document;
      for (const part of pointer) target = (target as Json)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
      current = target as Json;
    }
    return current;
  }

  /** Compiles a schema fragment whose $refs are relative to openapi.yaml. */
  private compile(schema: Json): ValidateFunction {
    return this.ajv.compile(rebase(schema));
  }

  /**
   * Checks a response against the operation: the status must be declared (or be one of the cross-cutting
   * statuses every API route may answer), the content type must match and the body must fit the schema.
   * Returns a list of problems, empty when the response honours the contract.
   */
  checkResponse(id: OperationId, status: number, contentType: string | undefined, body: unknown): string[] {
    const op = this.operation(id);
    const spec = op.responses.get(status);
    const type = contentType?.split(';')[0]?.trim();
    if (!spec) {
      if (crossCuttingStatuses.has(status)) {
        return type === 'application/problem+json' && this.validateProblem(body)
          ? []
          : [`${id} ${status}: a cross-cutting error must be a problem+json body`];
      }
      return [`${id} does not declare status ${status}`];
    }
    if (!spec.contentType) {
      return body === undefined || body === '' ? [] : [`${id} ${status}: the contract declares no body`];
    }
    if (type !== spec.contentType)
      return [`${id} ${status}: content type ${type} is not ${spec.contentType}`];
    if (spec.validate && !spec.validate(body)) {
      return [`${id} ${status}: ${this.ajv.errorsText(spec.validate.errors)}`];
    }
    return [];
  }
}

/**
 * Statuses any API route may answer because of a guard that runs before the operation: a missing or bad
 * X-Request-Id or a malformed body (400), a foreign Origin (403), a body over 1 MB (413), an unexpected
 * failure (500). openapi.yaml lists them where the operation itself can cause them; see the final report for
 * the proposal to list them everywhere.
 */
export const crossCuttingStatuses = new Set([400, 403, 413, 500]);

function rebase(schema: Json): Json {
  return JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, '"$ref":"openapi#/')) as Json;
}

/** Maps ajv errors on a request body to the contract's field errors (FieldError.code). */
export function fieldErrors(errors: ErrorObject[] | null | undefined, body: unknown): FieldError[] {
  const byField = new Map<string, string>();
  const rank = [
    'required',
    'invalid_type',
    'unknown_field',
    'invalid_email',
    'password_rule',
    'too_short',
    'too_long',
  ];
  for (const error of errors ?? []) {
    let field = error.instancePath.replace(/^\//, '').split('/')[0] ?? '';
    let code: string;
    switch (error.keyword) {
      case 'required':
        field = String((error.params as { missingProperty: string }).missingProperty);
        code = 'required';
        break;
      case 'additionalProperties':
        field = String((error.params as { additionalProperty: string }).additionalProperty);
        code = 'unknown_field';
        break;
      case 'type':
        code = 'invalid_type';
        break;
      case 'minLength':
        code =
          typeof body === 'object' && body !== null && (body as Json)[field] === ''
            ? 'required'
            : 'too_short';
        break;
      case 'maxLength':
        code = 'too_long';
        break;
      case 'format':
        code = 'invalid_email';
        break;
      case 'pattern':
        code = 'password_rule';
        break;
      default:
        code = 'invalid';
    }
    if (field === '') field = 'body';
    const previous = byField.get(field);
    // One error per field, the most basic first (an empty field is 'required', not also 'invalid_email').
    if (previous === undefined || rank.indexOf(code) < rank.indexOf(previous)) byField.set(field, code);
  }
  return [...byField].map(([field, code]) => ({ field, code }));
}
