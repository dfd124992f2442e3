import { describe, expect, it } from 'vitest';
import { sourceMessages } from '@pre-admission/i18n/all';
import type { ApplicationStatus } from '@pre-admission/api';
import {
  characterCount,
  historyMessage,
  openMessage,
  sameClock,
  statusTone,
  timeline,
  withdrawable,
} from './status';

const statuses: ApplicationStatus[] = [
  'draft',
  'submitted',
  'underReview',
  'returned',
  'resubmitted',
  'decided',
  'withdrawn',
];

describe('an application’s status in words (docs/behaviour.md#applications)', () => {
  it('names every status, its history entry and its link in both languages', () => {
    for (const status of statuses) {
      const ids = [
        `planner.status.${status}`,
        `planner.status.about.${status}`,
        historyMessage({ status, at: new Date('2026-12-01T00:00:00.000Z') }),
        openMessage(status),
      ] as const;
      for (const id of ids)
        for (const locale of ['ja', 'en'] as const)
          expect(
            sourceMessages[locale][id as keyof (typeof sourceMessages)['en']],
            `${locale} ${id}`,
          ).toBeTruthy();
    }
  });

  it('tells a decision by its outcome', () => {
    const at = new Date('2026-12-01T00:00:00.000Z');
    expect(historyMessage({ status: 'decided', at, decision: { outcome: 'accepted' } })).toBe(
      'planner.status.history.accepted',
    );
    expect(historyMessage({ status: 'decided', at, decision: { outcome: 'notAccepted' } })).toBe(
      'planner.status.history.notAccepted',
    );
  });

  it('offers withdrawal once sent and until decided, never for a draft, a decided or a withdrawn one', () => {
    expect(statuses.filter((status) => withdrawable.has(status))).toEqual([
      'submitted',
      'underReview',
      'returned',
      'resubmitted',
    ]);
  });

  it('opens a draft to continue, a returned one to change, any other to view', () => {
    expect(statuses.map(openMessage)).toEqual([
      'planner.status.open.continue',
      'planner.status.open.view',
      'planner.status.open.view',
      'planner.status.open.change',
      'planner.status.open.view',
      'planner.status.open.view',
      'planner.status.open.view',
    ]);
    expect(statusTone('returned')).toBe('action');
  });

  it('reads the history oldest first', () => {
    const history = [
      { status: 'underReview' as const, at: new Date('2026-12-02T00:00:00.000Z') },
      { status: 'submitted' as const, at: new Date('2026-12-01T00:00:00.000Z') },
    ];
    expect(timeline({ history }).map((entry) => entry.status)).toEqual(['submitted', 'underReview']);
  });
});

describe('times and counts', () => {
  it('shows one time where the applicant’s clock is Japan’s, two where it is not', () => {
    const instant = new Date('2027-01-20T08:00:00.000Z');
    expect(sameClock(instant, 'Asia/Tokyo', 'Asia/Seoul')).toBe(true);
    expect(sameClock(instant, 'Asia/Tokyo', 'Europe/London')).toBe(false);
  });

  it('counts characters as the server does: a kanji or an emoji is one', () => {
    expect(characterCount('辞退します')).toBe(5);
    expect(characterCount('😀')).toBe(1);
  });
});
