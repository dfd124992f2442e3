import { describe, expect, it } from 'vitest';
import { planProblems } from '@pre-admission/rules';
import fc from 'fast-check';
import { groupByCourse, prune, searchKey, taskStatuses, teacherMatches, type PlannerLists } from './model';
import { completePlan, lists as fixtureLists, partPlan, teachers } from './testing/fixtures';

// The fixtures are the contract's JSON (dates as strings); the planner never reads the dates.
const lists = fixtureLists as unknown as PlannerLists;

describe('the supervisor search (docs/behaviour.md#planner)', () => {
  it('compares width- and case-insensitively', () => {
    expect(searchKey('ＴＡＲＯ　Ｙａｍａｄａ')).toBe('taro yamada');
    expect(searchKey('ﾔﾏﾀﾞ')).toBe('ヤマダ');
    const yamada = { name: '山田 太郎', nameEn: 'Taro Yamada' };
    for (const query of [
      'taro',
      'TARO',
      'ｔａｒｏ',
      'ＹＡＭＡＤＡ',
      '山田',
      '山田太郎',
      'taroyamada',
      ' yamada ',
    ])
      expect(teacherMatches(yamada, query), query).toBe(true);
    expect(teacherMatches(yamada, 'sato')).toBe(false);
  });

  it('finds a name by any part of it, in any width and case', () => {
    fc.assert(
      fc.property(fc.constantFrom(...teachers), fc.nat(), fc.nat(), fc.boolean(), (teacher, a, b, wide) => {
        const name = teacher.nameEn;
        const [from, to] = [a % name.length, b % name.length].sort((x, y) => x - y) as [number, number];
        let part = name.slice(from, to + 1).toUpperCase();
        // Full-width forms of ASCII letters: U+FF21 onwards.
        if (wide) part = part.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
        if (part.trim() === '') return;
        expect(teacherMatches(teacher, part)).toBe(true);
      }),
    );
  });

  it('groups the teachers by graduate school, in the order of the course list', () => {
    const groups = groupByCourse(teachers, fixtureLists.courses);
    expect(groups.map((group) => group.courseId)).toEqual([1, 2, 3]);
    expect(groups.flatMap((group) => group.teachers)).toHaveLength(teachers.length);
  });
});

describe('the task statuses (docs/behaviour.md#planner)', () => {
  it('starts with every task not started', () => {
    const statuses = taskStatuses(lists, { readyCertificateIds: [], readyMaterialIds: [] });
    expect(new Set(Object.values(statuses))).toEqual(new Set(['notStarted']));
  });

  it('has documents in progress until every required one is ticked', () => {
    const statuses = taskStatuses(lists, partPlan);
    expect(statuses.kind).toBe('completed');
    expect(statuses.supervisor).toBe('completed');
    expect(statuses.documents).toBe('inProgress');
    expect(statuses.scholarship).toBe('notStarted');
    expect(statuses.university).toBe('inProgress');
    expect(statuses.summary).toBe('inProgress');
  });

  it('issue 38 item 6: completes the scholarship of a privately financed applicant without a status', () => {
    const privately = { ...partPlan, scholarshipTypeId: 1, financialSupportId: 2 };
    expect(taskStatuses(lists, privately).scholarship).toBe('completed');
    expect(taskStatuses(lists, { ...privately, scholarshipTypeId: 2 }).scholarship).toBe('inProgress');
    // A status chosen before the type became "privately financed" is cleared on saving.
    const { plan, cleared } = prune(lists, { ...privately, scholarshipStatusId: 3 });
    expect(plan.scholarshipStatusId).toBeUndefined();
    expect(cleared).toEqual(['scholarshipStatusId']);
  });

  it('completes every task of the complete plan', () => {
    expect(new Set(Object.values(taskStatuses(lists, completePlan)))).toEqual(new Set(['completed']));
    // An optional document is not needed; a required one is.
    const missing = { ...completePlan, readyCertificateIds: [111, 112] };
    expect(taskStatuses(lists, missing).documents).toBe('inProgress');
  });
});

describe('pruning a changed plan (docs/behaviour.md#planner)', () => {
  it('clears a supervisor the new programme does not allow, and the ticks with it, and says so', () => {
    // Taro Yamada (master, doctoral) for the research-student programme 8.
    const changed = { ...completePlan, studentType: 'researchStudent' as const, programId: 8 };
    const { plan, cleared } = prune(lists, changed);
    expect(plan.teacherId).toBeUndefined();
    expect(plan.readyCertificateIds).toEqual([]);
    expect(plan.readyMaterialIds).toEqual([]);
    expect(cleared).toEqual(expect.arrayContaining(['teacherId', 'documents']));
    expect(plan.scholarshipStatusId).toBe(4);
    expect(planProblems(lists, plan)).toEqual([]);
  });

  it('keeps a supervisor the new programme allows', () => {
    const { plan, cleared } = prune(lists, { ...completePlan, programId: 13 });
    expect(plan.teacherId).toBe(101);
    expect(cleared).toEqual([]);
  });

  it('always leaves a plan the rules accept', () => {
    const id = fc.option(
      fc.constantFrom(1, 4, 5, 8, 11, 12, 13, 18, 101, 102, 103, 104, 107, 111, 156, 410),
      {
        nil: undefined,
      },
    );
    fc.assert(
      fc.property(
        fc.record({
          studentType: fc.option(fc.constantFrom('researchStudent', 'master', 'doctoral', 'exchange'), {
            nil: undefined,
          }),
          programId: id,
          teacherId: id,
          readyCertificateIds: fc.array(fc.constantFrom(111, 112, 211, 311), { maxLength: 3 }),
          readyMaterialIds: fc.array(fc.constantFrom(111, 211), { maxLength: 2 }),
          scholarshipTypeId: id,
          scholarshipStatusId: id,
          financialSupportId: id,
          countryId: id,
          universityId: id,
        }),
        (plan) => {
          const pruned = prune(lists, plan).plan;
          expect(planProblems(lists, pruned)).toEqual([]);
        },
      ),
    );
  });
});
