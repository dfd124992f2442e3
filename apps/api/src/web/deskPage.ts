// The desk's console page (apps/desk, docs/security.md#staff): apps/desk/dist/index.html for every page path
// under `{base}/desk/`, written per response with the console's base path and a fresh CSP nonce, as the web
// app's pages are (./webPages.ts). The console is a router app for signed-in staff only: nothing is
// prerendered, and an unknown path is the console's own not-found screen.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The console's path under the base path. */
export const DESK_PATH = '/desk';

export class DeskPage {
  private readonly index: string | undefined;
  private constructor(index: string | undefined) {
    this.index = index;
  }

  /** Reads the build once at start (a new build needs a restart, as its hashed assets do anyway). */
  static async load(deskDist: string): Promise<DeskPage> {
    const file = join(deskDist, 'index.html');
    return new DeskPage(existsSync(file) ? await readFile(file, 'utf8') : undefined);
  }

  get built(): boolean {
    return this.index !== undefined;
  }

  /** The page with `<base href>` at the console (`{base}/desk/`) and the nonce; undefined when not built. */
  html(basePath: string, nonce: string): string | undefined {
    return this.index
      ?.replace(/<base href="[^"]*"\s*\/?>/, `<base href="${basePath}${DESK_PATH}/" />`)
      .replaceAll(' nonce=""', ` nonce="${nonce}"`);
  }
}

/** Whether a canonical path is the console's (`{base}/desk` or under `{base}/desk/`). */
export function isDeskPath(basePath: string, path: string): boolean {
  const desk = `${basePath}${DESK_PATH}`;
  return path === desk || path.startsWith(`${desk}/`);
}
