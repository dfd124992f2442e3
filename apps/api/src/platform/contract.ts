// openapi.yaml and openapi.staff.yaml, loaded at start through the one contract loader
// (@pre-admission/contract): the route table, request-body validation and response validation all come from
// them, so the server cannot drift from the contract without a failing check. The staff's operations are a
// file of their own (docs/security.md#staff); the server serves both, as one route table.
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { loadContract, staffContractFile, type Method, type OpenApiContract } from '@pre-admission/contract';
import type { operations } from '@pre-admission/api/schema';
import type { operations as staffOperations } from '@pre-admission/api/staff-schema';

export type ApplicantOperationId = keyof operations;
export type StaffOperationId = keyof staffOperations;
export type OperationId = ApplicantOperationId | StaffOperationId;
export type { Method };

export interface FieldError {
  field: string;
  code: string;
}

interface ResponseSpec {
  /**
   * Each content type the response may have (a download: PDF, JPEG, PNG or GIF), with its body's validator,
   * compiled on first use: production (no response validation) never needs it. None for a binary body
   * (`format: binary`), whose bytes no schema describes. Empty: the response has no body.
   */
  contentTypes: Map<string, () => ValidateFunction | undefined>;
}

/** Compiles once, when first asked. */
function lazily(compile: () => ValidateFunction): () => ValidateFunction {
  let compiled: ValidateFunction | undefined;
  return () => (compiled ??= compile());
}

export interface Operation {
  operationId: OperationId;
  /** The file that declares it: openapi.yaml (the applicant's) or openapi.staff.yaml. */
  document: 'applicant' | 'staff';
  /** That file as loaded (its request schemas, its validators). */
  source: OpenApiContract;
  method: Method;
  /** The OpenAPI path, e.g. /api/applicant/registrations/{token}. */
  path: string;
  requiresRequestId: boolean;
  validateBody: ValidateFunction | undefined;
  /** Its body is multipart/form-data: an upload, with its own timeout (docs/hosting.md#timeouts). */
  upload: boolean;
  responses: Map<number, ResponseSpec>;
}

type Json = Record<string, unknown>;

export class Contract {
  readonly operations: Operation[] = [];
  private readonly byId = new Map<string, Operation>();
  readonly validateProblem: ValidateFunction;
  /** openapi.yaml as loaded, $refs resolved (tests read request schemas from it). */
  readonly openapi: OpenApiContract;

  /** The applicant's contract, and the staff's when given (its operations then join the route table). */
  constructor(openapi: OpenApiContract, staff?: OpenApiContract) {
    this.openapi = openapi;
    const schemas = (openapi.document.components as Json).schemas as Record<string, Json>;
    this.validateProblem = openapi.compile(schemas.Problem!);
    this.add(openapi, 'applicant');
    if (staff) this.add(staff, 'staff');
  }

  private add(source: OpenApiContract, document: Operation['document']): void {
    for (const op of source.operations) {
      if (this.byId.has(op.operationId)) throw new Error(`${op.operationId} is declared twice`);
      const requestId = op.parameters.find((p) => p.in === 'header' && p.name === 'X-Request-Id');
      const bodySchema = op.requestBody?.content['application/json']?.schema;
      const responses = new Map<number, ResponseSpec>();
      for (const [status, response] of Object.entries(op.responses)) {
        const contentTypes = new Map<string, () => ValidateFunction | undefined>();
        for (const [contentType, media] of Object.entries(response.content ?? {})) {
          const schema = media?.schema as Json | undefined;
          const binary = schema?.type === 'string' && schema.format === 'binary';
          contentTypes.set(
            contentType,
            schema && !binary ? lazily(() => source.compile(schema)) : () => undefined,
          );
        }
        responses.set(Number(status), { contentTypes });
      }
      const operation: Operation = {
        operationId: op.operationId as OperationId,
        document,
        source,
        method: op.method,
        path: op.path,
        requiresRequestId: requestId?.required === true,
        validateBody: bodySchema ? source.compile(bodySchema) : undefined,
        upload: op.requestBody?.content['multipart/form-data'] !== undefined,
        responses,
      };
      this.operations.push(operation);
      this.byId.set(operation.operationId, operation);
    }
  }

  private static shared: Promise<Contract> | undefined;
  /** The contract, both files parsed and compiled once per process. */
  static load(): Promise<Contract> {
    Contract.shared ??= Promise.all([loadContract(), loadContract(staffContractFile)]).then(
      ([openapi, staff]) => new Contract(openapi, staff),
    );
    return Contract.shared;
  }

  operation(id: OperationId): Operation {
    const op = this.byId.get(id);
    if (!op) throw new Error(`neither openapi.yaml nor openapi.staff.yaml has an operation ${id}`);
    return op;
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
    if (spec.contentTypes.size === 0) {
      return body === undefined || body === '' ? [] : [`${id} ${status}: the contract declares no body`];
    }
    const validator = type === undefined ? undefined : spec.contentTypes.get(type);
    if (!validator)
      return [`${id} ${status}: content type ${type} is not ${[...spec.contentTypes.keys()].join(' or ')}`];
    const validate = validator();
    if (validate && !validate(body)) {
      return [`${id} ${status}: ${op.source.errorsText(validate.errors)}`];
    }
    return [];
  }
}

/**
 * Statuses any API route may answer because of a guard that runs before the operation: a missing or bad
 * X-Request-Id or a malformed body (400), a foreign Origin (403), a body over the limit (413), an unexpected
 * failure (500). openapi.yaml lists the first three on every state-changing operation (the `BadRequest`,
 * `ForeignOrigin` and `PayloadTooLarge` responses) and the fuzzing holds every answer to what the operation
 * lists (docs/testing.md#fuzzing); the response check here still lets a read answer them, as a problem.
 */
export const crossCuttingStatuses = new Set([400, 403, 413, 500]);

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
