// docs/behaviour.md names, for each rule, the file that implements it and the test that pins it. This keeps
// those names true: a file that moved, a test or story that was renamed, fails here with the name to fix.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failureRows } from '@pre-admission/api';
import { withFreshFailureTables } from './failureTablesDoc';

const root = join(import.meta.dirname, '..');
const doc = readFileSync(join(root, 'docs/behaviour.md'), 'utf8');
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);

const anchors = [
  'product',
  'routes',
  'data',
  'session',
  'rules',
  'applications',
  'validation',
  'roles',
  'api-calls',
  'error-catalogue',
  'link-states',
  'constants',
];

/** Inline code spans that name a file or folder of the repository. */
const pathSpans = [...doc.matchAll(/`([^`\s]+)`/g)]
  .map((match) => match[1]!)
  .filter((span) => /^(apps|packages|tests|scripts|docs)\//.test(span) && !span.includes('*'));

/** A bare file name (`SignIn.stories.tsx`) stands for every tracked file of that name. */
const filesNamed = (name: string): string[] =>
  name.includes('/') ? [name] : tracked.filter((file) => basename(file) === name);

/** `file` › `name`, `name`, …: each name a test title (… elides) or, in a stories file, an exported story. */
const citations = [...doc.matchAll(/`([^`\s]+\.(?:test|stories)\.tsx?)` ›\s((?:`[^`]+`(?:,\s)?)+)/g)].flatMap(
  (match) =>
    [...match[2]!.matchAll(/`([^`]+)`/g)]
      .map((name) => ({ file: match[1]!.trim(), name: name[1]!.replace(/\s+/g, ' ') }))
      // A list may run on into the next file's name: that is not a test name.
      .filter(({ name }) => !/\.(?:test|stories)\.tsx?$/.test(name)),
);

/** The tracked files a name beside an identifier stands for: a path, or a bare file name. */
const filesFor = (name: string): string[] =>
  (existsSync(join(root, name)) ? [name] : filesNamed(name)).filter((file) => !file.endsWith('/'));

/**
 * Identifiers named beside a file: "`a`, `b` and `c` in `file`", "`a` (`file`)" and "`file` `a`". A dotted name
 * (`layout.contentWidth`) stands for each of its parts.
 */
const identifierClaims = [
  ...[
    ...doc.matchAll(/((?:`[A-Za-z_$][\w$.]*`(?:,\s+|,?\s+(?:and|or)\s+)?)+)\s+in\s+`([^`\s]+\.[a-z]+)`/g),
  ].flatMap((match) =>
    [...match[1]!.matchAll(/`([^`]+)`/g)].map((name) => ({ name: name[1]!, file: match[2]! })),
  ),
  ...[...doc.matchAll(/`([A-Za-z_$][\w$]*)` \(`([^`\s]+\.[a-z]+)`\)/g)].map((match) => ({
    name: match[1]!,
    file: match[2]!,
  })),
  // "`openapi.yaml` `TokenProblem`", "(`packages/rules/src/teachers.ts`, `teachersForProgram`".
  ...[...doc.matchAll(/`([^`\s]+\.[a-z]+)`,? `([A-Za-z_$][\w$]*)`/g)].map((match) => ({
    name: match[2]!,
    file: match[1]!,
  })),
];

/** The rows of a markdown table that follows a header line. */
function tableAfter(header: string): string[][] {
  const start = doc.indexOf(header);
  if (start < 0) return [];
  const lines = doc.slice(start).split('\n');
  const end = lines.findIndex((line) => !line.startsWith('|'));
  return lines.slice(2, end).map((line) =>
    line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((cell) => cell.trim()),
  );
}

describe('docs/behaviour.md', () => {
  it('has one heading per section, in order, with the anchors code cites', () => {
    const headings = [...doc.matchAll(/^## (.+)$/gm)].map((match) =>
      match[1]!.toLowerCase().replace(/\s+/g, '-'),
    );
    expect(headings).toEqual(anchors);
  });

  it('names files and folders that exist', () => {
    expect(pathSpans.length).toBeGreaterThan(50);
    expect(pathSpans.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it('names tests and stories that exist', () => {
    expect(citations.length).toBeGreaterThan(100);
    const missing = citations.filter(({ file, name }) => {
      const texts = filesNamed(file).map((path) => readFileSync(join(root, path), 'utf8'));
      if (texts.length === 0) return true;
      if (file.includes('.stories.')) {
        return !texts.some((text) => new RegExp(`export const ${name}\\b`).test(text));
      }
      // The parts around an ellipsis or a template placeholder must each appear in the file.
      const parts = name
        .split(/…|\$\{[^}]*\}/)
        .map((part) => part.trim())
        .filter((part) => part.length >= 4);
      return !texts.some((text) => parts.every((part) => text.includes(part)));
    });
    expect(missing).toEqual([]);
  });

  it('points at nothing outside the repository', () => {
    expect(doc).not.toMatch(new RegExp(['\\.\\./shared', ['product', 'spec'].join('-')].join('|')));
  });

  it('names identifiers that exist in the file named beside them', () => {
    expect(identifierClaims.length).toBeGreaterThan(30);
    const missing = identifierClaims.filter(({ name, file }) => {
      const files = filesFor(file);
      if (files.length === 0) return true;
      const texts = files.map((path) => readFileSync(join(root, path), 'utf8'));
      return !name.split('.').every((part) => texts.some((text) => new RegExp(`\\b${part}\\b`).test(text)));
    });
    expect(missing).toEqual([]);
  });

  it('lists the failure tables as the adapter has them', () => {
    expect(
      withFreshFailureTables(doc) === doc,
      'docs/behaviour.md#error-catalogue differs from the failure tables: run `npm run docs:failures` and commit the result',
    ).toBe(true);
  });

  it('pins only rows the failure tables have', () => {
    const rows = new Set(failureRows().map(({ call, status }) => `${call} ${status}`));
    const pinned = tableAfter('| Call | Answer | Story | End to end |');
    expect(pinned.length).toBeGreaterThan(15);
    const unknown = pinned.flatMap(([calls, answers]) =>
      calls!
        .split(', ')
        .flatMap((call) =>
          answers!
            .split(', ')
            .flatMap((status) => (rows.has(`${call} ${status}`) ? [] : [`${call} ${status}`])),
        ),
    );
    expect(unknown).toEqual([]);
  });
});
