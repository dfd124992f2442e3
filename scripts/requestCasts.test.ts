// Issue 26: the API handlers take their request types from the contract (apps/api/src/services.ts, `Handler<K>`
// and `RouteTypes`), which is honest because every body is checked against openapi.yaml before its handler
// runs. A cast of a request part (`request.body as {…}`) would put a hand-written type back beside the
// contract's; this reads every `as` and `<T>` assertion in apps/api/src and fails on one whose operand reads
// a part of the request.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

/** The parts of a Fastify request that carry what the client sent, or how the route was set up. */
const parts = new Set(['body', 'params', 'query', 'headers', 'cookies', 'routeOptions']);

/** A request: `request`, `req`, or `<something>.request` (a reply's). */
const isRequest = (node: ts.Expression) =>
  (ts.isIdentifier(node) && /^req(uest)?$/.test(node.text)) ||
  (ts.isPropertyAccessExpression(node) && node.name.text === 'request');

/** Whether the expression reads `request.body` (and the like) anywhere inside it. */
function readsRequestPart(node: ts.Node): boolean {
  if (ts.isPropertyAccessExpression(node) && parts.has(node.name.text) && isRequest(node.expression))
    return true;
  return ts.forEachChild(node, (child) => (readsRequestPart(child) ? true : undefined)) ?? false;
}

export function requestCasts(file: string, source: string): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const findings: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) && readsRequestPart(node.expression))
      findings.push(
        `${file}:${tree.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText()}`,
      );
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return findings;
}

const serverSources = () =>
  execFileSync('git', ['ls-files', '--', 'apps/api/src'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.[mc]?ts$/.test(file));

describe('request parts are typed from the contract, not cast (apps/api/src/services.ts)', () => {
  it('no source of apps/api/src casts a part of the request', () => {
    const findings = serverSources().flatMap((file) =>
      requestCasts(file, readFileSync(join(root, file), 'utf8')),
    );
    expect(findings).toEqual([]);
  });

  it.each([
    'const { email } = request.body as { email: string };',
    'const { token } = request.params as { token: string };',
    'const body = (request.body ?? {}) as { state?: unknown };',
    'const id = (request.routeOptions.config as { operationId?: string }).operationId;',
    'const plan = <Plan>req.body;',
    "const ct = reply.request.headers['content-type'] as string;",
  ])('finds %s', (source) => {
    expect(requestCasts('probe.ts', source)).toHaveLength(1);
  });

  it.each([
    'const { email } = request.body;',
    "const type = reply.getHeader('content-type') as string | undefined;",
    'const lists = Object.fromEntries(entries) as PlanLists;',
    'const names = [] as const;',
    'const rows = (await this.pool.query(sql, params)).rows as T[];',
    'const { missingProperty } = error.params as { missingProperty: string };',
  ])('lets %s be', (source) => {
    expect(requestCasts('probe.ts', source)).toEqual([]);
  });
});
