import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { documentsFor } from './documents.ts';
import { planProblems, type PlanChoices, type PlanLists } from './plan.ts';
import { programmeOptions } from './programmes.ts';
import type {
  ApplicationCertificateType,
  OptionGroup,
  RankedUniversity,
  StudentType,
  SupplementalMaterialRequire,
  Teacher,
} from './types.ts';
import { latestYearType, universitiesOf } from './universities.ts';

const studentTypes: StudentType[] = ['researchStudent', 'master', 'doctoral', 'exchange'];
const studentType = fc.constantFrom(...studentTypes);

const option = fc.record({
  id: fc.integer({ min: 1, max: 10_000 }),
  code: fc.constant('CODE'),
  name: fc.string(),
  nameJa: fc.string(),
  isOther: fc.boolean(),
  displayOrder: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }),
  hidden: fc.boolean(),
});
const group: fc.Arbitrary<OptionGroup> = fc.record({
  id: fc.integer({ min: 1, max: 100 }),
  name: fc.string(),
  nameJa: fc.string(),
  studentType: fc.option(studentType, { nil: undefined }),
  options: fc.array(option, { maxLength: 6 }),
  hidden: fc.boolean(),
});

describe('programme options for a kind of application (docs/behaviour.md#rules)', () => {
  it('offers exactly the visible options of the visible groups of that student type', () => {
    fc.assert(
      fc.property(fc.array(group, { maxLength: 6 }), studentType, (groups, type) => {
        const offered = programmeOptions(groups, type);
        const expected = groups
          .filter((g) => !g.hidden && g.studentType === type)
          .flatMap((g) => g.options.filter((o) => !o.hidden));
        expect(offered).toHaveLength(expected.length);
        expect(new Set(offered)).toEqual(new Set(expected));
        expect(offered.every((o) => !o.hidden)).toBe(true);
      }),
    );
  });

  it('keeps the groups in list order and each group in display order, options without one last', () => {
    fc.assert(
      fc.property(fc.array(group, { maxLength: 6 }), studentType, (groups, type) => {
        const offered = programmeOptions(groups, type);
        const groupOf = (o: (typeof offered)[number]) =>
          groups.findIndex((g) => !g.hidden && g.studentType === type && g.options.includes(o));
        const order = (o: (typeof offered)[number]) => o.displayOrder ?? Number.POSITIVE_INFINITY;
        for (let i = 1; i < offered.length; i++) {
          const [a, b] = [offered[i - 1]!, offered[i]!];
          expect(groupOf(a)).toBeLessThanOrEqual(groupOf(b));
          if (groupOf(a) === groupOf(b)) expect(order(a)).toBeLessThanOrEqual(order(b));
        }
      }),
    );
  });
});

const certificate: fc.Arbitrary<ApplicationCertificateType> = fc.record({
  id: fc.integer({ min: 1, max: 10_000 }),
  courseId: fc.integer({ min: 1, max: 3 }),
  studentType,
  name: fc.string(),
  nameJa: fc.string(),
  description: fc.string(),
  descriptionJa: fc.string(),
  required: fc.boolean(),
  displayOrder: fc.integer({ min: 0, max: 9 }),
  state: fc.constantFrom('visible' as const, 'hidden' as const),
  version: fc.constant(1),
  createdAt: fc.constant('2026-04-01T00:00:00Z'),
  updatedAt: fc.constant('2026-04-01T00:00:00Z'),
});
const materialRequire: fc.Arbitrary<SupplementalMaterialRequire> = fc.record({
  id: fc.integer({ min: 1, max: 10_000 }),
  courseId: fc.integer({ min: 1, max: 3 }),
  studentType,
  supplementalMaterialTypeId: fc.integer({ min: 1, max: 5 }),
  required: fc.boolean(),
  displayOrder: fc.integer({ min: 0, max: 9 }),
});

/** Required ones first, then display order: the order documentsFor promises. */
function expectRequiredFirst(items: readonly { required: boolean; displayOrder: number }[]) {
  for (let i = 1; i < items.length; i++) {
    const [a, b] = [items[i - 1]!, items[i]!];
    expect(Number(a.required)).toBeGreaterThanOrEqual(Number(b.required));
    if (a.required === b.required) expect(a.displayOrder).toBeLessThanOrEqual(b.displayOrder);
  }
}

