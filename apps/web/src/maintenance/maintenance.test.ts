import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isMaintenanceNoticeVisible } from '@pre-admission/account/context';
import { maintenanceWindow } from './maintenance';

describe('the maintenance notice window', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is 2024-08-30 17:00 to 2024-09-02 10:00 Japan time', () => {
    expect(maintenanceWindow.start.toISOString()).toBe('2024-08-30T08:00:00.000Z');
    expect(maintenanceWindow.end.toISOString()).toBe('2024-09-02T01:00:00.000Z');
  });

  it.each([
    ['well before the stop', '2024-08-01T00:00:00+09:00', true],
    ['during the stop', '2024-08-31T12:00:00+09:00', true],
    ['one millisecond before the end', '2024-09-02T09:59:59.999+09:00', true],
    ['at the end', '2024-09-02T10:00:00+09:00', false],
    ['after the end', '2024-09-02T10:00:01+09:00', false],
    ['today', '2026-11-21T12:00:00+09:00', false],
  ])('%s (%s): shown = %s', (_when, time, shown) => {
    vi.setSystemTime(new Date(time));
    expect(isMaintenanceNoticeVisible(new Date(), maintenanceWindow)).toBe(shown);
  });
});
