// docs/behaviour.md#routes: every path of the site is written once, in the route table
// (packages/account/src/routes.ts); the client router, the redirects, the server's page choice, its log
// redaction and its mail links all read it. This reads every string, template and regular expression in the
// sources of apps/ and packages/ and fails on one that spells a route's path or one of its segments.
// Tests, stories, test fixtures and generated code are left out: they pin paths on purpose. The root `/` is
// not looked for: it is every URL's first character.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routeTable, type RouteName } from '@pre-admission/account/routes';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const TABLE = 'packages/account/src/routes.ts';
/** The desk's console's own paths (apps/desk), some of which share a segment with the applicant's. */
const DESK_TABLE = 'apps/desk/src/routing/paths.ts';

/**
 * Literals allowed outside the table, each with why (none now: the planner, one layer with the account kit and
 * so unable to import its table, gets its page's address from the app). Adding one needs a reason of that kind.
 */
const allowed: ReadonlyArray<{ file: string; text: string }> = [];

/** Every source file of apps/ and packages/ that ships: no tests, stories, fixtures or generated code. */
export function sourceFiles(dir: string): string[] {
  return execFileSync('git', ['ls-files', '--', 'apps', 'packages'], { cwd: dir, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.(m?[jt]sx?)$/.test(file) && !file.endsWith('.d.ts'))
    .filter((file) => !/\.(test|test-d|stories)\.[mc]?[jt]sx?$/.test(file))
    .filter((file) => !/(^|\/)(test|tests|testing|generated|mocks|\.storybook)\//.test(file))
    .filter((file) => file !== TABLE && file !== DESK_TABLE);
}

/** The segments of the routes' paths (`registrations`, `password-reset`, ...): a literal naming one is a path. */
const segments = new Set(
  (Object.keys(routeTable) as RouteName[]).flatMap((name) =>
    routeTable[name].path.split('/').filter((segment) => segment !== '' && !segment.startsWith(':')),
  ),
);

const names = new Set<string>(Object.keys(routeTable));

/** An API path (`/api/applicant/registrations`) is the contract's, not a page's. */
const apiPath = /^\/?api\//i;
/** A file (`src/applications/Applications.tsx`), not a page. */
const filePath = /\.[a-z]+$/i;

/** The words of a literal that could be path segments: split at `/`, `|`, parentheses and the like. */
const words = (text: string) => text.split(/[/|()?#'"`,^$\\[\]]+/).filter(Boolean);

/**
 * Whether a literal spells a route: one of its words is a route's segment, and it is path-shaped (a `/` or
 * a regular expression's `|` in it) or a bare segment that is no route's name (`'password-reset'`; a bare
 * `'privacy'` is the route's name). Prose (a space in it) is not a path.
 */
function spellsRoute(text: string): boolean {
  if (/\s/.test(text) || apiPath.test(text) || filePath.test(text)) return false;
  const shaped = /[/|]/.test(text);
  return words(text).some((word) => segments.has(word.toLowerCase()) && (shaped || !names.has(word)));
}

/** A module specifier (`import ... from '../applications/Applications'`) names a file, not a page. */
const isModuleSpecifier = (node: ts.Node) =>
  (ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent)) &&
  node.parent.moduleSpecifier === node
    ? true
    : ts.isCallExpression(node.parent) && node.parent.expression.kind === ts.SyntaxKind.ImportKeyword;

export interface Finding {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

/** The string, template and regular-expression literals of a file that spell a route. */
export function routeLiterals(file: string, source: string): Finding[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const findings: Finding[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isStringLiteralLike(node) ||
        ts.isTemplateLiteralToken(node) ||
        ts.isRegularExpressionLiteral(node)) &&
      !isModuleSpecifier(node) &&
      spellsRoute(node.text)
    )
      findings.push({
        file,
        line: tree.getLineAndCharacterOfPosition(node.getStart()).line + 1,
        text: node.text,
      });
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return findings;
}

describe('route paths are written in the route table only (docs/behaviour.md#routes)', () => {
  it('no source outside packages/account/src/routes.ts spells a route path or segment', () => {
    const findings = sourceFiles(root)
      .flatMap((file) => routeLiterals(file, readFileSync(join(root, file), 'utf8')))
      .filter((finding) => !allowed.some((a) => a.file === finding.file && a.text === finding.text));
    expect(findings.map(({ file, line, text }) => `${file}:${line}: ${JSON.stringify(text)}`)).toEqual([]);
  });

  it.each([
    ["publicLink(s, 'password-reset', token)", 'password-reset'],
    ['const to = `/registrations/${token}`;', '/registrations/'],
    ["redirect('/Applications')", '/Applications'],
    [
      'const tokens = /(registrations|change-email-requests)\\/[^/]+/gi;',
      '/(registrations|change-email-requests)\\/[^/]+/gi',
    ],
    ["const prefixes = ['privacy', 'password-change-complete'];", 'password-change-complete'],
    ['const link = <a href="/privacy">x</a>;', '/privacy'],
  ])('finds %s', (source, text) => {
    expect(routeLiterals('probe.tsx', source).map((finding) => finding.text)).toContain(text);
  });

  it.each([
    "formatMessage({ id: 'app.title.privacy' })",
    "fetch('/api/applicant/registrations')",
    "const root = '/';",
    "const chunk = 'src/applications/Applications.tsx';",
    "const { Privacy } = await import('@pre-admission/account/Privacy');",
    "const name: RouteName = 'privacy';",
    "const note = 'a live password-reset link';",
    'const text = <p>Read the privacy policy.</p>;',
  ])('lets %s be', (source) => {
    expect(routeLiterals('probe.tsx', source)).toEqual([]);
  });

  it('keeps the allowed list to literals that are still there', () => {
    for (const { file, text } of allowed)
      expect(routeLiterals(file, readFileSync(join(root, file), 'utf8')).map((f) => f.text)).toContain(text);
  });
});
