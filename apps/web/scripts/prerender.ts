// The second half of `npm run build -w @pre-admission/web`: writes the HTML of every public page that does
// not depend on the session or a token (routeTable's `prerender`), and of /applications as it is while the
// session and the plan load (its heading and lead: entry-server.tsx `pages`), in Japanese and in English,
// so that the first paint needs no JavaScript. The app then hydrates that HTML (src/main.tsx).
//
// It bundles src/prerender/entry-server.tsx for Node with the app's own Vite config (the same
// vanilla-extract class names as the browser build), renders each page with react-dom/server, and fills
// dist/index.html's template: <html lang>, <title>, the page's chunks as modulepreload links and the build's one
// stylesheet (no flash of unstyled content when the screen's chunk arrives), and the page's first script
// (src/prerender/early.ts, built here by Vite and inlined): it keeps what the applicant does before the app
// has taken over, and loads the page's chunks, which it reads from its data attributes, after the paint.
// Which chunks a page needs comes from the build's manifest (scripts/manifest.ts) and from the modules
// main.tsx imports at start (dist/.vite/startup.json, written by vite.config.ts): nothing here assumes
// how many chunks the build makes.
//
// Output: dist/pages/<locale>/<name>.html and dist/pages/pages.json, which the server (apps/api) reads to
// send each path's page in the applicant's language, with the base path and a CSP nonce written in. Which
// visitor gets a page (with or without a session cookie) is the route table's `prerender`
// (@pre-admission/account/routes), which the server reads itself.
//
//   tsx apps/web/scripts/prerender.ts [outDir]   # outDir: the client build to complete (default apps/web/dist)
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import type * as EntryServer from '../src/prerender/entry-server';
import { readManifest, staticClosure } from './manifest';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const dist = resolve(process.argv[2] ?? join(webRoot, 'dist'));
// A directory of its own, so that builds running side by side (tests, the benchmark) do not collide, under
// node_modules so that the bundle finds react & co. and no tool looks at it.
await mkdir(join(webRoot, 'node_modules', '.cache'), { recursive: true });
const ssrOut = await mkdtemp(join(webRoot, 'node_modules', '.cache', 'prerender-'));

await build({
  root: webRoot,
  mode: 'production',
  configFile: join(webRoot, 'vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: 'src/prerender/entry-server.tsx',
    outDir: ssrOut,
    emptyOutDir: true,
    sourcemap: false,
    manifest: false,
    // .mjs: ES modules wherever the directory is (no package.json with "type": "module" above it).
    rollupOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' } },
  },
});

const server = (await import(pathToFileURL(join(ssrOut, 'entry-server.mjs')).href)) as typeof EntryServer;
const manifest = readManifest(dist);
const template = await readFile(join(dist, 'index.html'), 'utf8');

/** The manifest key whose source path ends with `suffix`. */
function chunkKey(suffix: string): string {
  const key = Object.keys(manifest).find((candidate) => candidate.endsWith(suffix));
  if (!key) throw new Error(`The build manifest has no chunk for ${suffix}.`);
  return key;
}

// What src/main.tsx imports at start (React's renderer, the app, ...): the files of the chunks that hold
// those modules, as the build's module graph says (vite.config.ts writes them beside the manifest). Every
// page preloads them and what they import, however many there are.
const startFiles = JSON.parse(await readFile(join(dist, '.vite', 'startup.json'), 'utf8')) as string[];
const startChunks = startFiles.map((file) => {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]?.file === file);
  if (!key) throw new Error(`The build manifest has no chunk ${file}, which main.tsx needs at start.`);
  return key;
});

// The script each page runs first (src/prerender/early.ts), built here as one self-contained script and
// inlined, so that it runs before any file arrives.
const early = await build({
  root: webRoot,
  configFile: false,
  logLevel: 'warn',
  build: {
    write: false,
    target: 'es2022',
    minify: true,
    sourcemap: false,
    lib: { entry: join(webRoot, 'src/prerender/early.ts'), formats: ['iife'], name: 'preAdmissionEarly' },
  },
});
const earlyOutput = (Array.isArray(early) ? early[0] : early) as {
  output: Array<{ type: string; code?: string }>;
};
const earlyScript = earlyOutput.output.find((chunk) => chunk.type === 'chunk')?.code?.trim();
if (!earlyScript) throw new Error('src/prerender/early.ts built to nothing.');
if (earlyScript.includes('</script')) throw new Error('The early script cannot be inlined as it is.');

