import { describe, expect, it } from 'vitest';
import { draftKey, forgetDraft, readDraft, writeDraft } from './draft';
import { emptyPlan } from './model';

/** A Storage of its own per test (Node has no sessionStorage): injected, never a patched global. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const typed = { ...emptyPlan, studentType: 'master' as const, programId: 11 };

describe('the planner draft (docs/behaviour.md#planner, Drafts)', () => {
  it('gives the unsaved answers back to the account that typed them, with the task', () => {
    const storage = memoryStorage();
    writeDraft('applicant@example.com', { plan: typed, task: 'programme' }, () => storage);
    expect(readDraft('Applicant@Example.com', () => storage)).toEqual({ plan: typed, task: 'programme' });
  });

  it('never shows one applicant’s draft to the next who signs in on the same tab, and removes it', () => {
    const storage = memoryStorage();
    writeDraft('first@example.com', { plan: typed, task: 'kind' }, () => storage);
    expect(readDraft('second@example.com', () => storage)).toBeUndefined();
    expect(storage.getItem(draftKey)).toBeNull();
    expect(readDraft('first@example.com', () => storage)).toBeUndefined();
  });

  it('is dropped by a sign-out on purpose', () => {
    const storage = memoryStorage();
    writeDraft('applicant@example.com', { plan: typed }, () => storage);
    forgetDraft(() => storage);
    expect(readDraft('applicant@example.com', () => storage)).toBeUndefined();
  });

  it('drops what does not read as a plan (a damaged entry, an unknown task)', () => {
    const storage = memoryStorage();
    storage.setItem(draftKey, '{not json');
    expect(readDraft('applicant@example.com', () => storage)).toBeUndefined();
    expect(storage.getItem(draftKey)).toBeNull();
    storage.setItem(
      draftKey,
      JSON.stringify({ owner: 'applicant@example.com', plan: { studentType: 'master' } }),
    );
    expect(readDraft('applicant@example.com', () => storage)).toBeUndefined();
    storage.setItem(
      draftKey,
      JSON.stringify({ owner: 'applicant@example.com', plan: typed, task: 'nonsense' }),
    );
    expect(readDraft('applicant@example.com', () => storage)).toEqual({ plan: typed });
  });

  it('keeps nothing and throws nothing where the browser refuses storage', () => {
    const refusing = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    expect(() => writeDraft('applicant@example.com', { plan: typed }, refusing)).not.toThrow();
    expect(readDraft('applicant@example.com', refusing)).toBeUndefined();
    expect(() => forgetDraft(refusing)).not.toThrow();
  });
});
