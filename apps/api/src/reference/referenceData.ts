// Reference data: the read-only lists of docs/behaviour.md#data and #api-calls, seeded into the reference_lists table at start (an
// upsert, so a changed seed reaches an existing database). Names in English and Japanese. Every list but the countries
// is a JSON file of reference/seed/, named by the list (checked against openapi.yaml by test/seed.test.ts); the countries
// come from i18n-iso-countries.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import type { components } from '@pre-admission/api/schema';
import type { Clock } from '../platform/clock.ts';
import type { Database } from '../platform/db.ts';

type Schemas = components['schemas'];

const require = createRequire(import.meta.url);
countries.registerLocale(require('i18n-iso-countries/langs/en.json'));
countries.registerLocale(require('i18n-iso-countries/langs/ja.json'));

/** Countries of ISO 3166-1 from i18n-iso-countries (a maintained package with Japanese names). */
function countryList(): Schemas['Country'][] {
  // Group memberships are not explained by the spec; these sets are illustrative reference values.
  const groupA = new Set(['CN', 'KR', 'TW', 'VN', 'ID', 'TH', 'MY', 'PH', 'MN', 'NP', 'BD', 'MM']);
  const groupD = new Set(['IR', 'KP', 'SY', 'CU', 'RU', 'BY']);
  return Object.keys(countries.getAlpha2Codes())
    .map((alpha2) => {
      const numeric = countries.alpha2ToNumeric(alpha2) ?? '000';
      return {
        id: Number(numeric),
        numericCode: numeric,
        alpha3Code: countries.alpha2ToAlpha3(alpha2) ?? '',
        alpha2Code: alpha2,
        name: countries.getName(alpha2, 'en', { select: 'alias' }) ?? alpha2,
        nameJa: countries.getName(alpha2, 'ja') ?? alpha2,
        subdivisionCode: alpha2,
        isGroupD: groupD.has(alpha2),
        isGroupA: groupA.has(alpha2),
      };
    })
    .sort((a, b) => a.id - b.id);
}

/** The folder of the seed's JSON files, one per list, named by the list (teachers.json, programs.json, …). */
export const seedFolder = new URL('./seed/', import.meta.url);

/** The seed's lists as their files hold them, by list name. */
export function seedFiles(): Record<string, unknown[]> {
  return Object.fromEntries(
    readdirSync(seedFolder)
      .filter((file) => file.endsWith('.json'))
      .sort()
      .map((file) => [
        file.slice(0, -'.json'.length),
        JSON.parse(readFileSync(new URL(file, seedFolder), 'utf8')) as unknown[],
      ]),
  );
}

/** Every list, by the name its endpoint reads. */
export function referenceLists(): Record<string, unknown[]> {
  return { countries: countryList(), ...seedFiles() };
}

/** Writes every list into reference_lists (insert or replace). */
export async function seedReferenceData(db: Database, clock: Clock): Promise<void> {
  const lists = referenceLists();
  await db.transaction(async (tx) => {
    for (const [name, items] of Object.entries(lists)) {
      await tx.query(
        `insert into reference_lists (name, items, updated_at) values ($1, $2::jsonb, $3)
         on conflict (name) do update set items = excluded.items, updated_at = excluded.updated_at
         where reference_lists.items is distinct from excluded.items`,
        [name, JSON.stringify(items), clock.now()],
      );
    }
  });
}
