// What a route loads before it can paint: the entry script, everything it imports statically (Vite emits
// those as modulepreload links), the route's lazy chunk with its own static imports, and the CSS of all of
// them. Read from index.html and Vite's build manifest (dist/.vite/manifest.json).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

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
  /** The manifest key of the route's lazy chunk, or undefined when the route is bundled into the entry. */
  routeChunk: string | undefined;
}

/** The files index.html asks for: module scripts, modulepreloads and stylesheets. */
export function htmlAssets(html: string): string[] {
  const files: string[] = [];
  for (const match of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const tag = match[0];
    const isScript = match[1] === 'script' && /\bsrc=/.test(tag);
    const isLink = match[1] === 'link' && /\brel=["']?(modulepreload|stylesheet)\b/.test(tag);
    if (!isScript && !isLink) continue;
    const url = /\b(?:src|href)=["']?([^"' >]+)/.exec(tag)?.[1];
    if (url && !url.startsWith('data:')) files.push(url.replace(/^\.?\//, ''));
  }
  return files;
}

/** The files one manifest chunk needs at once: itself, its static imports (transitively) and their CSS. */
export function staticClosure(
  manifest: Manifest,
  key: string,
  into = new Set<string>(),
  seen = new Set<string>(),
) {
  if (seen.has(key)) return into;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into, seen);
  return into;
}

/**
 * `alsoLoaded`: files seen loading in a browser before the network went idle (a lazy chunk the entry imports
 * at start, say), counted too so the budget covers everything the first paint waits for.
 */
export function computeFirstLoad(
  distDir: string,
  routeSource: RegExp,
  alsoLoaded: Iterable<string> = [],
): FirstLoad {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const files = new Set(htmlAssets(html));
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length === 0) throw new Error('the manifest has no entry chunk');
  for (const [key] of entries) staticClosure(manifest, key, files);
  const routeChunk = Object.keys(manifest).find(
    (key) => routeSource.test(key) && manifest[key]!.isDynamicEntry,
  );
  if (routeChunk) staticClosure(manifest, routeChunk, files);
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
  return { assets, javascriptGzipBytes: sum('js'), cssGzipBytes: sum('css'), routeChunk };
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
