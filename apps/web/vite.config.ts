import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_TARGET ?? 'http://localhost:8080';
const apiProxy = { target: apiTarget, changeOrigin: true, headers: { origin: new URL(apiTarget).origin } };

export default defineConfig({
  // Relative asset URLs under index.html's <base href>: the server sets the base path at run time, so one
  // build serves `/` and `/pre-admission/` alike.
  base: './',
  plugins: [react(), vanillaExtractPlugin()],
  resolve: {
    alias: {
      // Messages are precompiled to the formatjs AST (packages/i18n), so the ICU parser is dead weight.
      '@formatjs/icu-messageformat-parser': '@formatjs/icu-messageformat-parser/no-parser.js',
    },
  },
  build: {
    outDir: 'dist',
    manifest: true,
    target: 'es2022',
    sourcemap: true,
  },
  // `npm run dev -w @pre-admission/web` (and `vite preview`): the API comes from the reference provider
  // (API_TARGET to override). The provider refuses foreign origins (CSRF defence), so the proxy presents
  // the provider's own origin; in production the app and the API share one origin and no proxy is needed.
  server: { port: 5173, proxy: { '/api': apiProxy } },
  preview: { port: 4173, proxy: { '/api': apiProxy } },
});
