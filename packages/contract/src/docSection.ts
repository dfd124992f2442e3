// The generated parts of the docs (the settings table, the error catalogue's tables, the pacts' provider
// states) sit between two marker comments of a Markdown file. One writer for all three: its `npm run docs:…`
// script rewrites the part, and its drift test compares the file with `fresh(file's text)`.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

export interface DocSection {
  /** The Markdown file, an absolute path. */
  readonly file: string;
  /** The marker comment that opens the part (kept), and the one that closes it (kept). */
  readonly begin: string;
  readonly end: string;
  /** The part between the markers, freshly made from its source. */
  readonly content: () => string;
}

const shown = (file: string) => relative(process.cwd(), file) || file;

/** The file's text with the part between the markers replaced by a fresh one. */
export function withFreshSection(section: DocSection, doc: string): string {
  const begin = doc.indexOf(section.begin);
  const end = doc.indexOf(section.end, begin);
  if (begin < 0 || end < 0)
    throw new Error(`${shown(section.file)} has lost its markers: ${section.begin} … ${section.end}`);
  return `${doc.slice(0, begin + section.begin.length)}\n${section.content()}\n${doc.slice(end)}`;
}

/** Rewrites the part in the file if it is not current; says which. */
export function writeSection(section: DocSection, source: string): void {
  const doc = readFileSync(section.file, 'utf8');
  const fresh = withFreshSection(section, doc);
  if (fresh === doc) console.info(`${shown(section.file)} is up to date with ${source}.`);
  else {
    writeFileSync(section.file, fresh);
    console.info(`${shown(section.file)} rewritten from ${source}.`);
  }
}
