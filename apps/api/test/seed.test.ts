// The seed's JSON files (apps/api/src/reference/seed/, docs/behaviour.md#data): each fits its list's schema in openapi.yaml, read
// through the one contract loader, and together they make every step of the planner real (docs/behaviour.md#rules).
import { loadContract } from '@pre-admission/contract';
import type { components } from '@pre-admission/api/schema';
import { documentsFor, programmeOptions, teachersForProgram, universitiesOf } from '@pre-admission/rules';
import { describe, expect, it } from 'vitest';
import { referenceLists, seedFiles } from '../src/reference/referenceData.ts';
import { debugLists, lists, referenceListNames } from '../src/routes/referenceData.ts';

type S = components['schemas'];
const files = seedFiles();
const all = referenceLists();
const operationOf = new Map<string, string>(
  Object.entries({ ...lists, ...debugLists }).map(([op, name]) => [name, op]),
);
const studentTypes: S['StudentType'][] = ['researchStudent', 'master', 'doctoral', 'exchange'];

const courses = all.courses as S['Course'][];
const programs = all.programs as S['OptionGroup'][];
const teachers = all.teachers as S['Teacher'][];
const certificates = all.applicationCertificateTypes as S['ApplicationCertificateType'][];
const requires = all.supplementalMaterialRequires as S['SupplementalMaterialRequire'][];

describe('the seed files', () => {
  it('are one per list the server answers, besides the countries', () => {
    expect(Object.keys(files).sort()).toEqual(
      [...operationOf.keys()].filter((name) => name !== 'countries').sort(),
    );
  });

  it.each(Object.keys(files))(
    '%s.json fits the 200 answer of its operation in openapi.yaml',
    async (name) => {
      const contract = await loadContract();
      const op = contract.operations.find((o) => o.operationId === operationOf.get(name));
      const schema = op?.responses['200']?.content?.['application/json']?.schema;
      expect(schema).toBeDefined();
      expect(contract.validate(schema, files[name])).toEqual([]);
      expect(files[name]!.length).toBeGreaterThan(0);
    },
  );

  it('getReferenceLists names the lists of the single operations, in the order of the contract, each with its schema', async () => {
    const contract = await loadContract();
    const schemas = (contract.document.components as { schemas: Record<string, Record<string, unknown>> })
      .schemas;
    expect(referenceListNames).toEqual(schemas.ReferenceListName!.enum);
    expect(Object.keys(schemas.ReferenceLists!.properties as object)).toEqual(referenceListNames);
    const bundle = contract.operations.find((o) => o.operationId === 'getReferenceLists');
    const schema = bundle?.responses['200']?.content?.['application/json']?.schema;
    for (const name of referenceListNames) {
      expect(contract.validate(schema, { [name]: all[name] }), name).toEqual([]);
      const single = contract.operations.find((o) => o.operationId === operationOf.get(name));
      expect(single?.responses['200']?.content?.['application/json']?.schema, name).toEqual(
        (schema as { properties: Record<string, unknown> }).properties[name],
      );
    }
  });

  it('a broken item fails the check (the check can fail)', async () => {
    const contract = await loadContract();
    const op = contract.operations.find((o) => o.operationId === 'listTeachers');
    const schema = op?.responses['200']?.content?.['application/json']?.schema;
    const [first] = files.teachers as S['Teacher'][];
    expect(contract.validate(schema, [{ ...first, acceptMaster: 'yes' }])).not.toEqual([]);
  });
});

describe('the seed makes every planner step real', () => {
  it('each course has certificate types and supplemental requirements for each student type it accepts, and none for the others', () => {
    for (const course of courses) {
      for (const type of studentTypes) {
        const documents = documentsFor(certificates, requires, course.id, type);
        const accepted = course.types.includes(type);
        expect(documents.certificates.length > 0, `${course.name} ${type} certificates`).toBe(accepted);
        expect(documents.materials.length > 0, `${course.name} ${type} materials`).toBe(accepted);
        if (accepted) expect(documents.certificates.some((c) => c.required)).toBe(true);
      }
    }
  });

  it('teachers cover every accept combination among the visible ones, across departments, and some are hidden', () => {
    const visible = teachers.filter((t) => t.state === 'visible');
    const combination = (t: S['Teacher']) =>
      [t.acceptResearchStudent, t.acceptMaster, t.acceptDoctoral, t.acceptExchange].map(Number).join('');
    expect(new Set(visible.map(combination)).size).toBe(16);
    expect(new Set(visible.map((t) => t.officeId)).size).toBeGreaterThanOrEqual(5);
    expect(teachers.filter((t) => t.state === 'hidden').length).toBeGreaterThanOrEqual(2);
  });

  it('every programme of every kind offers a supervisor, and every offered supervisor has documents to prepare', () => {
    for (const type of studentTypes) {
      const options = programmeOptions(programs, type);
      expect(options.length, type).toBeGreaterThan(0);
      for (const option of options) {
        const offered = teachersForProgram(teachers, option.id);
        expect(offered.length, `programme ${option.id}`).toBeGreaterThan(0);
        for (const teacher of offered) {
          const documents = documentsFor(certificates, requires, teacher.courseId, type);
          expect(documents.certificates.length, `${teacher.nameEn} for ${option.id}`).toBeGreaterThan(0);
        }
      }
    }
  });

  it('holds scholarship types 12 and 13 and statuses 4 and 5', () => {
    const ids = (list: unknown[]) => (list as { id: number }[]).map((item) => item.id);
    expect(ids(all.scholarshipTypes!)).toEqual(expect.arrayContaining([12, 13]));
    expect(ids(all.scholarshipStatuses!)).toEqual(expect.arrayContaining([4, 5]));
    expect(all.scholarshipFinancialSupports!.length).toBeGreaterThan(0);
  });

  it('ranks universities of known countries for the latest year, some with a rank and some without', () => {
    const universities = all.rankedUniversities as S['RankedUniversity'][];
    const countryIds = new Set((all.countries as S['Country'][]).map((c) => c.id));
    for (const u of universities) expect(countryIds.has(u.countryId)).toBe(true);
    const chinese = universitiesOf(universities, 156);
    expect(chinese.length).toBeGreaterThan(1);
    expect(chinese.every((u) => u.yearType === '_2025')).toBe(true);
    expect(chinese.some((u) => u.rank === undefined)).toBe(true);
  });
});