const stylesheetLink = /\s*<link rel="stylesheet" crossorigin href="([^"]+)">/g;
const templateStyles = [...template.matchAll(stylesheetLink)].map((match) => match[1] as string);

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const renderedAt = new Date();
await rm(join(dist, 'pages'), { recursive: true, force: true });
const index: Array<{ name: string; path: string; files: Record<string, string> }> = [];
for (const page of server.pages) {
  const files: Record<string, string> = {};
  for (const locale of server.locales) {
    const { html, title } = await server.renderPage(page.name, locale, renderedAt);
    // Its screen, its language and what src/main.tsx imports at start, a piece per task (React's
    // renderer, the app), but what the entry brings.
    const needed = new Set<string>();
    const parts = page.messageParts.map((part) =>
      chunkKey(`/i18n/src/generated/parts/${part}.${locale}.json`),
    );
    for (const key of [
      chunkKey(page.chunk),
      chunkKey(`/i18n/src/bundles/${locale}.ts`),
      ...parts,
      ...startChunks,
    ])
      staticClosure(manifest, key, needed, { beyondEntry: true });
    const scripts = [...needed].filter((file) => file.endsWith('.js'));
    // The build's one stylesheet (vite.config.ts `cssCodeSplit: false`), which Vite links in index.html,
    // and any a chunk of the page would bring: after the early script, which must not wait for them.
    const styles = [
      ...new Set([
        ...templateStyles,
        ...[...needed].filter((file) => file.endsWith('.css')).map((file) => `./${file}`),
      ]),
    ];
    // The page's scripts load after the first paint (early.ts): out of the head, into the list the
    // inline script loads from.
    const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template)?.[1];
    if (!entry) throw new Error('index.html has no module script; the prerender needs it.');
    // The page's own chunks (its screen, its language) and what main.tsx imports at start. The entry's
    // static imports are left for the browser to find as it parses the entry: each modulepreload link the
    // loader inserts costs the main thread a few milliseconds on a slow phone.
    const preloads = scripts.map((file) => `./${file}`);
    const head = [
      `<script nonce="" data-entry="${escapeHtml(entry)}" data-preloads="${escapeHtml(preloads.join(' '))}">${earlyScript}</script>`,
      ...styles.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`),
    ].join('\n    ');
    const document = template
      .replace(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/, '')
      .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
      .replace(stylesheetLink, '')
      .replace(/<html lang="[^"]*">/, `<html lang="${locale}">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace('</head>', `  ${head}\n  </head>`)
      .replace(
        '<div id="root"></div>',
        `<div id="root" data-rendered-at="${renderedAt.toISOString()}">${html}</div>`,
      );
    for (const [name, changed] of [
      ['lang', document.includes(`<html lang="${locale}">`)],
      ['root', document.includes('data-rendered-at')],
    ] as const)
      if (!changed) throw new Error(`index.html has no ${name} to fill in; the prerender needs it.`);
    const file = `pages/${locale}/${page.name}.html`;
    await mkdir(join(dist, 'pages', locale), { recursive: true });
    await writeFile(join(dist, file), document);
    files[locale] = file;
  }
  index.push({ name: page.name, path: page.path, files });
}
await writeFile(
  join(dist, 'pages', 'pages.json'),
  `${JSON.stringify({ basePlaceholder: server.basePlaceholder, pages: index }, null, 2)}\n`,
);
await rm(ssrOut, { recursive: true, force: true });
console.info(
  `prerender: ${index.length} pages × ${server.locales.length} languages in ${join(dist, 'pages')}`,
);
// A timer the render left (a query's garbage collection, say) would hold the build open for minutes, past
// the e2e harness's limit: fail at once instead, saying so (entry-server.tsx clears the query cache).
const timers = process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
if (timers > 0) {
  console.error(`prerender: the render left ${timers} timer(s) running; nothing it starts may outlive it.`);
  process.exit(1);
}
