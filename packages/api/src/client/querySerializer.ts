/**
 * docs/behaviour.md#api-calls: arrays repeat their key (`a=1&a=2`) and nested objects use bracket form (`a[b]=1`).
 * Keys and values are percent-encoded; the brackets themselves stay literal, as servers expect.
 */
export function serializeQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const pairs: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      for (const item of value) add(key, item);
    } else if (value instanceof Date) {
      pairs.push(`${key}=${encodeURIComponent(value.toISOString())}`);
    } else if (typeof value === 'object') {
      for (const [child, childValue] of Object.entries(value))
        add(`${key}[${encodeURIComponent(child)}]`, childValue);
    } else {
      pairs.push(`${key}=${encodeURIComponent(String(value))}`);
    }
  };
  for (const [key, value] of Object.entries(query)) add(encodeURIComponent(key), value);
  return pairs.join('&');
}
