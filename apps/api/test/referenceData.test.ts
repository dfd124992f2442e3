// The reference lists (docs/behaviour.md#data, #session, #api-calls) and the debug endpoints; each response checked against openapi.yaml.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '@pre-admission/api/schema';
import type { OperationId } from '../src/platform/contract.ts';
import { startServer, type TestServer } from './helpers.ts';

type S = components['schemas'];
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const listOperations: OperationId[] = [
  'listCountries',
  'listCountryDetails',
  'listCourses',
  'listCourseDetails',
  'listEducationSystems',
  'listEducationTypes',
  'listPartnerSchoolTypes',
  'listPrograms',
  'listScholarshipFinancialSupports',
  'listScholarshipStatuses',
  'listScholarshipTypes',
  'listSupplementalMaterialTypes',
  'listTeachers',
  'listRankedUniversities',
  'listUsersLists',
  'listApplicationCertificateTypes',
  'listSupplementalMaterialRequires',
  'listAcceptorRejectReasons',
  'listEducationCertificateCategories',
  'listEducationCertificateTypes',
  'listDebugAdmins',
  'listDebugApprovers',
  'listDebugExchangeUsers',
  'listDebugOffices',
];

async function list<T>(op: OperationId): Promise<T[]> {
  const response = await server.call(op);
  expect(response.status).toBe(200);
  return response.body as T[];
}

describe('reference data', () => {
  it.each(listOperations)('%s answers a non-empty list that fits the contract', async (op) => {
    const items = await list<{ id?: number }>(op);
    expect(items.length).toBeGreaterThan(0);
    const ids = items.map((i) => i.id).filter((id) => id !== undefined);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('countries come from ISO 3166 with Japanese names', async () => {
    const countries = await list<S['Country']>('listCountries');
    expect(countries.length).toBeGreaterThanOrEqual(249);
    expect(countries.find((c) => c.alpha2Code === 'JP')).toMatchObject({
      id: 392,
      numericCode: '392',
      alpha3Code: 'JPN',
      name: 'Japan',
      nameJa: '日本',
    });
    expect(countries.find((c) => c.alpha2Code === 'CN')?.nameJa).toBe('中華人民共和国');
  });

  it('programmes carry the ids of docs/behaviour.md#rules in the right groups', async () => {
    const groups = await list<S['OptionGroup']>('listPrograms');
    const idsOf = (type: S['StudentType']) =>
      groups
        .flatMap((g) => g.options)
        .filter((o) => o.studentType === type)
        .map((o) => o.id)
        .sort((a, b) => a - b);
    expect(idsOf('researchStudent')).toEqual([8, 9, 10, 16, 17]);
    expect(idsOf('master')).toEqual([11, 13]);
    expect(idsOf('doctoral')).toEqual([12, 14]);
    expect(idsOf('exchange')).toEqual([18]);
    const all = groups.flatMap((g) => g.options.map((o) => o.id)).sort((a, b) => a - b);
    expect(all).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    for (const option of groups.flatMap((g) => g.options)) expect(option.nameJa).not.toBe('');
  });

  it('teachers cover every accept flag, and some are hidden', async () => {
    const teachers = await list<S['Teacher']>('listTeachers');
    for (const flag of [
      'acceptResearchStudent',
      'acceptMaster',
      'acceptDoctoral',
      'acceptExchange',
    ] as const) {
      expect(teachers.some((t) => t[flag] && t.state === 'visible')).toBe(true);
      expect(teachers.some((t) => !t[flag])).toBe(true);
    }
    expect(teachers.filter((t) => t.state === 'hidden').length).toBeGreaterThan(0);
  });

  it('scholarship types include 12 and 13; statuses include 4 and 5', async () => {
    const types = await list<S['SimpleItem']>('listScholarshipTypes');
    const statuses = await list<S['SimpleItem']>('listScholarshipStatuses');
    expect(types.map((t) => t.id)).toEqual(expect.arrayContaining([12, 13]));
    expect(statuses.map((s) => s.id)).toEqual(expect.arrayContaining([4, 5]));
    expect(statuses.length).toBeGreaterThan(2);
  });

  it('offices cover the 8 department types', async () => {
    const offices = await list<S['Department']>('listDebugOffices');
    const types = new Set(offices.map((o) => o.descriptionType).filter(Boolean));
    expect([...types].sort()).toEqual([
      'Agriculture',
      'Biomedical',
      'Dental',
      'Economics',
      'Fisheries',
      'Humanities',
      'Information',
      'Medicine',
    ]);
  });

  it('ranked universities exist for both year types', async () => {
    const universities = await list<S['RankedUniversity']>('listRankedUniversities');
    expect(universities.some((u) => u.yearType === '_2022')).toBe(true);
    expect(universities.some((u) => u.yearType === '_2025')).toBe(true);
    expect(universities.some((u) => u.isChina && u.isProject985)).toBe(true);
  });

  it('health is ok', async () => {
    const response = await server.call('getHealth');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('health is 503 problem+json when the database does not answer', async () => {
    const real = server.services.db;
    let down = false;
    // The same database, with a switch that makes every plain query fail.
    const flaky = Object.create(real, {
      query: {
        value: (sql: string, params?: unknown[]) =>
          down ? Promise.reject(new Error('down')) : real.query(sql, params),
      },
    }) as typeof real;
    const { buildApp } = await import('../src/app.ts');
    const app = await buildApp({
      config: server.config,
      db: flaky,
      clock: server.clock,
      logStream: server.logs,
      ownsDatabase: false,
    });
    try {
      down = true;
      const response = await app.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(
        server.services.contract.checkResponse(
          'getHealth',
          503,
          response.headers['content-type'] as string,
          response.json(),
        ),
      ).toEqual([]);
    } finally {
      down = false;
      await app.close();
    }
  });

  it('a response that breaks the contract becomes a 500 at run time (and fails the contract check)', async () => {
    await server.services.db.query(
      `update reference_lists set items = '[{"id":"not-a-number"}]' where name = 'teachers'`,
    );
    const response = await server.app.inject({ method: 'GET', url: '/api/teachers' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(server.logs.text).toContain('response breaks openapi.yaml');
    const failures = server.services.contract.checkResponse('listTeachers', 200, 'application/json', [
      { id: 'x' },
    ]);
    expect(failures.length).toBeGreaterThan(0);
  });
});

describe('debug endpoints switched off', () => {
  it('answer 404 problem+json without DEBUG_ENDPOINTS=1', async () => {
    const off = await startServer({ debugEndpoints: false }, server);
    try {
      for (const op of [
        'listDebugAdmins',
        'listDebugApprovers',
        'listDebugExchangeUsers',
        'listDebugOffices',
        'listDebugMails',
      ] as const) {
        const response = await off.call(op);
        expect(response.status).toBe(404);
        expect(response.body).toMatchObject({ type: 'urn:pre-admission:problem:not-found' });
      }
      expect((await off.call('listCountries')).status).toBe(200);
    } finally {
      await off.close();
    }
  });
});
