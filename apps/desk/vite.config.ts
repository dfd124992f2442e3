import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { defineConfig } from 'vite';

const require = createRequire(import.meta.url);
// As apps/web: one copy of intl-messageformat (@formatjs/intl's), and no ICU parser (the messages are
// precompiled by packages/i18n).
const requireFromIntl = createRequire(require.resolve('@formatjs/intl'));
const formatjsEntry = (name: string) => requireFromIntl.resolve(name);

const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';
const apiProxy = { target: apiTarget, changeOrigin: true, headers: { origin: new URL(apiTarget).origin } };

/**
 * The desk's console (apps/desk/README.md): its own build in apps/desk/dist, served by the API server under
 * `BASE_PATH/desk/` (apps/api/src/plugins/webHosting.ts). Relative asset URLs under index.html's <base href>,
 * which the server writes, so one build serves any base path.
 */
export default defineConfig({
  base: './',
  plugins: [react(), vanillaExtractPlugin()],
  resolve: {
    alias: [
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: formatjsEntry('@formatjs/icu-messageformat-parser/no-parser.js'),
      },
      { find: /^intl-messageformat$/, replacement: formatjsEntry('intl-messageformat') },
      { find: /^@formatjs\/fast-memoize$/, replacement: formatjsEntry('@formatjs/fast-memoize') },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    sourcemap: true,
    cssCodeSplit: false,
  },
  // `npm run dev -w @pre-admission/desk-app`: the API from the reference provider (API_TARGET to override).
  server: { port: 5174, proxy: { '/api': apiProxy } },
});