describe('documents for a course and kind of application (docs/behaviour.md#rules)', () => {
  it('lists exactly the visible certificate types and the requirements of that course and student type', () => {
    fc.assert(
      fc.property(
        fc.array(certificate, { maxLength: 12 }),
        fc.array(materialRequire, { maxLength: 12 }),
        fc.integer({ min: 1, max: 3 }),
        studentType,
        (certificates, materials, courseId, type) => {
          const documents = documentsFor(certificates, materials, courseId, type);
          const mine = (d: { courseId: number; studentType: StudentType }) =>
            d.courseId === courseId && d.studentType === type;
          expect(new Set(documents.certificates)).toEqual(
            new Set(certificates.filter((c) => mine(c) && c.state === 'visible')),
          );
          expect(documents.certificates).toHaveLength(
            certificates.filter((c) => mine(c) && c.state === 'visible').length,
          );
          expect(new Set(documents.materials)).toEqual(new Set(materials.filter(mine)));
          expect(documents.materials).toHaveLength(materials.filter(mine).length);
        },
      ),
    );
  });

  it('puts required ones first, each part in display order', () => {
    fc.assert(
      fc.property(
        fc.array(certificate, { maxLength: 12 }),
        fc.array(materialRequire, { maxLength: 12 }),
        studentType,
        (certificates, materials, type) => {
          const documents = documentsFor(certificates, materials, 1, type);
          expectRequiredFirst(documents.certificates);
          expectRequiredFirst(documents.materials);
        },
      ),
    );
  });
});

const university: fc.Arbitrary<RankedUniversity> = fc.record({
  id: fc.integer({ min: 1, max: 10_000 }),
  yearType: fc.constantFrom('_2022' as const, '_2025' as const),
  name: fc.string(),
  rankType: fc.constant('QS'),
  rank: fc.option(fc.integer({ min: 1, max: 1000 }), { nil: undefined }),
  rankingCountryName: fc.constant('China'),
  countryId: fc.constantFrom(156, 410),
  isProject211: fc.boolean(),
  isProject985: fc.boolean(),
  isUniversityPartner: fc.boolean(),
  isDepartmentPartner: fc.boolean(),
  isOther: fc.boolean(),
  isChina: fc.boolean(),
});

describe('universities of a country for the latest year type (docs/behaviour.md#rules)', () => {
  it('offers exactly the universities of that country and of the latest year of the whole list', () => {
    fc.assert(
      fc.property(fc.array(university, { maxLength: 15 }), fc.constantFrom(156, 410), (list, countryId) => {
        const offered = universitiesOf(list, countryId);
        const latest = list.some((u) => u.yearType === '_2025') ? '_2025' : '_2022';
        expect(latestYearType(list)).toBe(list.length ? latest : undefined);
        const expected = list.filter((u) => u.yearType === latest && u.countryId === countryId);
        expect(offered).toHaveLength(expected.length);
        expect(new Set(offered)).toEqual(new Set(expected));
      }),
    );
  });

  it('puts the best rank first and the unranked last', () => {
    fc.assert(
      fc.property(fc.array(university, { maxLength: 15 }), (list) => {
        const ranks = universitiesOf(list, 156).map((u) => u.rank ?? Number.POSITIVE_INFINITY);
        expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
      }),
    );
  });
});

