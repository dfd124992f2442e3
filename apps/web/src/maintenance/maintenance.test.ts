import { createApi } from '@pre-admission/api';
import { maintenanceHandlers } from '@pre-admission/api/mocks';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MaintenanceWindow } from '@pre-admission/account/context';
import { chooseMaintenanceWindow, readMaintenanceWindows } from './maintenance';

const at = (iso: string) => new Date(iso);
const stop = (start: string, end: string): MaintenanceWindow => ({
  start: at(start),
  end: at(end),
  text: { ja: '日本語', en: 'English' },
});
const august = stop('2024-08-30T17:00:00+09:00', '2024-09-02T10:00:00+09:00');
const october = stop('2024-10-04T17:00:00+09:00', '2024-10-05T10:00:00+09:00');

describe('the stop to announce', () => {
  it.each([
    ['well before the first stop', '2024-08-01T00:00:00+09:00', august],
    ['during the first stop', '2024-08-31T12:00:00+09:00', august],
    ['one millisecond before its end', '2024-09-02T09:59:59.999+09:00', august],
    ['at its end: the next one', '2024-09-02T10:00:00+09:00', october],
    ['after every end', '2026-11-21T12:00:00+09:00', undefined],
  ])('%s (%s)', (_when, time, expected) => {
    expect(chooseMaintenanceWindow([october, august], at(time))).toBe(expected);
  });

  it('none without a stop', () => {
    expect(chooseMaintenanceWindow([], at('2024-08-01T00:00:00+09:00'))).toBeUndefined();
  });
});

describe('reading the stops from the server', () => {
  const server = setupServer(maintenanceHandlers.none);
  // An API per test: each app's reads are kept a minute.
  const newApi = () => createApi({ baseUrl: 'http://localhost' });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  it('gives the stops the server announces, as dates', async () => {
    server.use(maintenanceHandlers.example);
    const [read] = await readMaintenanceWindows(newApi());
    expect(read?.end).toEqual(at('2024-09-02T10:00:00+09:00'));
    expect(read?.text?.en).toMatch(/Pre-admission Support Desk/);
  });

  it('gives none when the read fails, so the page works without a notice', async () => {
    server.use(maintenanceHandlers.fails);
    expect(await readMaintenanceWindows(newApi())).toEqual([]);
  });

  it('reads once a minute: a fresh answer is reused, a failed read is not kept', async () => {
    const api = newApi();
    let calls = 0;
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/maintenance-windows') calls += 1;
    });
    server.use(maintenanceHandlers.fails);
    expect(await readMaintenanceWindows(api)).toEqual([]);
    server.use(maintenanceHandlers.example);
    const [first, second] = await Promise.all([readMaintenanceWindows(api), readMaintenanceWindows(api)]);
    expect(first).toBe(second);
    expect(await readMaintenanceWindows(api)).toBe(first);
    expect(calls).toBe(2);
    server.events.removeAllListeners();
  });
});
