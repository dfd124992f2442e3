// `npm run build:packages`: builds @pre-admission/api, i18n, ui and account into their dist/ for packing
// (docs/testing.md#the-kit-as-packages). Per package: Vite library mode (ES modules, one entry per
// `publishConfig.exports` entry, every bare import left external, the vanilla-extract styles extracted to
// dist/style.css), then tsc for the type declarations (dist/types). The packages build in dependency
// order, and each later one sees the earlier ones through their dist: the styles a package composes from
// @pre-admission/ui then carry the class and variable names ui's own style.css defines.
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const kitPackages = ['api', 'i18n', 'ui', 'account'];

const readPackage = (name) => JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8'));

/** The Vite entries of a package: dist/<name>.js ← the source its repository `exports` names. */
function entriesOf(name) {
  const pkg = readPackage(name);
  const dir = join(root, 'packages', name);
  const entries = {};
  for (const [key, target] of Object.entries(pkg.publishConfig.exports)) {
    const built = typeof target === 'object' ? target.import : undefined;
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
      entries[built.replace('./dist/', '').replace(/\.js$/, '')] = join(dir, source);
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

const isBare = (id) =>
  !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('\0') && !/^[A-Za-z]:/.test(id);

async function buildPackage(name) {
  const dir = join(root, 'packages', name);
  rmSync(join(dir, 'dist'), { recursive: true, force: true });
  const started = Date.now();
  await build({
    configFile: false,
    root: dir,
    logLevel: 'warn',
    plugins: [vanillaExtractPlugin()],
    resolve: { alias: builtAliases(name) },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
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
  execFileSync(join(root, 'node_modules/.bin/tsc'), ['-p', join(dir, 'tsconfig.build.json')], {
    stdio: 'inherit',
  });
  copyJsonTypes(dir);
  console.info(`@pre-admission/${name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const only = process.argv.slice(2);
  for (const name of kitPackages) if (only.length === 0 || only.includes(name)) await buildPackage(name);
}
