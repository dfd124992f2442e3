// Vite's build manifest (dist/.vite/manifest.json), read by the prerender (which chunks a page names) and
// by the budget test (what a page loads).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

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

export function readManifest(distDir: string): Manifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/**
 * The files one chunk needs at once: itself, its static imports (transitively) and their CSS, added to
 * `into`. With `beyondEntry`, the entry chunk and what only it brings are left out (a page loads it anyway).
 */
export function staticClosure(
  manifest: Manifest,
  key: string,
  into = new Set<string>(),
  { beyondEntry = false, seen = new Set<string>() } = {},
): Set<string> {
  if (seen.has(key)) return into;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
  if (beyondEntry && chunk.isEntry) return into;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into, { beyondEntry, seen });
  return into;
}
