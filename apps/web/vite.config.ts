import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes a .br and a .gz beside every JavaScript, CSS and HTML file of the build, at the highest levels,
 * so the server sends them as they are (fastify-static `preCompressed`) instead of compressing per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  let ssr = false;
  return {
    name: 'pre-admission:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      ssr = Boolean(config.build.ssr);
    },
    async writeBundle(_options, bundle) {
      // The prerender's Node bundle is never served.
      if (ssr) return;
      const files = Object.keys(bundle).filter((name) => /\.(js|css|html|svg|json)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(outDir, name);
          const content = await readFile(path);
          await writeFile(
            `${path}.br`,
            await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          await writeFile(`${path}.gz`, await gz(content, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * Writes `.vite/startup.json`: the files of the chunks that hold the modules src/main.tsx imports at start
 * (React's renderer, the app, ...), read from the module graph and the bundle. The prerender preloads them
 * on every prerendered page (scripts/prerender.ts), however many chunks there are, whatever they are
 * named, and whichever chunk Rollup puts each module in.
 */
function startupChunks(): Plugin {
  let root = '';
  let ssr = false;
  return {
    name: 'pre-admission:startup-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      ssr = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      if (ssr) return;
      const main = this.getModuleInfo(resolve(root, 'src/main.tsx'));
      if (!main) this.error('src/main.tsx is not in the build.');
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const files = new Set<string>();
      for (const id of main.dynamicallyImportedIds) {
        const chunk = chunks.find((candidate) => candidate.moduleIds.includes(id));
        if (!chunk) this.error(`No chunk holds ${id}, which src/main.tsx imports.`);
        files.add(chunk.fileName);
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/startup.json',
        source: JSON.stringify([...files]),
      });
    },
  };
}

const require = createRequire(import.meta.url);
// react-intl and @formatjs/intl each carry a copy of intl-messageformat 12 and its helpers (another tool's
// older copy sits at the top of node_modules): one copy, @formatjs/intl's, for both (about 0.6 kB gzip).
const requireFromIntl = createRequire(require.resolve('@formatjs/intl'));
const formatjsEntry = (name: string) => requireFromIntl.resolve(name);

/**
 * react-router's production files, for the build. Its package exports name only the development build
 * (remix-run/react-router#12532, #14102), whose warnings stay in. And its module names components for
 * React's developer tools at the top level (`Link.displayName = "Link"`) and creates them without a purity
 * annotation (`React.forwardRef(...)`), so the bundler keeps every component, used or not: Link, NavLink,
 * Form and what they bring (about 4 kB gzip). The build drops the names (they only ever show in developer
 * tools) and marks those calls pure.
 */
function productionReactRouter(): Plugin {
  const dist = join(dirname(require.resolve('react-router/package.json')), 'dist', 'production');
  return {
    name: 'pre-admission:production-react-router',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: join(dist, 'index.mjs') },
          { find: /^react-router\/dom$/, replacement: join(dist, 'dom-export.mjs') },
        ],
      },
    }),
    transform(code, id) {
      if (!id.startsWith(dist)) return null;
      const pure = code
        .replace(/^[\w$]+\.displayName = "[^"]*";$/gm, '')
        .replace(/^(var [\w$]+ = )(React\d*\.(?:forwardRef|memo|createContext)\()/gm, '$1/* @__PURE__ */ $2');
      return { code: pure, map: null };
    },
  };
}

const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';
const apiProxy = { target: apiTarget, changeOrigin: true, headers: { origin: new URL(apiTarget).origin } };

export default defineConfig({
  // Relative asset URLs under index.html's <base href>: the server sets the base path at run time, so one
  // build serves `/` and `/pre-admission/` alike.
  base: './',
  plugins: [react(), vanillaExtractPlugin(), precompress(), startupChunks(), productionReactRouter()],
  resolve: {
    alias: [
      // Messages are precompiled to the formatjs AST (packages/i18n), so the ICU parser is dead weight.
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: formatjsEntry('@formatjs/icu-messageformat-parser/no-parser.js'),
      },
      { find: /^intl-messageformat$/, replacement: formatjsEntry('intl-messageformat') },
      { find: /^@formatjs\/fast-memoize$/, replacement: formatjsEntry('@formatjs/fast-memoize') },
      // react-aria imports the React 17 backfill of useSyncExternalStore; React 19 has the hook itself.
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('src/build/useSyncExternalStoreShim.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    manifest: true,
    target: 'es2022',
    sourcemap: true,
    cssCodeSplit: false,
  },
  // `npm run dev -w @pre-admission/web` (and `vite preview`): the API comes from the reference provider
  // (API_TARGET to override). The provider refuses foreign origins (CSRF defence), so the proxy presents
  // the provider's own origin; in production the app and the API share one origin and no proxy is needed.
  server: { port: 5173, proxy: { '/api': apiProxy } },
  preview: { port: 4173, proxy: { '/api': apiProxy } },
});
