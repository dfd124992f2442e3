// Which built files the server sends as they are (docs/hosting.md#static-files): the assets the Vite
// manifest lists (each chunk's file, its CSS and the assets it imports), nothing else. Not the manifest
// itself, no source map, no dotfile, no prerendered page (those are templates sent by the page handler),
// no file a build left behind.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file?: string;
  css?: string[];
  assets?: string[];
}

/** A path the router can hold as a static route and that names no internal file. */
const SERVABLE = /^assets\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** The allow-list: paths relative to webDist ('assets/index-AbC123.js'), empty when there is no build. */
export function staticAllowList(webDist: string): Set<string> {
  const manifestFile = [join(webDist, '.vite', 'manifest.json'), join(webDist, 'manifest.json')].find(
    (file) => existsSync(file),
  );
  const allowed = new Set<string>();
  if (!manifestFile) return allowed;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  for (const chunk of Object.values(manifest)) {
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) {
      if (typeof file !== 'string' || !SERVABLE.test(file) || file.endsWith('.map')) continue;
      if (existsSync(join(webDist, file))) allowed.add(file);
    }
  }
  return allowed;
}