/** A small world of reference lists: one course per student type's teacher, each with its documents. */
const teacher = (id: number, courseId: number, accepts: boolean[], hidden = false): Teacher => ({
  id,
  officeId: courseId,
  courseId,
  name: `教員${id}`,
  nameEn: `Teacher ${id}`,
  acceptResearchStudent: accepts[0]!,
  acceptMaster: accepts[1]!,
  acceptDoctoral: accepts[2]!,
  acceptExchange: accepts[3]!,
  state: hidden ? 'hidden' : 'visible',
});
const programmeGroup = (id: number, type: StudentType, optionIds: number[]): OptionGroup => ({
  id,
  name: type,
  nameJa: type,
  studentType: type,
  hidden: false,
  options: optionIds.map((o, i) => ({
    id: o,
    code: `P${o}`,
    name: `P${o}`,
    nameJa: `P${o}`,
    isOther: false,
    displayOrder: i,
    hidden: false,
  })),
});
const lists: PlanLists = {
  programs: [
    programmeGroup(1, 'researchStudent', [8, 9]),
    programmeGroup(2, 'master', [11, 13]),
    programmeGroup(3, 'doctoral', [12, 14]),
    programmeGroup(4, 'exchange', [18]),
  ],
  teachers: [
    teacher(1, 1, [true, false, false, false]),
    teacher(2, 2, [false, true, false, false]),
    teacher(3, 1, [false, false, true, false]),
    teacher(4, 2, [false, false, false, true]),
    teacher(5, 1, [true, true, true, true], true),
  ],
  applicationCertificateTypes: [1, 2].flatMap((courseId) =>
    studentTypes.map((type, t) => ({
      id: courseId * 10 + t,
      courseId,
      studentType: type,
      name: 'c',
      nameJa: 'c',
      description: '',
      descriptionJa: '',
      required: true,
      displayOrder: 1,
      state: 'visible' as const,
      version: 1,
      createdAt: '2026-04-01T00:00:00Z',
      updatedAt: '2026-04-01T00:00:00Z',
    })),
  ),
  supplementalMaterialRequires: [1, 2].flatMap((courseId) =>
    studentTypes.map((type, t) => ({
      id: 100 + courseId * 10 + t,
      courseId,
      studentType: type,
      supplementalMaterialTypeId: 1,
      required: true,
      displayOrder: 1,
    })),
  ),
  scholarshipTypes: [1, 2, 12, 13].map((id) => ({ id })),
  scholarshipStatuses: [1, 2, 3, 4, 5].map((id) => ({ id })),
  scholarshipFinancialSupports: [1, 2].map((id) => ({ id })),
  countries: [156, 410].map((id) => ({ id })),
  rankedUniversities: [
    { id: 1, yearType: '_2022', countryId: 156 },
    { id: 2, yearType: '_2025', countryId: 156 },
    { id: 3, yearType: '_2025', countryId: 410 },
  ].map((u) => ({
    ...u,
    yearType: u.yearType as RankedUniversity['yearType'],
    name: `U${u.id}`,
    rankType: 'QS',
    rankingCountryName: 'x',
    isProject211: false,
    isProject985: false,
    isUniversityPartner: false,
    isDepartmentPartner: false,
    isOther: false,
    isChina: false,
  })),
};
const empty: PlanChoices = { readyCertificateIds: [], readyMaterialIds: [] };
const fields = (plan: PlanChoices) => planProblems(lists, plan).map((p) => p.field);

/** A plan every choice of which the rules offer: drawn from what each step offers after the earlier ones. */
const validPlan: fc.Arbitrary<PlanChoices> = fc
  .record({
    programId: fc.constantFrom(8, 9, 11, 13, 12, 14, 18),
    ticks: fc.boolean(),
    scholarship: fc.constantFrom([2, 1], [12, 4], [13, 5], [2, 3], [1, undefined]),
    support: fc.option(fc.constantFrom(1, 2), { nil: undefined }),
    university: fc.option(fc.constantFrom([156, 2], [410, 3], [156, undefined]), { nil: undefined }),
  })
  .map(({ programId, ticks, scholarship, support, university }) => {
    const group = lists.programs.find((g) => g.options.some((o) => o.id === programId))!;
    const type = group.studentType!;
    const chosen = lists.teachers.find(
      (t) =>
        t.state === 'visible' &&
        ({
          researchStudent: t.acceptResearchStudent,
          master: t.acceptMaster || t.acceptDoctoral,
          doctoral: t.acceptDoctoral,
          exchange: t.acceptExchange,
        }[type] ??
          false),
    )!;
    const documents = documentsFor(
      lists.applicationCertificateTypes,
      lists.supplementalMaterialRequires,
      chosen.courseId,
      type,
    );
    return {
      studentType: type,
      programId,
      teacherId: chosen.id,
      readyCertificateIds: ticks ? documents.certificates.map((c) => c.id) : [],
      readyMaterialIds: ticks ? documents.materials.map((m) => m.id) : [],
      scholarshipTypeId: scholarship[0],
      scholarshipStatusId: scholarship[1],
      financialSupportId: support,
      countryId: university?.[0],
      universityId: university?.[1],
    };
  });

