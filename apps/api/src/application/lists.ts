// The reference lists the application operations read, as the server answers them (the reference_lists table,
// seeded from reference/seed/ at start): the rules' lists, and the names a receipt shows.
import type { Queryable } from '../platform/db.ts';
import { applicationListNames, type ApplicationLists } from './rulesPending.ts';
import type { Named } from './receipt.ts';

export interface ReceiptLists {
  readonly supplementalMaterialTypes: readonly (Named & { id: number })[];
}

const names = [...applicationListNames, 'supplementalMaterialTypes'] as const;

export async function applicationLists(db: Queryable): Promise<ApplicationLists & ReceiptLists> {
  const rows = await db.query<{ name: string; items: unknown }>(
    'select name, items from reference_lists where name = any($1)',
    [names],
  );
  const byName = new Map(
    rows.map((row) => [row.name, typeof row.items === 'string' ? JSON.parse(row.items) : row.items]),
  );
  return Object.fromEntries(
    names.map((name) => [name, byName.get(name) ?? []]),
  ) as unknown as ApplicationLists & ReceiptLists;
}
