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
  const api = createApi({ baseUrl: 'http://localhost' });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(async () => {
    server.resetHandlers();
    const { queryClient } = await import('../referenceData/queries');
    queryClient.clear();
  });
  afterAll(() => server.close());

  it('gives the stops the server announces, as dates', async () => {
    server.use(maintenanceHandlers.example);
    const [read] = await readMaintenanceWindows(api);
    expect(read?.end).toEqual(at('2024-09-02T10:00:00+09:00'));
    expect(read?.text?.en).toMatch(/Pre-admission Support Desk/);
  });

  it('gives none when the read fails, so the page works without a notice', async () => {
    server.use(maintenanceHandlers.fails);
    expect(await readMaintenanceWindows(api)).toEqual([]);
  });
});
