// `npm run build:packages`: builds @pre-admission/api, i18n, ui and account into their dist/ for packing
// (docs/testing.md#the-kit-as-packages). Per package: Vite library mode (ES modules, one entry per
// `publishConfig.exports` entry, every bare import left external, the vanilla-extract styles extracted to
// dist/style.css), then tsc for the type declarations (dist/types). The packages build in dependency
// order, and each later one sees the earlier ones through their dist: the styles a package composes from
// @pre-admission/ui then carry the class and variable names ui's own style.css defines.
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const kitPackages = ['api', 'i18n', 'ui', 'account'];
/** The kit packages each one imports (its build reads their dist/). */
const uses = { ui: ['i18n'], account: ['api', 'i18n', 'ui'] };

const readPackage = (name) => JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8'));

/**
 * The entries of a package: the sources its repository `exports` name, for each published export that has
 * a file of the given kind (`import`: dist/<name>.js, the Vite entries; `types`: the declarations' roots).
 */
function entriesOf(name, kind = 'import') {
  const pkg = readPackage(name);
  const dir = join(root, 'packages', name);
  const entries = {};
  for (const [key, target] of Object.entries(pkg.publishConfig.exports)) {
    const built = typeof target === 'object' ? target[kind] : undefined;
    if (!built) continue;
    const source = pkg.exports[key];
    if (key.includes('*')) {
      // "./*": one entry per directory the wildcard matches (account's screens).
      const [before, after] = source.split('*');
      const [outBefore] = built.replace('./dist/', '').split('*');
      for (const item of readdirSync(join(dir, before), { withFileTypes: true })) {
        if (item.isDirectory() && existsSync(join(dir, before, item.name, after)))
          entries[`${outBefore}${item.name}`] = join(dir, before, item.name, after);
      }
    } else {
      entries[built.replace('./dist/', '').replace(/\.(js|d\.ts)$/, '')] = join(dir, source);
    }
  }
  return entries;
}

/** The earlier kit packages, resolved to their built files (for the vanilla-extract compiler's evaluation). */
function builtAliases(name) {
  const aliases = [];
  for (const other of kitPackages.slice(0, kitPackages.indexOf(name))) {
    const pkg = readPackage(other);
    for (const [key, target] of Object.entries(pkg.publishConfig.exports)) {
      if (typeof target !== 'object' || !target.import || key.includes('*')) continue;
      const specifier = `${pkg.name}${key === '.' ? '' : key.slice(1)}`;
      aliases.push({
        find: new RegExp(`^${specifier.replace(/[/.]/g, '\\$&')}$`),
        replacement: join(root, 'packages', other, target.import),
      });
    }
  }
  return aliases;
}

/**
 * tsc writes no declaration for a JSON module, and a declaration may import one (`keyof typeof` a
 * catalogue is @pre-admission/i18n's MessageId): copies each JSON file a declaration imports beside it.
 */
function copyJsonTypes(dir) {
  const types = join(dir, 'dist/types');
  const declarations = readdirSync(types, { recursive: true }).filter((file) =>
    String(file).endsWith('.d.ts'),
  );
  for (const file of declarations) {
    const text = readFileSync(join(types, String(file)), 'utf8');
    for (const [, specifier] of text.matchAll(/from '(\.{1,2}\/[^']+\.json)'/g)) {
      const target = resolve(types, dirname(String(file)), specifier);
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(join(dir, 'src', relative(types, target)), target);
    }
  }
}

const run = promisify(execFile);

const isBare = (id) =>
  !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') && !/^[A-Za-z]:/.test(id);

/** Empties a package's dist/ (and puts its repository manifest back if an interrupted pack left the packed one). */
function clean(name) {
  const dir = join(root, 'packages', name);
  if (existsSync(join(dir, 'package.json.repo')))
    renameSync(join(dir, 'package.json.repo'), join(dir, 'package.json'));
  rmSync(join(dir, 'dist'), { recursive: true, force: true });
}

/** The JavaScript and the stylesheet of a package (needs the earlier packages' JavaScript). */
async function bundle(name) {
  const dir = join(root, 'packages', name);
  const started = Date.now();
  await build({
    configFile: false,
    root: dir,
    logLevel: 'warn',
    plugins: [vanillaExtractPlugin()],
    resolve: { alias: builtAliases(name) },
    build: {
      outDir: 'dist',
      // dist/ was emptied before; the declarations may already be there.
      emptyOutDir: false,
      target: 'es2022',
      // Readable output with source maps; the consumer's own bundler minifies.
      minify: false,
      sourcemap: true,
      cssCodeSplit: false,
      copyPublicDir: false,
      lib: { entry: entriesOf(name), formats: ['es'], cssFileName: 'style' },
      rollupOptions: {
        external: (id) => isBare(id),
        output: { chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  });
  console.info(
    `@pre-admission/${name}: JavaScript and styles in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

/**
 * The type declarations of a package (needs the earlier packages' declarations): tsconfig.build.json, for
 * the files the published exports reach and nothing else (a package's Node tooling, such as i18n's XLIFF
 * round trip, is not part of it).
 */
async function declare(name) {
  const dir = join(root, 'packages', name);
  const started = Date.now();
  const project = join(dir, 'tsconfig.types.json');
  const files = Object.values(entriesOf(name, 'types')).map((file) => relative(dir, file));
  writeFileSync(project, JSON.stringify({ extends: './tsconfig.build.json', include: [], files }, null, 2));
  try {
    await run(join(root, 'node_modules/.bin/tsc'), ['-p', project]);
  } catch (error) {
    throw new Error(`@pre-admission/${name}: tsc failed\n${error.stdout ?? ''}${error.stderr ?? ''}`);
  } finally {
    rmSync(project, { force: true });
  }
  copyJsonTypes(dir);
  console.info(`@pre-admission/${name}: declarations in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const only = process.argv.slice(2);
  const names = kitPackages.filter((name) => only.length === 0 || only.includes(name));
  names.forEach(clean);
  // The bundles and the declarations side by side; each waits only for what its package uses (api and i18n
  // use no other kit package, ui uses i18n, account all three).
  const schedule = (step) => {
    const done = new Map();
    for (const name of names) {
      const before = (uses[name] ?? []).filter((other) => done.has(other)).map((other) => done.get(other));
      done.set(
        name,
        Promise.all(before).then(() => step(name)),
      );
    }
    return Promise.all(done.values());
  };
  const results = await Promise.allSettled([schedule(bundle), schedule(declare)]);
  const failed = results.filter((result) => result.status === 'rejected');
  for (const { reason } of failed) console.error(reason instanceof Error ? reason.message : reason);
  if (failed.length > 0) process.exit(1);
}
