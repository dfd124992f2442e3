import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '@pre-admission/api';
import { sourceMessages as messages } from '@pre-admission/i18n/all';
import {
  canRetry,
  failureOf,
  problemMessage,
  refusalBeforeSending,
  refusalCodes,
  type DocumentProblem,
} from './problems';

const refused = (status: number, code?: string, extra: Record<string, unknown> = {}) =>
  new ApiError(status, { type: 'urn:x', title: 'x', status, ...(code ? { code } : {}), ...extra }, 30);

const MB = 1024 * 1024;
const limits = { file: '10 MB', application: '100 MB' };

describe('the problem of a failed upload or removal (openapi.yaml FileRefused, FileTooLarge, ApplicationConflict)', () => {
  it('takes each refusal code the server sends as it is', () => {
    const statuses: Record<string, number> = {
      file_too_large: 413,
      application_too_large: 413,
      too_many_files: 409,
      not_editable: 409,
    };
    for (const code of refusalCodes)
      expect(failureOf(refused(statuses[code] ?? 415, code)).problem, code).toBe(code);
  });

  it('reads the other answers by status', () => {
    expect(failureOf(refused(409, 'past_due')).problem).toBe('past_due');
    expect(failureOf(refused(409, 'period_closed')).problem).toBe('not_editable');
    expect(
      failureOf(refused(400, undefined, { errors: [{ field: 'slotTypeId', code: 'not_offered' }] })),
    ).toEqual({
      problem: 'not_offered',
    });
    expect(failureOf(refused(404, 'document_not_found')).problem).toBe('not_found');
    expect(failureOf(refused(403, 'second_factor_required')).problem).toBe('not_found');
    expect(failureOf(refused(413)).problem).toBe('file_too_large');
    expect(failureOf(refused(415)).problem).toBe('unsupported_type');
    expect(failureOf(refused(429))).toEqual({ problem: 'rate_limited', retryAfter: 30 });
    expect(failureOf(new ApiError(500, undefined, undefined, undefined, '1:2'))).toEqual({
      problem: 'server',
      requestId: '1:2',
    });
    expect(failureOf(new NetworkError(new TypeError('Failed to fetch'))).problem).toBe('network');
  });
});

describe('what is known before sending a file (docs/behaviour.md#documents)', () => {
  const none = { bytes: 0, files: 0 };
  it('refuses an empty file and one over 10 MB, and lets 10 MB exactly through', () => {
    expect(refusalBeforeSending({ size: 0 }, none)).toBe('empty');
    expect(refusalBeforeSending({ size: 10 * MB + 1 }, none)).toBe('file_too_large');
    expect(refusalBeforeSending({ size: 10 * MB }, none)).toBeUndefined();
  });

  it('refuses a file that would take the application past 100 MB or 50 files', () => {
    expect(refusalBeforeSending({ size: 2 * MB }, { bytes: 99 * MB, files: 10 })).toBe(
      'application_too_large',
    );
    expect(refusalBeforeSending({ size: MB }, { bytes: 99 * MB, files: 10 })).toBeUndefined();
    expect(refusalBeforeSending({ size: 1 }, { bytes: 0, files: 50 })).toBe('too_many_files');
    expect(refusalBeforeSending({ size: 1 }, { bytes: 0, files: 49 })).toBeUndefined();
  });

  it('offers to send again only what can succeed without another file', () => {
    const again: DocumentProblem[] = [
      'network',
      'server',
      'rate_limited',
      'application_too_large',
      'too_many_files',
    ];
    for (const problem of [
      ...refusalCodes,
      'past_due',
      'not_offered',
      'not_found',
      ...again,
    ] as DocumentProblem[])
      expect(canRetry(problem), problem).toBe(again.includes(problem));
  });
});

describe('the message of a problem (GOV.UK: the file, what is wrong, what to do)', () => {
  const every: DocumentProblem[] = [
    ...refusalCodes,
    'past_due',
    'not_offered',
    'not_found',
    'rate_limited',
    'network',
    'server',
  ];

  it('has a message in both languages for every problem, naming the file', () => {
    for (const problem of every) {
      const { id, values } = problemMessage({ problem }, 'scan.pdf', 'upload', limits);
      for (const locale of ['ja', 'en'] as const)
        expect(messages[locale][id], `${locale} ${id}`).toBeDefined();
      expect(values.name).toBe('scan.pdf');
    }
  });

  it('gives each refusal of a file its own message', () => {
    const ids = refusalCodes.map((problem) => problemMessage({ problem }, 'x.pdf', 'upload', limits).id);
    expect(new Set(ids).size).toBe(refusalCodes.length);
  });

  it('says what to do: export a HEIC photo as JPEG, save a Word file as PDF, remove a password', () => {
    const en = (problem: DocumentProblem) =>
      messages.en[problemMessage({ problem }, 'x', 'upload', limits).id];
    expect(en('heic')).toMatch(/JPEG/);
    expect(en('word')).toMatch(/PDF/);
    expect(en('encrypted_pdf')).toMatch(/without the password/);
  });

  it('puts the limits and the wait in the message', () => {
    expect(problemMessage({ problem: 'file_too_large' }, 'x', 'upload', limits).values.limit).toBe('10 MB');
    expect(problemMessage({ problem: 'application_too_large' }, 'x', 'upload', limits).values.limit).toBe(
      '100 MB',
    );
    expect(problemMessage({ problem: 'too_many_files' }, 'x', 'upload', limits).values.count).toBe(50);
    expect(
      problemMessage({ problem: 'rate_limited', retryAfter: 30 }, 'x', 'upload', limits).values.seconds,
    ).toBe(30);
  });

  it('says whether a file was not uploaded or not removed, then hands over to the site’s failure sentences', () => {
    const upload = problemMessage({ problem: 'server', requestId: '1:2' }, 'x', 'upload', limits);
    expect(upload).toEqual({
      id: 'planner.documents.error.notUploaded',
      values: { name: 'x' },
      then: { cause: 'server', requestId: '1:2' },
    });
    expect(problemMessage({ problem: 'network' }, 'x', 'remove', limits).id).toBe(
      'planner.documents.error.notRemoved',
    );
  });
});
