// What a page loads first: its stylesheets (before the first paint), then its JavaScript (after it): the
// entry, the chunks the page names for its loader (its screen, its language, what the entry imports at
// start), everything those import statically, and their CSS. Read from the prerendered page
// (dist/pages/<locale>/<name>.html) and Vite's build manifest (dist/.vite/manifest.json).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { readManifest, staticClosure } from '@pre-admission/web/scripts/manifest.ts';

export interface Asset {
  file: string;
  kind: 'js' | 'css';
  bytes: number;
  gzipBytes: number;
}

export interface FirstLoad {
  assets: Asset[];
  javascriptGzipBytes: number;
  cssGzipBytes: number;
}

/**
 * The files a page asks for: module scripts, modulepreloads and stylesheets in its markup, and the entry
 * and preloads its early script inserts after the first paint (apps/web/src/prerender/early.ts).
 */
export function htmlAssets(html: string): string[] {
  const files: string[] = [];
  for (const match of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const tag = match[0];
    const isScript = match[1] === 'script' && /\bsrc=/.test(tag);
    const isLink = match[1] === 'link' && /\brel=["']?(modulepreload|stylesheet)\b/.test(tag);
    if (!isScript && !isLink) continue;
    const url = /\b(?:src|href)=["']?([^"' >]+)/.exec(tag)?.[1];
    if (url && !url.startsWith('data:')) files.push(url);
  }
  // What the early script loads after the first paint: data-entry="./assets/index-….js" and
  // data-preloads="./assets/….js ./assets/….js" on its element.
  const entry = /\bdata-entry="([^"]+)"/.exec(html)?.[1];
  const preloads = /\bdata-preloads="([^"]*)"/.exec(html)?.[1];
  if (entry) files.push(entry, ...(preloads ?? '').split(' ').filter(Boolean));
  return files.map((url) => url.replace(/^\.?\//, ''));
}

/**
 * `page`: the prerendered page, relative to dist (pages/en/signIn.html). `alsoLoaded`: files a browser
 * was seen loading beyond those, counted too (the idle-time preloads, say).
 */
export function computeFirstLoad(
  distDir: string,
  page: string,
  alsoLoaded: Iterable<string> = [],
): FirstLoad {
  const manifest = readManifest(distDir);
  const html = readFileSync(join(distDir, page), 'utf8');
  const named = htmlAssets(html);
  if (!named.some((file) => file.endsWith('.js'))) throw new Error(`${page} loads no script`);
  const keyOf = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const files = new Set<string>();
  for (const file of named) {
    const key = keyOf.get(file);
    if (key) staticClosure(manifest, key, files);
    else files.add(file);
  }
  for (const file of alsoLoaded) files.add(file);

  const assets = [...files]
    .filter((file) => /\.(m?js|css)$/.test(file))
    .sort()
    .map((file): Asset => {
      const content = readFileSync(join(distDir, file));
      return {
        file,
        kind: file.endsWith('.css') ? 'css' : 'js',
        bytes: content.length,
        gzipBytes: gzipSync(content, { level: 9 }).length,
      };
    });
  const sum = (kind: Asset['kind']) =>
    assets.filter((asset) => asset.kind === kind).reduce((total, asset) => total + asset.gzipBytes, 0);
  return { assets, javascriptGzipBytes: sum('js'), cssGzipBytes: sum('css') };
}

export interface Budget {
  javascriptGzipBytes: number;
  cssGzipBytes: number;
}

/** The lines that break the budget (empty when within it). */
export function overBudget(load: Pick<FirstLoad, keyof Budget>, budget: Budget): string[] {
  const failures: string[] = [];
  for (const key of ['javascriptGzipBytes', 'cssGzipBytes'] as const) {
    if (load[key] > budget[key]) failures.push(`${key}: ${load[key]} B > budget ${budget[key]} B`);
  }
  return failures;
}

export function formatTable(load: FirstLoad, budget: Budget): string {
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
  const rows = load.assets.map(
    (asset) =>
      `  ${asset.file.padEnd(48)} ${kb(asset.bytes).padStart(10)} ${kb(asset.gzipBytes).padStart(10)}`,
  );
  return [
    `  ${'file'.padEnd(48)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)}`,
    ...rows,
    `  JavaScript gzip ${kb(load.javascriptGzipBytes)} (budget ${kb(budget.javascriptGzipBytes)}); CSS gzip ${kb(load.cssGzipBytes)} (budget ${kb(budget.cssGzipBytes)})`,
  ].join('\n');
}
