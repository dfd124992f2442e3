import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
    target: 'es2022',
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
});
