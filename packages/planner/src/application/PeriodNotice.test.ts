// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createIntl, IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationPeriod } from '@pre-admission/api';
import { messages } from '@pre-admission/i18n/all';
import { PeriodNotice, usePeriodClock } from './PeriodNotice';

// docs/behaviour.md#applications, Periods: the notice of a page left open follows the clock (issue 38, an
// applicant saw "3 minutes left" after the close). The clock is fake; no test waits.

// The unit project runs no stylesheet compiler (vanilla-extract): the notice's class names stand for its styles.
vi.mock('@pre-admission/ui', () => ({ visuallyHidden: 'visually-hidden' }));
vi.mock('../Planner.css', () => ({ text: 'text', muted: 'muted', inset: 'inset', fieldset: 'fieldset' }));

/** React's act() warns unless the environment says it is a test one. */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const minute = 60_000;
// Closes on 15 January 2027 at 17:00 in Japan.
const closesAt = new Date('2027-01-15T08:00:00.000Z');
const periods: ApplicationPeriod[] = [
  {
    id: '2027-april-master',
    programId: 11,
    opensAt: new Date('2026-10-31T15:00:00.000Z'),
    closesAt,
    state: 'open',
  },
];
const intl = createIntl({ locale: 'en', messages: messages.en });
const left = (days: number, hours: number, minutes: number) =>
  intl.formatMessage({ id: 'planner.application.period.timeLeft' }, { days, hours, minutes });
const closedNow = intl.formatMessage({ id: 'planner.application.period.closedNow' });
const closedNotice = intl
  .formatMessage({ id: 'planner.application.period.closed' }, { closes: '\u0000' })
  .split('\u0000')[0]!;

/** The application screen's part of it: its clock, and the notice on it. */
function Clocked() {
  const now = usePeriodClock(periods, 11, () => new Date());
  return createElement(PeriodNotice, { periods, programId: 11, now, timeZone: 'Asia/Tokyo' });
}

let container: HTMLDivElement;
let root: Root;

function render() {
  act(() =>
    root.render(createElement(IntlProvider, { locale: 'en', messages: messages.en }, createElement(Clocked))),
  );
}
const advance = (ms: number) => act(() => void vi.advanceTimersByTime(ms));
const notice = () => container.querySelector('[role="region"]')?.textContent ?? '';
const status = () => container.querySelector('[role="status"]');

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.useRealTimers();
});

describe('the period notice of a page left open', () => {
  it('counts the minutes down, then shows the close at the closing minute and only then says so', () => {
    vi.useFakeTimers({ now: closesAt.getTime() - 2 * minute - 30_000 });
    render();
    expect(notice()).toContain(left(0, 0, 3));
    // One timer, for the next change: the text changes 30 seconds later, not every second.
    expect(vi.getTimerCount()).toBe(1);
    advance(29_999);
    expect(notice()).toContain(left(0, 0, 3));
    advance(1);
    expect(notice()).toContain(left(0, 0, 2));
    advance(minute);
    expect(notice()).toContain(left(0, 0, 1));
    // The minutes going by are not announced: the status stays empty, and the notice is no live region.
    expect(status()?.textContent).toBe('');
    expect(container.querySelector('[aria-live]')).toBeNull();
    advance(minute - 1);
    expect(notice()).toContain(left(0, 0, 1));
    advance(1);
    expect(notice()).not.toContain(left(0, 0, 1));
    expect(notice()).toContain(closedNotice);
    expect(status()?.textContent).toBe(closedNow);
    // Closed: nothing left to change, no timer left.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts counting 72 hours before the close, with no timer running every minute before that', () => {
    vi.useFakeTimers({ now: closesAt.getTime() - 72 * 60 * minute - 5 * minute });
    render();
    expect(notice()).not.toContain(left(3, 0, 0));
    advance(5 * minute);
    expect(notice()).not.toContain(left(3, 0, 0));
    advance(1);
    expect(notice()).toContain(left(3, 0, 0));
    advance(minute);
    expect(notice()).toContain(left(2, 23, 59));
  });

  it('catches up at once when the tab is shown again (a hidden tab’s timers are slowed down)', () => {
    vi.useFakeTimers({ now: closesAt.getTime() - 10 * minute });
    render();
    expect(notice()).toContain(left(0, 0, 10));
    // The clock moves on while no timer fires (a throttled tab, a computer asleep).
    vi.setSystemTime(closesAt.getTime() - 4 * minute);
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(notice()).toContain(left(0, 0, 4));
  });

  it('clears its timer when the page goes', () => {
    vi.useFakeTimers({ now: closesAt.getTime() - 10 * minute });
    render();
    expect(vi.getTimerCount()).toBe(1);
    act(() => root.unmount());
    expect(vi.getTimerCount()).toBe(0);
    root = createRoot(container);
  });

  it('announces nothing on a page opened after the close', () => {
    vi.useFakeTimers({ now: closesAt.getTime() + minute });
    render();
    expect(notice()).toContain(closedNotice);
    expect(status()?.textContent).toBe('');
    expect(vi.getTimerCount()).toBe(0);
  });
});
