// docs/hosting.md#body-limits (and docs/security.md, for the plan) states each route's body limit, and
// docs/security.md#limits each rate limit. Both are checked against the config here, so an operation given its
// own limit (savePlan was missing), a new rate limit, or a number changed in apps/api/src/platform/config.ts or
// apps/api/src/platform/settings.ts without the table fails with the row to fix.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Config, defaultBodyLimits, loadConfig } from '../src/platform/config.ts';

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

const SECURITY_DOC = new URL('../../../docs/security.md', import.meta.url);

/**
 * Which limit a row of docs/security.md#limits states, by the prefix of its key (the Key column): the key is
 * what rateLimits.ts counts under, so it names the limit more surely than the row's wording.
 */
const limitOfKey: Record<string, keyof Config['limits']> = {
  'sign-in:account-client:': 'signInFailuresPerAccountAndClient',
  'sign-in:account:': 'signInFailuresPerAccount',
  'sign-in:client:': 'signInFailuresPerClient',
  'sign-in:attempts-client:': 'signInAttemptsPerClient',
  'token:client:': 'tokenFailuresPerClient',
  'passkey:challenges-client:': 'passkeyChallengesPerClient',
  'mail:mailbox:': 'mailsPerAddress',
  'mail:reset:': 'resetMailsPerAccount',
  'mail:client:': 'mailsPerClient',
  'mail:site': 'mailsPerSite',
  'mail:cooldown:': 'mailResendCooldown',
  'application:account:': 'applicationWritesPerAccount',
  'upload:account:': 'uploadsPerAccount',
  'archive:account:': 'accountArchivesPerAccount',
  'deletion:account:': 'accountDeletionsPerAccount',
  'staff-desk:account:': 'deskWritesPerAccount',
};

const windowUnits: Record<string, number> = { s: 1000, min: 60_000, hour: 3_600_000, hours: 3_600_000 };

/** A cell such as `1,000 (\`MAIL_HOURLY_LIMIT\`)`: the number, and the setting that overrides it if named. */
function numberCell(cell: string, what: string): { value: number; unit: string; setting?: string } {
  const match = /^([\d,]+)(?: (\w+))?(?: \(`([A-Z_]+)`\))?$/.exec(cell);
  if (!match) throw new Error(`docs/security.md#limits: "${cell}" is not a ${what}`);
  return { value: Number(match[1]!.replaceAll(',', '')), unit: match[2] ?? '', setting: match[3] };
}

/** The rows of the table under `## Limits`, by the limit each states. */
function rateLimitRows() {
  const doc = readFileSync(SECURITY_DOC, 'utf8');
  const lines = doc.slice(doc.indexOf('\n## Limits\n')).split('\n').slice(2);
  const start = lines.findIndex((line) => line.startsWith('|'));
  const end = lines.findIndex((line, i) => i > start && !line.startsWith('|'));
  const header = lines[start]!.split('|').map((cell) => cell.trim());
  expect(header.slice(1, 5)).toEqual(['Limit', 'Max', 'Window', 'Key']);
  return lines.slice(start + 2, end).map((line) => {
    const [, label = '', max = '', window = '', key = ''] = line.split('|').map((cell) => cell.trim());
    const firstKey = /`([^`<]+)/.exec(key)?.[1] ?? '';
    const limit = limitOfKey[firstKey];
    if (!limit)
      throw new Error(`docs/security.md#limits: row "${label}" has a key (${key}) no limit counts under`);
    const maxCell = numberCell(max, 'number');
    const windowCell = numberCell(window, 'window ("15 min", "1 hour", "60 s")');
    const unit = windowUnits[windowCell.unit];
    if (!unit) throw new Error(`docs/security.md#limits: row "${label}": unknown unit in "${window}"`);
    return {
      label,
      limit,
      max: maxCell.value,
      windowMs: windowCell.value * unit,
      settings: { max: maxCell.setting, windowMs: windowCell.setting },
    };
  });
}

describe('docs/security.md#limits', () => {
  const rows = rateLimitRows();
  const config = loadConfig({});

  it('has one row for every rate limit of the config', () => {
    expect(rows.map(({ limit }) => limit).sort()).toEqual(Object.keys(config.limits).sort());
  });

  it("states each limit's default max and window, as the config and settings set them", () => {
    for (const { label, limit, max, windowMs } of rows)
      expect({ max, windowMs }, `row "${label}"`).toEqual(config.limits[limit]);
  });

  it('names the setting that changes a limit, where one does', () => {
    const named = rows.flatMap(({ label, limit, settings }) =>
      (['max', 'windowMs'] as const).flatMap((field) => {
        const setting = settings[field];
        return setting ? [{ label, limit, field, setting }] : [];
      }),
    );
    expect(named.length).toBeGreaterThan(0);
    for (const { label, limit, field, setting } of named) {
      // 17 is in every one of these settings' ranges and is no default: the limit must follow it.
      const changed = loadConfig({ [setting]: '17' }).limits[limit][field];
      expect(changed, `row "${label}": ${setting}`).not.toBe(config.limits[limit][field]);
      expect([17, 17_000], `row "${label}": ${setting}`).toContain(changed);
    }
  });
});
