import { describe, expect, it } from 'vitest';
import type { Application, ApplicationDocument } from '@pre-admission/api';
import { lists as fixtureLists } from '../testing/fixtures';
import { documentAccess, slotsOf, type DocumentsLists } from './slots';

// The fixtures are the contract's JSON (dates as strings); the slots never read the dates.
const lists = fixtureLists as unknown as DocumentsLists;

const file = (id: string, slotKind: 'certificate' | 'material', slotTypeId: number, uploadedAt: string) =>
  ({
    id: id.padEnd(22, 'x'),
    slotKind,
    slotTypeId,
    fileName: `${id}.pdf`,
    mediaType: 'application/pdf',
    size: 1000,
    uploadedAt: new Date(uploadedAt),
    hasPreview: false,
  }) satisfies ApplicationDocument;

/** A master's draft with supervisor 101 (Agriculture, course 1). */
const draft = (documents: ApplicationDocument[] = [], teacherId: number | null = 101) =>
  ({
    studentType: 'master',
    answers: {
      choices: teacherId === null ? {} : { programId: 11, teacherId },
      personal: {},
      contact: {},
      education: { entries: [] },
      declarations: {},
    },
    documents,
  }) as Pick<Application, 'studentType' | 'answers' | 'documents'>;

describe('the slots of an application (docs/behaviour.md#documents)', () => {
  it('gives one slot per certificate type and material requirement of the course and kind, required first', () => {
    const { slots, needsSupervisor } = slotsOf(lists, draft());
    expect(needsSupervisor).toBe(false);
    // Course 1, master: certificates 111-114 (the passport, 114, optional), hidden 119 left out; materials
    // 111-113 (the research plan, 111, required). Required first, then display order, both kinds together.
    expect(slots.map((slot) => slot.key)).toEqual([
      'certificate-111',
      'material-111',
      'certificate-112',
      'certificate-113',
      'material-112',
      'material-113',
      'certificate-114',
    ]);
    expect(slots.filter((slot) => slot.required).length).toBe(4);
    expect(slots.find((slot) => slot.key === 'material-111')?.name).toEqual({
      en: 'Research plan',
      ja: '研究計画書',
    });
  });

  it('puts each file in its slot, oldest first, and keeps a file of a slot no longer asked for apart', () => {
    const late = file('late', 'certificate', 111, '2026-12-02T00:00:00.000Z');
    const early = file('early', 'certificate', 111, '2026-12-01T00:00:00.000Z');
    const plan = file('plan', 'material', 111, '2026-12-01T00:00:00.000Z');
    // Course 2's certificate: the supervisor changed since.
    const stray = file('stray', 'certificate', 211, '2026-11-01T00:00:00.000Z');
    const { slots, unslotted } = slotsOf(lists, draft([late, stray, early, plan]));
    expect(slots.find((slot) => slot.key === 'certificate-111')!.documents).toEqual([early, late]);
    expect(slots.find((slot) => slot.key === 'material-111')!.documents).toEqual([plan]);
    expect(unslotted).toEqual([stray]);
  });

  it('has no slot before a supervisor is chosen, and says so', () => {
    const stored = file('one', 'certificate', 111, '2026-12-01T00:00:00.000Z');
    const { slots, unslotted, needsSupervisor } = slotsOf(lists, draft([stored], null));
    expect(slots).toEqual([]);
    expect(needsSupervisor).toBe(true);
    expect(unslotted).toEqual([stored]);
  });
});

describe('what can be changed, by the state (docs/behaviour.md#documents)', () => {
  const doc = file('a', 'certificate', 111, '2026-12-01T00:00:00.000Z');
  const other = file('b', 'certificate', 112, '2026-12-01T00:00:00.000Z');
  const slot = slotsOf(lists, draft([doc, other])).slots.find((s) => s.key === 'certificate-111')!;
  const reopened = (documentIds: string[]) => ({
    sections: ['documents' as const],
    documentIds,
    dueAt: new Date('2027-01-20T08:00:00.000Z'),
    message: 'Please upload the certificate with the seal.',
  });

  it('lets a draft take any change', () => {
    const access = documentAccess({ status: 'draft' });
    expect([access.canAdd(slot), access.canRemove(doc), access.canReplace(doc)]).toEqual([true, true, false]);
  });

  it('lets a return for changes replace only the reopened files', () => {
    const access = documentAccess({ status: 'returned', reopened: reopened([doc.id]) });
    expect([access.canAdd(slot), access.canRemove(doc), access.canReplace(doc)]).toEqual([
      false,
      false,
      true,
    ]);
    expect(access.canReplace(other)).toBe(false);
  });

  it('opens every slot when a return reopens the documents without naming a file', () => {
    const access = documentAccess({ status: 'returned', reopened: reopened([]) });
    expect([access.canAdd(slot), access.canRemove(other)]).toEqual([true, true]);
  });

  it('changes nothing once sent, nor after a return that reopened other sections', () => {
    for (const status of ['submitted', 'underReview', 'resubmitted', 'decided', 'withdrawn'] as const) {
      const access = documentAccess({ status });
      expect([access.canAdd(slot), access.canRemove(doc), access.canReplace(doc)], status).toEqual([
        false,
        false,
        false,
      ]);
    }
    const personal = documentAccess({
      status: 'returned',
      reopened: { ...reopened([]), sections: ['personal'] },
    });
    expect([personal.canAdd(slot), personal.canRemove(doc)]).toEqual([false, false]);
  });
});
