// A production install (`npm ci --omit=dev`, docs/operations.md#production-install) carries no build or test
// tool: the server runs on Node's own type stripping, the web app is built beforehand. npm decides what
// --omit=dev leaves out from package-lock.json's flags (`"dev": true`; `"devOptional": true` is still
// installed), so the lockfile is checked here rather than a real install: a dependency moved to the wrong
// section, or a runtime package that starts to depend on a tool, fails this test with the chain that pulls
// the tool in.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

type LockEntry = {
  name?: string;
  dev?: boolean;
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as {
  packages: Record<string, LockEntry>;
};
const entries = lock.packages;

/** Tools that have no business in production: bundlers, compilers, test runners, mocks, browsers. */
const tools = [
  'msw',
  'typescript',
  'vite',
  'storybook',
  'playwright-core',
  'playwright',
  'tsx',
  'vitest',
  'esbuild',
];

const nameOf = (location: string) =>
  location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);

/** Where Node finds `name` from the package at `location`: its own node_modules, then each folder above. */
function resolve(location: string, name: string): string | undefined {
  let dir = location;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    const entry = entries[candidate];
    if (entry) return entry.link && entry.resolved !== undefined ? entry.resolved : candidate;
    if (!dir) return undefined;
    dir = dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/')) : '';
  }
}

/**
 * What npm installs beside a package in production: its dependencies, optional ones and peers, optional
 * peers included, since npm keeps one the tree holds anyway (msw's optional peer typescript did).
 */
function runtimeDependencies(entry: LockEntry): { name: string; peer: boolean }[] {
  return [
    ...Object.keys({ ...entry.dependencies, ...entry.optionalDependencies }).map((name) => ({
      name,
      peer: false,
    })),
    ...Object.keys(entry.peerDependencies ?? {}).map((name) => ({ name, peer: true })),
  ];
}

/**
 * Every package the production install holds, each with the chain from the repository that pulls it in:
 * the root's dependencies and every workspace's (npm installs the workspaces' dependencies, never their
 * devDependencies, with --omit=dev).
 */
function productionClosure(): Map<string, string[]> {
  const chains = new Map<string, string[]>();
  const workspaces = Object.keys(entries).filter(
    (location) => location && !location.includes('node_modules'),
  );
  const queue: string[] = [];
  for (const location of ['', ...workspaces]) {
    chains.set(location, [location ? (entries[location]!.name ?? location) : '(root)']);
    queue.push(location);
  }
  while (queue.length > 0) {
    const location = queue.shift()!;
    for (const { name, peer } of runtimeDependencies(entries[location]!)) {
      const target = resolve(location, name);
      if (target === undefined || chains.has(target)) continue;
      chains.set(target, [...chains.get(location)!, `${name}${peer ? ' (peer)' : ''}`]);
      queue.push(target);
    }
  }
  return chains;
}

describe('the production install (npm ci --omit=dev)', () => {
  const closure = productionClosure();

  it('holds no build or test tool', () => {
    const offenders = Object.entries(entries)
      .filter(([location, entry]) => location.includes('node_modules/') && !entry.dev)
      .filter(([location]) => tools.includes(nameOf(location)))
      .map(
        ([location]) =>
          `${location}: ${closure.get(location)?.join(' > ') ?? '(not dev in package-lock.json)'}`,
      );
    expect(offenders, 'a tool is installed by npm ci --omit=dev; its chain').toEqual([]);
  });

  it('agrees with npm: what the dependency walk reaches is what package-lock.json keeps without "dev"', () => {
    // The walk above names the chains; if it missed packages npm installs, the check would be blind to them.
    const installed = Object.entries(entries)
      .filter(([location, entry]) => location.includes('node_modules/') && !entry.dev && !entry.link)
      .map(([location]) => location);
    expect(installed.filter((location) => !closure.has(location))).toEqual([]);
    expect(installed.length).toBeGreaterThan(50);
  });
});
