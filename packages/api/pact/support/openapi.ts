// openapi.yaml as a validator: find the operation of a method and path, and check bodies, headers and path
// parameters against its schemas (JSON Schema 2020-12, the dialect of OpenAPI 3.1).
import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import { openapiFile } from './paths';

type Json = Record<string, unknown>;

// ajv-formats is CommonJS; its default export arrives wrapped under some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: Json;
}

export interface Operation {
  operationId: string;
  method: string;
  path: string;
  parameters: Parameter[];
  requestBody: { required?: boolean; content: Record<string, { schema: Json }> } | undefined;
  responses: Record<string, { content?: Record<string, { schema: Json }>; headers?: Json }>;
  /** The cookie names of which one is required, or undefined when the operation works without one. */
  requiredCookies: string[] | undefined;
  pattern: RegExp;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export class OpenApi {
  readonly document: Json;
  readonly operations: Operation[] = [];
  /** The names of the cookies the security schemes declare. */
  readonly cookieNames: string[];
  private readonly ajv: Ajv2020;

  constructor(file = openapiFile) {
    this.document = parse(readFileSync(file, 'utf8')) as Json;
    this.ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addSchema({ ...this.document, $id: 'openapi' });
    const schemes = ((this.document.components as Json).securitySchemes ?? {}) as Record<string, Json>;
    this.cookieNames = Object.values(schemes)
      .filter((scheme) => scheme.in === 'cookie')
      .map((scheme) => scheme.name as string);
    for (const [path, item] of Object.entries(this.document.paths as Record<string, Json>)) {
      for (const method of METHODS) {
        const op = item[method] as Json | undefined;
        if (!op) continue;
        const parameters = [
          ...((item.parameters as Json[] | undefined) ?? []),
          ...((op.parameters as Json[] | undefined) ?? []),
        ].map((p) => this.resolve(p) as unknown as Parameter);
        const responses = Object.fromEntries(
          Object.entries(op.responses as Record<string, Json>).map(([status, r]) => [
            status,
            this.resolve(r),
          ]),
        ) as Operation['responses'];
        const security = (op.security ?? this.document.security ?? []) as Record<string, string[]>[];
        const anonymous = security.length === 0 || security.some((s) => Object.keys(s).length === 0);
        const requiredCookies = anonymous
          ? undefined
          : security.flatMap((s) =>
              Object.keys(s)
                .map((name) => schemes[name])
                .filter((scheme): scheme is Json => scheme?.in === 'cookie')
                .map((scheme) => scheme.name as string),
            );
        this.operations.push({
          operationId: op.operationId as string,
          method: method.toUpperCase(),
          path,
          parameters,
          requestBody: op.requestBody
            ? (this.resolve(op.requestBody as Json) as Operation['requestBody'])
            : undefined,
          responses,
          requiredCookies,
          pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '([^/]+)')}$`),
        });
      }
    }
  }

  /** The operation a request goes to: method and path template (literal paths win over templated ones). */
  find(method: string, path: string): Operation | undefined {
    const candidates = this.operations.filter(
      (op) => op.method === method.toUpperCase() && op.pattern.test(path),
    );
    return candidates.find((op) => !op.path.includes('{')) ?? candidates[0];
  }

  /** The values of an operation's path parameters in a concrete path. */
  pathParameters(op: Operation, path: string): Record<string, string> {
    const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    const values = op.pattern.exec(path)?.slice(1) ?? [];
    return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(values[i] ?? '')]));
  }

  /** Validation errors of a value against a schema of the document ([] when it is valid). */
  validate(schema: Json, value: unknown): string[] {
    const validate = this.ajv.compile(this.rebase(schema));
    return validate(value) ? [] : (validate.errors ?? []).map(describe);
  }

  private resolve(node: Json): Json {
    let current = node;
    while (typeof current.$ref === 'string') {
      const pointer = current.$ref.replace(/^#\//, '').split('/');
      current = pointer.reduce<Json>((at, key) => at[key] as Json, this.document);
    }
    return current;
  }

  /** Local $refs ('#/components/...') point into the registered document. */
  private rebase(schema: Json): Json {
    return JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, '"$ref":"openapi#/')) as Json;
  }
}

function describe(error: ErrorObject): string {
  return `${error.instancePath || '(root)'} ${error.message ?? error.keyword}${
    error.params && Object.keys(error.params).length ? ` ${JSON.stringify(error.params)}` : ''
  }`;
}
