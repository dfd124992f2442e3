import { describe, expect, it } from 'vitest';
import type { ApplicationConsent, ConsentRequest } from '@pre-admission/api';
import { consentTaskStatus, consentTone } from './consent';

// docs/behaviour.md#supervisor-consent, the applicant's screen: what the task list says of the consent.
const request = (status: ConsentRequest['status'], teacherId = 101): ConsentRequest => ({
  id: `C${status.padEnd(21, 'x')}`,
  teacherId,
  status,
  message: 'May I study with you?',
  requestedAt: new Date('2026-11-20T03:00:00Z'),
  expiresAt: new Date('2026-12-04T03:00:00Z'),
});
const consent = (requests: ConsentRequest[], given = false): ApplicationConsent => ({
  required: true,
  given,
  requests,
});

describe('the consent task’s status', () => {
  it('is not started before any request', () => {
    expect(consentTaskStatus(consent([]))).toBe('notStarted');
  });

  it('is the latest request’s state: waiting, declined, expired or withdrawn', () => {
    for (const status of ['requested', 'declined', 'expired', 'withdrawn'] as const)
      expect(consentTaskStatus(consent([request(status), request('declined', 102)]))).toBe(status);
  });

  it('is accepted only while consent is given for the supervisor chosen now', () => {
    expect(consentTaskStatus(consent([request('accepted')], true))).toBe('accepted');
    // Accepted by a supervisor no longer chosen: a new request is needed.
    expect(consentTaskStatus(consent([request('accepted', 102)], false))).toBe('notStarted');
  });

  it('shows accepted as complete and a waiting request as in progress; the others as tags to act on', () => {
    expect(consentTone('accepted')).toBe('completed');
    expect(consentTone('requested')).toBe('inProgress');
    for (const status of ['notStarted', 'declined', 'expired', 'withdrawn'] as const)
      expect(consentTone(status)).toBe('notStarted');
  });
});
