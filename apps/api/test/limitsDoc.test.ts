// docs/hosting.md#body-limits (and docs/security.md, for the plan) states each route's body limit. It is checked against the config here, so an
// operation given its own limit (savePlan was missing) or a limit changed in apps/api/src/config.ts without
// the table fails with the row to fix.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultBodyLimits, loadConfig } from '../src/config.ts';

const HOSTING_DOC = new URL('../../../docs/hosting.md', import.meta.url);

/** The rows of the table under `## Body limits`: the first cell and the limit in bytes. */
function bodyLimitRows(): Array<{ who: string; bytes: number }> {
  const doc = readFileSync(HOSTING_DOC, 'utf8');
  const section = doc.slice(doc.indexOf('## Body limits'));
  const lines = section.split('\n').slice(1);
  const start = lines.findIndex((line) => line.startsWith('|'));
  const table = lines.slice(
    start + 2,
    lines.findIndex((line, i) => i > start && !line.startsWith('|')),
  );
  return table.map((line) => {
    const [who = '', limit = ''] = line
      .split('|')
      .slice(1)
      .map((cell) => cell.trim());
    const match = /^(\d+) KiB$/.exec(limit);
    if (!match) throw new Error(`docs/hosting.md#body-limits: "${limit}" is not a limit in KiB`);
    return { who, bytes: Number(match[1]) * 1024 };
  });
}

describe('docs/hosting.md#body-limits', () => {
  const rows = bodyLimitRows();
  const config = loadConfig({});

  it('states the limit of every operation that has its own, as the config sets it', () => {
    const stated = Object.fromEntries(
      rows.flatMap(({ who, bytes }) => [...who.matchAll(/`(\w+)`/g)].map((match) => [match[1]!, bytes])),
    );
    expect(stated).toEqual(defaultBodyLimits);
    expect(config.bodyLimits).toEqual(defaultBodyLimits);
  });

  it('states the limit of any other API operation and of anything else', () => {
    expect(rows.find(({ who }) => who.startsWith('any other API operation'))?.bytes).toBe(
      config.apiBodyLimit,
    );
    expect(rows.find(({ who }) => who.startsWith('anything else'))?.bytes).toBe(config.bodyLimit);
  });

  it('agrees with docs/security.md where it states an operation\'s limit ("8 KiB (`savePlan`")', () => {
    const security = readFileSync(new URL('../../../docs/security.md', import.meta.url), 'utf8');
    const stated = [...security.matchAll(/(\d+) KiB \(`(\w+)`/g)].map(([, kib, op]) => [
      op,
      Number(kib) * 1024,
    ]);
    expect(stated.length).toBeGreaterThan(0);
    for (const [op, bytes] of stated)
      expect(defaultBodyLimits[op as keyof typeof defaultBodyLimits], `${op}`).toBe(bytes);
  });
});
