import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { complete, lists, now } from './fixtures.ts';
import { missingBySection, sectionStatuses } from './sections.ts';
import { applicationSections } from './types.ts';
import type { ApplicationInput } from './types.ts';

const empty: ApplicationInput = {
  studentType: 'master',
  answers: { choices: {}, personal: {}, contact: {}, education: { entries: [] }, declarations: {} },
  documents: [],
};

describe('section statuses (docs/behaviour.md#applications)', () => {
  it('has every section completed in a complete application', () => {
    expect(sectionStatuses(lists, complete, now)).toEqual({
      choices: 'completed',
      personal: 'completed',
      contact: 'completed',
      education: 'completed',
      documents: 'completed',
      declarations: 'completed',
    });
    expect(Object.values(missingBySection(lists, complete, now)).flat()).toEqual([]);
  });

  it('has every section not started in an empty draft', () => {
    expect(Object.values(sectionStatuses(lists, empty, now))).toEqual(Array(6).fill('notStarted'));
  });

  it('has a section in progress once one answer is given, with what it misses', () => {
    const started: ApplicationInput = {
      ...empty,
      answers: {
        ...empty.answers,
        personal: { familyName: 'CHEN' },
        contact: { address: { city: 'Beijing' } },
      },
      documents: [{ slotKind: 'certificate', slotTypeId: 311 }],
    };
    const statuses = sectionStatuses(lists, started, now);
    expect(statuses.personal).toBe('inProgress');
    expect(statuses.contact).toBe('inProgress');
    // No supervisor yet: the document is in no known slot.
    expect(statuses.documents).toBe('inProgress');
    expect(missingBySection(lists, started, now).personal.map((p) => p.field)).toEqual([
      'personal.dateOfBirth',
      'personal.nationalityId',
      'personal.residenceCountryId',
    ]);
  });

  it('keeps a section with a wrong answer in progress', () => {
    const wrong = {
      ...complete,
      answers: { ...complete.answers, contact: { ...complete.answers.contact, telephone: '+1' } },
    };
    expect(sectionStatuses(lists, wrong, now).contact).toBe('inProgress');
  });

  it('completes the documents without an upload when no slot is required, never before the supervisor', () => {
    const doctoral: ApplicationInput = {
      ...empty,
      studentType: 'doctoral',
      answers: { ...empty.answers, choices: { programId: 12, teacherId: 102 } },
    };
    // Course 2 has no doctoral document.
    expect(sectionStatuses(lists, doctoral, now).documents).toBe('completed');
    expect(sectionStatuses(lists, empty, now).documents).toBe('notStarted');
  });

  it('has the declarations in progress while only one is ticked', () => {
    const one = { ...complete, answers: { ...complete.answers, declarations: { informationTrue: true } } };
    expect(sectionStatuses(lists, one, now).declarations).toBe('inProgress');
  });

  it('completes a section exactly when nothing stops it, whatever is left out of a complete application', () => {
    const choices = complete.answers.choices;
    const personal = complete.answers.personal;
    const keys = <T extends object>(value: T) => Object.keys(value) as (keyof T)[];
    const without = <T extends object>(value: T, left: (keyof T)[]) =>
      Object.fromEntries(Object.entries(value).filter(([key]) => !left.includes(key as keyof T))) as T;
    fc.assert(
      fc.property(
        fc.subarray(keys(choices)),
        fc.subarray(keys(personal)),
        fc.subarray([...complete.documents]),
        fc.boolean(),
        (leftChoices, leftPersonal, documents, declared) => {
          const application: ApplicationInput = {
            ...complete,
            answers: {
              ...complete.answers,
              choices: without(choices, leftChoices),
              personal: without(personal, leftPersonal),
              declarations: declared ? complete.answers.declarations : {},
            },
            documents,
          };
          const statuses = sectionStatuses(lists, application, now);
          const missing = missingBySection(lists, application, now);
          for (const section of applicationSections)
            if (section !== 'documents')
              expect(statuses[section] === 'completed').toBe(missing[section].length === 0);
        },
      ),
    );
  });
});
