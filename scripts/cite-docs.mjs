#!/usr/bin/env node
// Rewrites citations of the outside product document ("spec 2", "Spec 4's rules", "(spec 2, 8)",
// "spec 5.1") in code, tests, openapi.yaml and docs into citations of docs/behaviour.md, whose sections
// follow that document's order. Running it twice changes nothing the second time.
//
//   node scripts/cite-docs.mjs            rewrite every tracked text file; print what changed
//   node scripts/cite-docs.mjs --check    change nothing; list each remaining citation, exit 1 if any
//   node scripts/cite-docs.mjs --root DIR [paths…]   work on another tree (a copy), or on some paths only
//
// After a rewrite that touched openapi.yaml, run `npm run generate` (the generated types copy its
// descriptions) and commit both.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/** The sections of docs/behaviour.md, in the order of the document they replace (1 to 9). */
const sections = {
  1: 'product',
  2: 'routes',
  3: 'data',
  4: 'session',
  5: 'validation',
  6: 'roles',
  7: 'api-calls',
  8: 'error-catalogue',
  9: 'constants',
};
const target = 'docs/behaviour.md';

/** Never touched: installed packages, build output, generated files (regenerate them instead), pacts. */
const excluded = [
  /(^|\/)node_modules\//,
  /(^|\/)\.git\//,
  /(^|\/)(dist|storybook-static|coverage|test-results)\//,
  /(^|\/)generated\//,
  /^pacts\//,
  /(^|\/)package-lock\.json$/,
  // These two talk about the pattern itself.
  /^scripts\/cite-docs\.mjs$/,
  /^scripts\/citations\.test\.ts$/,
];
const textFile = /\.(ts|tsx|mts|cts|js|mjs|cjs|jsx|json|md|mdx|yaml|yml|html|css|sh|txt)$|(^|\/)run$/;

// "spec 4", "Specs 3 and 7", "spec 2, 4", "spec 5.1", "spec 4's": one citation group.
const number = String.raw`\d+(?:\.\d+)*`;
// A further section in a list: one digit, not a quantity ("spec 5, 8 characters" cites only 5).
const listed = String.raw`[1-9](?:\.\d+)*\b(?!\s*(?:px|ms|characters|chars|%|kB))`;
const citation = new RegExp(
  String.raw`\b([Ss])pecs?\s+(${number})((?:\s*(?:,|and|&)\s*${listed})*)('s)?`,
  'g',
);
const outsidePath = /(?:\.\.\/)+shared\/spec\/product-spec\.md|product-spec\.md/g;
// What --check and the gate test look for.
const remaining = /\bspecs?\s+[0-9]|product-spec|\.\.\/shared/i;

const ruleWords = /teacher|scholarship|programme|\bprogram\b|research student|doctoral|\bitem 1[23]\b/i;

/** The anchor of one section number; section 4's teacher and scholarship rules have their own. */
function anchorFor(section, line, file) {
  const major = Number(section.split('.')[0]);
  const anchor = sections[major];
  if (!anchor) return undefined;
  if (major === 4 && (ruleWords.test(line) || /(^|\/)rules\//.test(file))) return 'rules';
  return anchor;
}

/** Rewrites one line; returns it unchanged when a citation names no known section. */
function rewriteLine(line, file) {
  let out = '';
  let last = 0;
  for (const match of line.matchAll(citation)) {
    const [whole, initial, first, rest, possessive] = match;
    const numbers = [first, ...[...rest.matchAll(new RegExp(listed, 'g'))].map((m) => m[0])];
    const anchors = numbers.map((n) => anchorFor(n, line, file));
    if (anchors.some((a) => a === undefined)) continue;
    const separators = [...rest.matchAll(new RegExp(String.raw`\s*(?:,|and|&)\s*`, 'g'))].map((m) => m[0]);
    let cite = `${target}#${anchors[0]}`;
    anchors.slice(1).forEach((anchor, index) => {
      cite += `${separators[index]}#${anchor}`;
    });
    const start = match.index;
    let end = start + whole.length;
    let replacement = cite;
    if (possessive) {
      // "Spec 2's redirects: …" → "The redirects of docs/behaviour.md#routes: …"
      const after = line.slice(end);
      const phrase = /^\s+([^:;,.()|`→—\n]*?)(?=\s*(?:[:;,.()|`→—]|$|\b[Ss]pecs?\s+\d))/.exec(after);
      // A trailing "and"/"or" joins the next citation ("spec 5's validation and spec 8's …"): keep it after.
      const words = phrase && /^(\s+)(.*?)(\s+(?:and|or))?$/.exec(phrase[0]);
      if (words && words[2].trim() !== '') {
        const the = initial === 'S' ? 'The' : 'the';
        replacement = `${the} ${words[2].trim()} of ${cite}`;
        end += words[1].length + words[2].length;
      }
    }
    out += line.slice(last, start) + replacement;
    last = end;
  }
  out += line.slice(last);
  return out.replace(outsidePath, target);
}

export function rewrite(text, file = '') {
  return text
    .split('\n')
    .map((line) => rewriteLine(line, file))
    .join('\n');
}

/** Longer citations can push a line past the print width: format what was rewritten as the repo does. */
async function format(text, path) {
  const prettier = await import('prettier');
  const info = await prettier.getFileInfo(path);
  if (info.ignored || !info.inferredParser) return text;
  const options = (await prettier.resolveConfig(path)) ?? {};
  return prettier.format(text, { ...options, filepath: path });
}

function listFiles(root, only) {
  if (only.length > 0) return only.map((path) => relative(root, resolve(root, path)));
  try {
    return execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
  } catch {
    // Not a git checkout (a copy): walk it.
    const files = [];
    const walk = (dir) => {
      for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
        const path = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (!excluded.some((pattern) => pattern.test(`${path}/`))) walk(path);
        } else files.push(path);
      }
    };
    walk('');
    return files;
  }
}

async function main(argv) {
  const check = argv.includes('--check');
  const rootIndex = argv.indexOf('--root');
  const root = rootIndex >= 0 ? resolve(argv[rootIndex + 1]) : resolve(import.meta.dirname, '..');
  const only = argv.filter((arg, index) => !arg.startsWith('--') && index !== rootIndex + 1);
  const files = listFiles(root, only).filter(
    (file) => textFile.test(file) && !excluded.some((pattern) => pattern.test(file)),
  );

  const hits = [];
  const changed = [];
  for (const file of files) {
    const path = join(root, file);
    let text;
    try {
      if (!statSync(path).isFile()) continue;
      text = readFileSync(path, 'utf8');
    } catch {
      continue; // listed but gone (a deleted, uncommitted file)
    }
    if (text.includes('\0')) continue;
    if (check) {
      text.split('\n').forEach((line, index) => {
        if (remaining.test(line)) hits.push(`${file}:${index + 1}: ${line.trim()}`);
      });
      continue;
    }
    let next = rewrite(text, file);
    if (next !== text) {
      next = await format(next, path);
      writeFileSync(path, next);
      changed.push(file);
    }
    next.split('\n').forEach((line, index) => {
      if (remaining.test(line)) hits.push(`${file}:${index + 1}: ${line.trim()}`);
    });
  }

  if (!check) {
    for (const file of changed) console.info(`rewrote ${file}`);
    console.info(`${changed.length} files rewritten.`);
    if (changed.includes('openapi.yaml')) console.info('openapi.yaml changed: run `npm run generate`.');
  }
  for (const hit of hits) console.info(hit);
  console.info(`${hits.length} citations of the outside document remain.`);
  return check && hits.length > 0 ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main(process.argv.slice(2));
