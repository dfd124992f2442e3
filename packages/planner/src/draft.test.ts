import { describe, expect, it } from 'vitest';
import {
  forgetSectionDrafts,
  readSectionDraft,
  sectionDraftKey,
  writeSectionDraft,
} from './application/sectionDrafts';
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

const id = 'Q2hlbkxpbmdBcHBsaWNhdGk';
const other = 'T3RoZXJBcHBsaWNhdGlvbjE';

describe('an application’s unsaved answers (docs/behaviour.md#applications, Unsaved answers)', () => {
  it('gives each section’s answers back by application and section, as typed (a date that is no date too)', () => {
    const storage = memoryStorage();
    const personal = { familyName: 'CHEN', dateOfBirth: '2001-13-40', nationalityId: 156 };
    const education = { entries: [{ countryId: 156, institutionName: 'Fudan', from: '2019-09' }, {}] };
    writeSectionDraft(id, 'personal', personal, () => storage);
    writeSectionDraft(id, 'education', education, () => storage);
    writeSectionDraft(id, 'declarations', { informationTrue: true }, () => storage);
    writeSectionDraft(
      id,
      'contact',
      { telephone: '+86 10 1234 5678', address: { line1: '1 Road' } },
      () => storage,
    );
    expect(readSectionDraft(id, 'personal', () => storage)).toEqual(personal);
    expect(readSectionDraft(id, 'education', () => storage)).toEqual(education);
    expect(readSectionDraft(id, 'declarations', () => storage)).toEqual({ informationTrue: true });
    expect(readSectionDraft(id, 'contact', () => storage)).toEqual({
      telephone: '+86 10 1234 5678',
      address: { line1: '1 Road' },
    });
    expect(readSectionDraft(id, 'choices', () => storage)).toBeUndefined();
    expect(readSectionDraft(other, 'personal', () => storage)).toBeUndefined();
  });

  it('drops what does not read as the section’s answers (damaged, unknown keys, wrong kinds)', () => {
    const storage = memoryStorage();
    const damaged = [
      '{not json',
      'null',
      '[]',
      JSON.stringify({ familyName: 42 }),
      JSON.stringify({ nationalityId: '156' }),
      JSON.stringify({ password: 'x' }),
    ];
    for (const text of damaged) {
      storage.setItem(sectionDraftKey(id, 'personal'), text);
      expect(readSectionDraft(id, 'personal', () => storage)).toBeUndefined();
      expect(storage.getItem(sectionDraftKey(id, 'personal'))).toBeNull();
    }
    storage.setItem(sectionDraftKey(id, 'education'), JSON.stringify({ entries: [{ file: 'x.pdf' }] }));
    expect(readSectionDraft(id, 'education', () => storage)).toBeUndefined();
    storage.setItem(sectionDraftKey(id, 'declarations'), JSON.stringify({ informationTrue: 'yes' }));
    expect(readSectionDraft(id, 'declarations', () => storage)).toBeUndefined();
  });

  it('forgets one section (saved), one application (no longer editable), or all (a sign-out on purpose)', () => {
    const storage = memoryStorage();
    const keep = () => {
      writeSectionDraft(id, 'personal', { familyName: 'CHEN' }, () => storage);
      writeSectionDraft(id, 'contact', { telephone: '+86' }, () => storage);
      writeSectionDraft(other, 'personal', { familyName: 'KIM' }, () => storage);
    };
    keep();
    forgetSectionDrafts(id, () => storage, ['personal']);
    expect(readSectionDraft(id, 'personal', () => storage)).toBeUndefined();
    expect(readSectionDraft(id, 'contact', () => storage)).toEqual({ telephone: '+86' });
    forgetSectionDrafts(id, () => storage);
    expect(readSectionDraft(id, 'contact', () => storage)).toBeUndefined();
    expect(readSectionDraft(other, 'personal', () => storage)).toEqual({ familyName: 'KIM' });
    keep();
    storage.setItem('pre-admission.locale', 'en');
    forgetDraft(() => storage);
    expect([...Array(storage.length).keys()].map((index) => storage.key(index))).toEqual([
      'pre-admission.locale',
    ]);
  });

  it('keeps nothing and throws nothing where the browser refuses storage', () => {
    const refusing = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    expect(() => writeSectionDraft(id, 'personal', { familyName: 'CHEN' }, refusing)).not.toThrow();
    expect(readSectionDraft(id, 'personal', refusing)).toBeUndefined();
    expect(() => forgetSectionDrafts(id, refusing)).not.toThrow();
  });
});