describe('a saved plan checked against the rules (docs/behaviour.md#rules)', () => {
  it('accepts an empty plan', () => expect(planProblems(lists, empty)).toEqual([]));

  it('accepts any plan whose every choice is one the rules offer', () => {
    fc.assert(
      fc.property(validPlan, (plan) => {
        expect(planProblems(lists, plan)).toEqual([]);
      }),
    );
  });

  it('refuses a supervisor the programme does not offer, and a hidden one', () => {
    fc.assert(
      fc.property(validPlan, fc.constantFrom(1, 2, 3, 4, 5, 99), (plan, teacherId) => {
        const offered = planProblems(lists, { ...plan, teacherId }).every((p) => p.field !== 'teacherId');
        const t = lists.teachers.find((x) => x.id === teacherId);
        const accepts =
          t !== undefined &&
          t.state === 'visible' &&
          ({
            researchStudent: t.acceptResearchStudent,
            master: t.acceptMaster || t.acceptDoctoral,
            doctoral: t.acceptDoctoral,
            exchange: t.acceptExchange,
          }[plan.studentType!] ??
            false);
        expect(offered).toBe(accepts);
      }),
    );
  });

  it('refuses a programme of another kind of application, or without one', () => {
    expect(fields({ ...empty, studentType: 'master', programId: 12 })).toEqual(['programId']);
    expect(fields({ ...empty, programId: 11 })).toEqual(['programId']);
    expect(fields({ ...empty, studentType: 'master', programId: 11 })).toEqual([]);
  });

  it('refuses a supervisor without a programme', () => {
    expect(fields({ ...empty, teacherId: 1 })).toEqual(['teacherId']);
  });

  it('refuses a ticked document that is not one of the course and kind of application', () => {
    fc.assert(
      fc.property(validPlan, fc.integer({ min: 0, max: 200 }), (plan, id) => {
        const documents = documentsFor(
          lists.applicationCertificateTypes,
          lists.supplementalMaterialRequires,
          lists.teachers.find((t) => t.id === plan.teacherId)!.courseId,
          plan.studentType!,
        );
        const certificateOk = documents.certificates.some((c) => c.id === id);
        const materialOk = documents.materials.some((m) => m.id === id);
        expect(fields({ ...plan, readyCertificateIds: [id] }).includes('readyCertificateIds')).toBe(
          !certificateOk,
        );
        expect(fields({ ...plan, readyMaterialIds: [id] }).includes('readyMaterialIds')).toBe(!materialOk);
      }),
    );
  });

  it('issue 38 item 6: refuses any status for privately financed (type 1), which has no award', () => {
    for (const scholarshipStatusId of [1, 2, 3, 4, 5])
      expect(fields({ ...empty, scholarshipTypeId: 1, scholarshipStatusId })).toEqual([
        'scholarshipStatusId',
      ]);
    expect(fields({ ...empty, scholarshipTypeId: 1 })).toEqual([]);
  });

  it('refuses status 4 or 5 unless the scholarship type is 12 or 13, and any other status for those', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(undefined, 2, 12, 13),
        fc.constantFrom(1, 2, 3, 4, 5),
        (scholarshipTypeId, scholarshipStatusId) => {
          const refused = fields({ ...empty, scholarshipTypeId, scholarshipStatusId }).includes(
            'scholarshipStatusId',
          );
          const allowed =
            scholarshipTypeId === 12
              ? scholarshipStatusId === 4
              : scholarshipTypeId === 13
                ? scholarshipStatusId === 5
                : scholarshipStatusId !== 4 && scholarshipStatusId !== 5;
          expect(refused).toBe(!allowed);
        },
      ),
    );
  });

  it('refuses unknown ids and a university of another country or of an older ranking year', () => {
    expect(fields({ ...empty, scholarshipTypeId: 99, financialSupportId: 99, countryId: 1 })).toEqual([
      'scholarshipTypeId',
      'financialSupportId',
      'countryId',
    ]);
    expect(fields({ ...empty, countryId: 156, universityId: 3 })).toEqual(['universityId']);
    expect(fields({ ...empty, countryId: 156, universityId: 1 })).toEqual(['universityId']);
    expect(fields({ ...empty, universityId: 2 })).toEqual(['universityId']);
    expect(fields({ ...empty, countryId: 156, universityId: 2 })).toEqual([]);
  });
});
