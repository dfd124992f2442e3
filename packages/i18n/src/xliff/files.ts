// Node only: the catalogue files of a folder, for the XLIFF export and import (scripts/xliff.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Area } from './xliff';

/** Every area of a catalogue folder, by its file names (`<area>.en.json`, `.ja.json`, `.descriptions.json`). */
export function readAreas(folder: string): Record<string, Area> {
  const read = (file: string): Record<string, string> =>
    JSON.parse(readFileSync(join(folder, file), 'utf8')) as Record<string, string>;
  const areas: Record<string, Area> = {};
  for (const file of readdirSync(folder).sort()) {
    const area = /^([a-z]+)\.en\.json$/.exec(file)?.[1];
    if (!area) continue;
    let descriptions: Record<string, string> = {};
    try {
      descriptions = read(`${area}.descriptions.json`);
    } catch {
      // The gate names the missing file; the export still carries the messages.
    }
    areas[area] = { en: read(file), ja: read(`${area}.ja.json`), descriptions };
  }
  return areas;
}
