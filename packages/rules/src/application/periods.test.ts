import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  closingSoon,
  nextPeriodChange,
  nextPeriodFor,
  openPeriodFor,
  periodState,
  timeLeft,
} from './periods.ts';

// Closes on 15 January 2027 at 17:00 in Japan.
const period = {
  id: '2027-april-master',
  programId: 11,
  opensAt: '2026-10-31T15:00:00.000Z',
  closesAt: '2027-01-15T08:00:00.000Z',
};
const japan = (local: string) => new Date(`${local}+09:00`);

describe('application periods (docs/behaviour.md#applications)', () => {
  it('is open from its opening instant and closed from its closing instant: 16:59:59.999 open, 17:00 closed', () => {
    expect(periodState(period, japan('2026-10-31T23:59:59.999'))).toBe('upcoming');
    expect(periodState(period, japan('2026-11-01T00:00:00.000'))).toBe('open');
    expect(periodState(period, japan('2027-01-15T16:59:59.999'))).toBe('open');
    expect(periodState(period, japan('2027-01-15T17:00:00.000'))).toBe('closed');
  });

  it('reads instants as text or as dates alike', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2026-01-01'), max: new Date('2028-01-01'), noInvalidDate: true }),
        (now) => {
          const dates = { opensAt: new Date(period.opensAt), closesAt: new Date(period.closesAt) };
          expect(periodState(dates, now)).toBe(periodState(period, now));
          const open = periodState(period, now) === 'open';
          expect(open).toBe(now >= dates.opensAt && now < dates.closesAt);
        },
      ),
    );
  });

  it('finds the open period of a programme, the one closing first if several are, and the next one', () => {
    const later = { ...period, id: 'later', closesAt: '2027-02-15T08:00:00.000Z' };
    const other = { ...period, id: 'other', programId: 12 };
    const next = {
      ...period,
      id: 'next',
      opensAt: '2027-04-30T15:00:00.000Z',
      closesAt: '2027-07-15T08:00:00.000Z',
    };
    const now = japan('2027-01-10T12:00:00.000');
    expect(openPeriodFor([later, other, period, next], 11, now)?.id).toBe('2027-april-master');
    expect(openPeriodFor([other], 11, now)).toBeUndefined();
    expect(openPeriodFor([period], 11, japan('2027-01-15T17:00:00.000'))).toBeUndefined();
    expect(nextPeriodFor([later, next, period], 11, now)?.id).toBe('next');
  });

  it('gives the time left in whole minutes rounded up, closing soon under 72 hours', () => {
    expect(timeLeft(period, japan('2027-01-12T17:00:00.000'))).toEqual({
      days: 3,
      hours: 0,
      minutes: 0,
      closingSoon: false,
    });
    expect(timeLeft(period, japan('2027-01-12T17:00:00.001'))).toEqual({
      days: 3,
      hours: 0,
      minutes: 0,
      closingSoon: true,
    });
    expect(timeLeft(period, japan('2027-01-12T17:01:00.000'))).toEqual({
      days: 2,
      hours: 23,
      minutes: 59,
      closingSoon: true,
    });
    expect(timeLeft(period, japan('2027-01-15T16:59:59.999'))).toEqual({
      days: 0,
      hours: 0,
      minutes: 1,
      closingSoon: true,
    });
    expect(timeLeft(period, japan('2027-01-15T17:00:00.000'))).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      closingSoon: false,
    });
    expect(closingSoon(period, japan('2026-10-31T12:00:00.000'))).toBe(false);
  });

  it('names the next instant the notice changes: the opening, 72 hours before the close, each minute, the close', () => {
    const at = (local: string) => nextPeriodChange([period], 11, japan(local))?.getTime();
    expect(at('2026-10-01T12:00:00.000')).toBe(Date.parse(period.opensAt));
    expect(at('2026-12-01T12:00:00.000')).toBe(japan('2027-01-12T17:00:00.001').getTime());
    expect(at('2027-01-15T16:56:50.000')).toBe(japan('2027-01-15T16:57:00.000').getTime());
    expect(at('2027-01-15T16:57:00.000')).toBe(japan('2027-01-15T16:58:00.000').getTime());
    expect(at('2027-01-15T16:59:59.999')).toBe(japan('2027-01-15T17:00:00.000').getTime());
    expect(at('2027-01-15T17:00:00.000')).toBeUndefined();
    expect(nextPeriodChange([{ ...period, programId: 12 }], 11, japan('2026-12-01T12:00:00.000'))).toBe(
      undefined,
    );
  });

  it('changes nothing the screens show before the instant it names, and something at it', () => {
    // The state, and the time left while it is shown (closing soon).
    const shown = (now: Date) => {
      const left = timeLeft(period, now);
      const count = left.closingSoon ? ` ${left.days} ${left.hours} ${left.minutes}` : '';
      return `${periodState(period, now)} ${left.closingSoon}${count}`;
    };
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2026-10-01'), max: new Date('2027-01-16'), noInvalidDate: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (now, fraction) => {
          const next = nextPeriodChange([period], 11, now);
          if (!next) {
            expect(periodState(period, now)).toBe('closed');
            return;
          }
          expect(next.getTime()).toBeGreaterThan(now.getTime());
          const between = new Date(now.getTime() + Math.floor((next.getTime() - now.getTime()) * fraction));
          if (between < next) expect(shown(between)).toBe(shown(now));
          expect(shown(next)).not.toBe(shown(now));
        },
      ),
    );
  });
});
