// The reference lists the application operations read, as the server answers them (the reference_lists table,
// seeded from reference/seed/ at start): the rules' lists (@pre-admission/rules ApplicationLists), and the names
// a receipt shows.
import type { ApplicationLists } from '@pre-admission/rules';
import type { Queryable } from '../platform/db.ts';
import type { Named } from './receipt.ts';

interface NamedItem extends Named {
  readonly id: number;
}

/** What a receipt reads besides the rules' lists: the names of programmes, documents and materials. */
export interface ReceiptLists {
  readonly programs: readonly { readonly options: readonly NamedItem[] }[];
  readonly applicationCertificateTypes: readonly NamedItem[];
  readonly supplementalMaterialTypes: readonly NamedItem[];
}

export type Lists = ApplicationLists & ReceiptLists;

const names = [
  'programs',
  'teachers',
  'applicationCertificateTypes',
  'supplementalMaterialRequires',
  'scholarshipTypes',
  'scholarshipStatuses',
  'scholarshipFinancialSupports',
  'countries',
  'rankedUniversities',
  'countryDetails',
  'educationSystems',
  'educationTypes',
  'educationCertificateCategories',
  'educationCertificateTypes',
  'supplementalMaterialTypes',
] as const satisfies readonly (keyof Lists)[];

export async function applicationLists(db: Queryable): Promise<Lists> {
  const rows = await db.query<{ name: string; items: unknown }>(
    'select name, items from reference_lists where name = any($1)',
    [names],
  );
  const byName = new Map(
    rows.map((row) => [row.name, typeof row.items === 'string' ? JSON.parse(row.items) : row.items]),
  );
  return Object.fromEntries(names.map((name) => [name, byName.get(name) ?? []])) as unknown as Lists;
}
