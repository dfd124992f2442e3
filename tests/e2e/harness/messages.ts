// The texts the tests look for, from the i18n catalogues themselves, so that each test runs in both
// languages and follows the copy when it changes.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './processes.ts';

export const locales = ['ja', 'en'] as const;
export type Locale = (typeof locales)[number];

const dir = join(repoRoot, 'packages', 'i18n', 'src', 'catalogues');

function load(locale: Locale): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const file of readdirSync(dir).filter((name) => name.endsWith(`.${locale}.json`))) {
    Object.assign(merged, JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, string>);
  }
  return merged;
}

const catalogues: Record<Locale, Record<string, string>> = { ja: load('ja'), en: load('en') };

/** The message with simple `{name}` arguments filled in (the tests use no plural or select messages). */
export function msg(locale: Locale, id: string, values: Record<string, string> = {}): string {
  const source = catalogues[locale][id];
  if (source === undefined) throw new Error(`no message ${id} in the ${locale} catalogue`);
  return source.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** A regular expression matching the message exactly (after trimming), for getByText and getByRole names. */
export function exactly(text: string): RegExp {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}
