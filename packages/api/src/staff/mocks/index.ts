import { delay, HttpResponse } from 'msw';
import { createOpenApiHttp } from 'openapi-msw';
import type { components, operations, paths } from '../../generated/staff';
import {
  exampleStaffSession,
  MOCK_STAFF_NOW,
  MOCK_SUPERVISOR_TEACHER_ID,
  mockStaffCredentials,
  staffFixtureApplications,
  staffFixtureConsentRequests,
  staffFixtureLists,
} from './fixtures';

export {
  exampleStaffSession,
  MOCK_STAFF_NOW,
  MOCK_SUPERVISOR_TEACHER_ID,
  mockStaffCredentials,
  staffFixtureApplications,
  staffFixtureConsentRequests,
  staffFixtureLists,
} from './fixtures';

type Schemas = components['schemas'];
type StaffApplication = Schemas['StaffApplication'];
type StaffApplicationSummary = Schemas['StaffApplicationSummary'];
type Query = NonNullable<operations['listStaffApplications']['parameters']['query']>;
type FieldError = Schemas['FieldError'];
type StaffConsentRequest = Schemas['StaffConsentRequest'];
type ConsentStatus = Schemas['ConsentStatus'];
type StaffPreferences = Schemas['StaffPreferences'];

/**
 * Typed MSW handlers on the staff paths (openapi.staff.yaml). `*` matches any origin and base path, so the
 * same handlers serve Storybook, node tests and the console under `/desk/`.
 */
export const staffHttp = createOpenApiHttp<paths>({ baseUrl: '*' });

/** A problem+json answer as the server sends it. */
export function staffProblem(
  status: number,
  type: string,
  title: string,
  extra: { code?: string; errors?: FieldError[] } = {},
): HttpResponse<Schemas['Problem']> {
  return HttpResponse.json<Schemas['Problem']>(
    { type: `urn:pre-admission:problem:${type}`, title, status, ...extra },
    { status, headers: { 'Content-Type': 'application/problem+json' } },
  );
}
const noSession = () => staffProblem(401, 'no-session', 'You are not signed in.');
const notFound = () =>
  staffProblem(404, 'not-found', 'The application was not found.', { code: 'application_not_found' });
const conflict = (code: 'not_reviewable' | 'already_decided') =>
  staffProblem(409, 'application-conflict', 'The application cannot be changed in its present state.', {
    code,
  });
const screeningPending = (code: 'screening_outcome_required' | 'screening_not_cleared') =>
  staffProblem(
    409,
    'screening-pending',
    code === 'screening_not_cleared'
      ? 'The application was not cleared by its export-control screening.'
      : "The application's export-control screening needs the desk's outcome first.",
    { code },
  );
const roleRefused = () =>
  staffProblem(403, 'role-refused', 'Your role cannot do this.', { code: 'role_refused' });
const consentNotFound = () =>
  staffProblem(404, 'not-found', 'The consent request was not found.', {
    code: 'consent_request_not_found',
  });
const consentStatuses: readonly ConsentStatus[] = [
  'requested',
  'accepted',
  'declined',
  'expired',
  'withdrawn',
];
const validation = (errors: FieldError[]) =>
  staffProblem(400, 'validation', 'Some fields are invalid.', { errors });

/** The summary the list shows of an application (as the server builds it). */
export function staffSummaryOf(application: StaffApplication): StaffApplicationSummary {
  const { personal, choices } = application.answers;
  const summary: StaffApplicationSummary = {
    id: application.id,
    status: application.status,
    studentType: application.studentType,
    updatedAt: application.updatedAt,
  };
  if (application.reference) summary.reference = application.reference;
  if (application.programId) summary.programId = application.programId;
  if (choices.teacherId) summary.teacherId = choices.teacherId;
  if (application.courseId) summary.courseId = application.courseId;
  if (application.periodId) summary.periodId = application.periodId;
  if (personal.familyName) summary.familyName = personal.familyName;
  if (personal.givenNames) summary.givenNames = personal.givenNames;
  if (personal.nameJa) summary.nameJa = personal.nameJa;
  if (personal.nationalityId) summary.nationalityId = personal.nationalityId;
  if (application.submittedAt) summary.submittedAt = application.submittedAt;
  return summary;
}

/** A reference as typed or read out: any width and case, separators anywhere, O as 0 and I or L as 1. */
const referenceSymbols = (text: string) =>
  text
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\-‐‑‒–—―−ー－_.・]/gu, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
const referenceShape = /^[RMDX][0-9]{2}[0-9A-HJKMNP-TV-Z]{8}$/;
/** The words of a name search, and the names searched, as the server stores them: NFKC, lower case. */
const words = (text: string) => text.normalize('NFKC').toLowerCase().split(/\s+/u).filter(Boolean);
const searchName = (summary: StaffApplicationSummary) =>
  [summary.familyName ?? '', summary.givenNames ?? '', summary.nameJa ?? '']
    .join(' ')
    .normalize('NFKC')
    .toLowerCase();

const integer = /^[1-9][0-9]{0,8}$/;
const queryRules: Record<keyof Query, (value: string) => boolean> = {
  status: (v) =>
    ['submitted', 'underReview', 'returned', 'resubmitted', 'decided', 'withdrawn', 'draft'].includes(v),
  kind: (v) => ['researchStudent', 'master', 'doctoral', 'exchange'].includes(v),
  programme: (v) => integer.test(v),
  course: (v) => integer.test(v),
  period: (v) => /^[a-z0-9][a-z0-9-]{0,62}$/.test(v),
  nationality: (v) => integer.test(v),
  consent: (v) =>
    ['notRequired', 'notAsked', 'requested', 'accepted', 'declined', 'expired', 'withdrawn'].includes(v),
  q: (v) => v.length >= 1 && v.length <= 100,
  sort: (v) => ['submitted', '-submitted', 'reference', '-reference'].includes(v),
  page: (v) => integer.test(v) && Number(v) <= 10_000,
  pageSize: (v) => integer.test(v) && Number(v) <= 100,
};

/** The list's query read as the server reads it: a parameter it does not know, or a value off its schema, is refused. */
export function readStaffListQuery(
  params: URLSearchParams,
): { ok: true; query: Query } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const query: Record<string, string | number> = {};
  for (const [key, value] of params) {
    const rule = queryRules[key as keyof Query];
    if (!rule) errors.push({ field: 'query', code: 'unknown_field' });
    else if (!rule(value)) errors.push({ field: key, code: 'invalid' });
    else
      query[key] = ['programme', 'course', 'nationality', 'page', 'pageSize'].includes(key)
        ? Number(value)
        : value;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, query: query as Query };
}

/**
 * The programme options whose applications need the supervisor's consent in the fixture world (as an operator
 * sets them with `npm run consent`): the doctoral and the research student ones.
 */
const MOCK_CONSENT_PROGRAMMES: readonly number[] = [21, 31];

/** What the consent filter reads: which programme options require consent, and the requests made. */
interface ConsentFacts {
  requiredProgrammes: readonly number[];
  requests: readonly StaffConsentRequest[];
}

/**
 * Where an application stands with the supervisor's consent, as the server's filter reads it: not required by
 * its programme option, required and not asked, or the status of its latest request.
 */
function consentStateOf(
  summary: Pick<StaffApplicationSummary, 'id' | 'programId'>,
  facts: ConsentFacts,
): NonNullable<Query['consent']> {
  if (summary.programId === undefined || !facts.requiredProgrammes.includes(summary.programId))
    return 'notRequired';
  const latest = facts.requests
    .filter((request) => request.applicationId === summary.id)
    .sort((a, b) => (a.requestedAt < b.requestedAt ? 1 : -1))[0];
  return latest?.status ?? 'notAsked';
}

/**
 * One page of the applications that match, as the server answers listStaffApplications: drafts never; each
 * filter one value, all combined; `q` a reference (when it reads as one) or every word somewhere in the name;
 * newest submission first unless sorted otherwise; 25 a page.
 */
export function listStaffFixture(
  applications: readonly StaffApplication[],
  query: Query = {},
  consent: ConsentFacts = { requiredProgrammes: MOCK_CONSENT_PROGRAMMES, requests: [] },
): Schemas['StaffApplicationList'] {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 25;
  const symbols = query.q === undefined ? '' : referenceSymbols(query.q);
  const byReference = referenceShape.test(symbols);
  const matching = applications
    .filter((application) => application.status !== 'draft')
    .map(staffSummaryOf)
    .filter(
      (s) =>
        (!query.status || s.status === query.status) &&
        (!query.kind || s.studentType === query.kind) &&
        (query.programme === undefined || s.programId === query.programme) &&
        (query.course === undefined || s.courseId === query.course) &&
        (!query.period || s.periodId === query.period) &&
        (query.nationality === undefined || s.nationalityId === query.nationality) &&
        (!query.consent || consentStateOf(s, consent) === query.consent) &&
        (query.q === undefined ||
          (byReference
            ? referenceSymbols(s.reference ?? '') === symbols
            : words(query.q).every((word) => searchName(s).includes(word)))),
    );
  const sort = query.sort ?? '-submitted';
  const key =
    sort.replace('-', '') === 'reference'
      ? (s: StaffApplicationSummary) => s.reference ?? ''
      : (s: StaffApplicationSummary) => s.submittedAt ?? '';
  const direction = sort.startsWith('-') ? -1 : 1;
  matching.sort((a, b) => direction * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : 1));
  return {
    applications: matching.slice((page - 1) * pageSize, page * pageSize),
    total: matching.length,
    page,
    pageSize,
  };
}

export interface StaffWorldOptions {
  /** Who is signed in at first: the desk member (the default), no one, or an account still without a second factor. */
  session?: 'desk' | 'signedOut' | 'secondFactorRequired';
  /**
   * The signed-in member's role: the desk (the default), or the supervisor who is teacher
   * {@link MOCK_SUPERVISOR_TEACHER_ID} (the applications and consent requests naming them; decides consent,
   * neither returns nor decides an application).
   */
  role?: 'desk' | 'supervisor';
  /** The applications (the 42 fixtures by default). */
  applications?: StaffApplication[];
  /** The consent requests (the fixtures by default). */
  consentRequests?: StaffConsentRequest[];
  /** The programme options that require consent ({@link MOCK_CONSENT_PROGRAMMES} by default). */
  consentProgrammes?: readonly number[];
  /** The mocks' clock (a return's due date must be after it). */
  now?: () => Date;
}

/** A 1×1 grey PNG: a preview's place in a story (the mock re-encodes nothing). */
const png = () =>
  Uint8Array.from(
    atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg=='),
    (c) => c.charCodeAt(0),
  );

const application = (world: StaffApplication[], id: string) => world.find((item) => item.id === id);
const reviewable = (status: StaffApplication['status']) =>
  status === 'submitted' || status === 'underReview' || status === 'resubmitted';

/**
 * The staff API over an in-memory world, as the provider behaves: a session that signs in with
 * {@link mockStaffCredentials} (the password, then the code), the applications the desk sees, and the
 * actions that change them (a return, a decision, a note), each with its history entry.
 */
export function staffWorld(options: StaffWorldOptions = {}) {
  const now = options.now ?? (() => MOCK_STAFF_NOW);
  const applications = options.applications ?? staffFixtureApplications();
  const consentRequests = options.consentRequests ?? staffFixtureConsentRequests();
  const role = options.role ?? 'desk';
  const supervisor = role === 'supervisor';
  /** What the role reaches (docs/security.md#staff): a supervisor only what names them. */
  const inReach = (teacherId: number | undefined) => !supervisor || teacherId === MOCK_SUPERVISOR_TEACHER_ID;
  const reachable = () => applications.filter((item) => inReach(item.answers.choices.teacherId));
  const consentRequest = (id: string) =>
    consentRequests.find((item) => item.id === id && inReach(item.teacherId));
  let session: 'desk' | 'signedOut' | 'secondFactorRequired' | 'secondStep' = options.session ?? 'desk';
  const actor = { staffId: supervisor ? '7' : '3', role } as const;
  /** The member's own mail settings: the daily summary is on until they turn it off. */
  let preferences: StaffPreferences = { dailySummary: true };
  const signedIn = () => session === 'desk';
  /** The gate of every operation of the role: 401 without a session, 403 before a second factor. */
  const refused = () =>
    session === 'signedOut' || session === 'secondStep'
      ? noSession()
      : session === 'secondFactorRequired'
        ? staffProblem(403, 'second-factor-required', 'Set up a passkey or an authenticator app first.', {
            code: 'second_factor_required',
          })
        : undefined;
  const sessionBody = () => ({
    ...exampleStaffSession,
    ...(supervisor ? { role, teacherId: MOCK_SUPERVISOR_TEACHER_ID } : {}),
    secondFactorRequired: session === 'secondFactorRequired',
  });
  /** The screening and its history entries are the desk's alone (docs/security.md#staff). */
  const seen = (item: StaffApplication): StaffApplication => {
    if (role === 'desk') return item;
    const { screening: _screening, ...rest } = item;
    return { ...rest, history: item.history.filter((entry) => entry.screening === undefined) };
  };
  const opened = (item: StaffApplication) => {
    if (item.status === 'submitted' || item.status === 'resubmitted')
      item.history.push({ status: 'underReview', at: now().toISOString(), actor });
  };

  const handlers = [
    staffHttp.post('/api/staff/sessions', async ({ request, response }) => {
      const { email, password } = await request.json();
      if (email.toLowerCase() !== mockStaffCredentials.email || password !== mockStaffCredentials.password)
        return staffProblem(403, 'wrong-password', 'The password is incorrect.');
      session = 'secondStep';
      return response(200).json({ signedIn: false, secondStep: ['authenticatorApp', 'recoveryCode'] });
    }),
    staffHttp.post('/api/staff/sessions/second-step', async ({ request, response }) => {
      if (session !== 'secondStep')
        return staffProblem(401, 'no-second-step', 'Sign in again.', { code: 'no_second_step' });
      const body = await request.json();
      const right =
        ('code' in body && body.code === mockStaffCredentials.code) ||
        ('recoveryCode' in body &&
          body.recoveryCode.toLowerCase().replace(/[\s-]/g, '') ===
            mockStaffCredentials.recoveryCode.replace(/-/g, ''));
      if (!right) return staffProblem(403, 'wrong-code', 'The code is not correct.', { code: 'wrong_code' });
      session = 'desk';
      return response(200).json({ signedIn: true, email: mockStaffCredentials.email });
    }),
    staffHttp.post('/api/staff/sessions/second-step/options', ({ response }) =>
      session === 'secondStep'
        ? response(200).json({
            challenge: 'c2VydmVyLWNoYWxsZW5nZQ',
            rpId: 'localhost',
            userVerification: 'required' as const,
            timeout: 60000,
          })
        : staffProblem(401, 'no-second-step', 'Sign in again.', { code: 'no_second_step' }),
    ),
    staffHttp.delete('/api/staff/sessions', ({ response }) => {
      session = 'signedOut';
      return response(204).empty();
    }),
    staffHttp.get('/api/staff/sessions/current', ({ response }) =>
      session === 'desk' || session === 'secondFactorRequired'
        ? response(200).json(sessionBody())
        : noSession(),
    ),
    staffHttp.post('/api/staff/sessions/current', ({ response }) =>
      session === 'desk' || session === 'secondFactorRequired'
        ? response(200).json(sessionBody())
        : noSession(),
    ),
    staffHttp.get('/api/staff/invitations/{token}', ({ params, response }) =>
      params.token === 'expired'
        ? staffProblem(404, 'token-not-found', 'The link is not valid.')
        : response(200).json({
            email: 'office.informatics@example.ac.jp',
            role: 'office' as const,
            officeId: 2,
            expiresAt: '2027-01-27T01:00:00.000Z',
          }),
    ),
    staffHttp.patch('/api/staff/invitations/{token}', ({ params, response }) =>
      params.token === 'expired'
        ? staffProblem(404, 'token-not-found', 'The link is not valid.')
        : response(204).empty(),
    ),
    staffHttp.post('/api/staff/passkeys/options', ({ response }) =>
      session === 'desk' || session === 'secondFactorRequired'
        ? response(200).json({
            challenge: 'c2VydmVyLWNoYWxsZW5nZQ',
            rp: { name: 'Pre-admission Support', id: 'localhost' },
            user: {
              id: 'c3RhZmYtMw',
              name: mockStaffCredentials.email,
              displayName: mockStaffCredentials.email,
            },
            pubKeyCredParams: [{ type: 'public-key' as const, alg: -7 }],
            authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
          })
        : noSession(),
    ),
    staffHttp.post('/api/staff/passkeys', async ({ request, response }) => {
      if (!(session === 'desk' || session === 'secondFactorRequired')) return noSession();
      const { name } = await request.json();
      session = 'desk';
      return response(201).json({
        id: 'pk-1',
        name,
        createdAt: now().toISOString(),
        lastUsedAt: null,
        synced: true,
      });
    }),
    staffHttp.post('/api/staff/authenticator-app/setup', ({ response }) =>
      session === 'desk' || session === 'secondFactorRequired'
        ? response(200).json({
            key: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
            uri: 'otpauth://totp/Pre-admission%20Support:desk01%40example.ac.jp?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Pre-admission%20Support&algorithm=SHA1&digits=6&period=30',
          })
        : noSession(),
    ),
    staffHttp.put('/api/staff/authenticator-app', async ({ request, response }) => {
      if (!(session === 'desk' || session === 'secondFactorRequired')) return noSession();
      const { code } = await request.json();
      if (code !== mockStaffCredentials.code)
        return staffProblem(403, 'wrong-code', 'The code is not correct.', { code: 'wrong_code' });
      session = 'desk';
      return response(200).json({
        recoveryCodes: Array.from({ length: 10 }, (_, i) => `7fkq-2m9x-hd${String(i).padStart(2, '0')}`),
      });
    }),
    staffHttp.get(
      '/api/staff/accounts',
      ({ response }) =>
        refused() ??
        response(200).json({
          accounts: [
            {
              id: '3',
              email: mockStaffCredentials.email,
              role: 'desk' as const,
              status: 'active' as const,
              secondFactor: true,
            },
            {
              id: '4',
              email: 'office.informatics@example.ac.jp',
              role: 'office' as const,
              officeId: 2,
              status: 'invited' as const,
              secondFactor: false,
            },
          ],
        }),
    ),
    staffHttp.get('/api/staff/applications', ({ request, response }) => {
      const gate = refused();
      if (gate) return gate;
      const read = readStaffListQuery(new URL(request.url).searchParams);
      if (!read.ok) return validation(read.errors);
      return response(200).json(
        listStaffFixture(reachable(), read.query, {
          requiredProgrammes: options.consentProgrammes ?? MOCK_CONSENT_PROGRAMMES,
          requests: consentRequests,
        }),
      );
    }),
    staffHttp.get('/api/staff/applications/{applicationId}', ({ params, response }) => {
      const gate = refused();
      if (gate) return gate;
      const found = application(reachable(), params.applicationId);
      return found && found.status !== 'draft' ? response(200).json(seen(found)) : notFound();
    }),
    staffHttp.get('/api/staff/applications/{applicationId}/documents/{documentId}', ({ params }) => {
      const gate = refused();
      if (gate) return gate;
      const found = application(reachable(), params.applicationId)?.documents.find(
        (d) => d.id === params.documentId,
      );
      if (!found)
        return staffProblem(404, 'not-found', 'The document was not found.', {
          code: 'document_not_found',
        });
      return new Response(found.mediaType === 'application/pdf' ? '%PDF-1.7\n' : png(), {
        headers: {
          'Content-Type': found.mediaType,
          'Content-Disposition': `attachment; filename="${found.fileName}"`,
        },
      });
    }),
    staffHttp.get('/api/staff/applications/{applicationId}/documents/{documentId}/preview', ({ params }) => {
      const gate = refused();
      if (gate) return gate;
      const found = application(reachable(), params.applicationId)?.documents.find(
        (d) => d.id === params.documentId,
      );
      if (!found?.hasPreview)
        return staffProblem(404, 'not-found', 'The document was not found.', {
          code: 'document_not_found',
        });
      return new Response(png(), { headers: { 'Content-Type': 'image/png' } });
    }),
    staffHttp.post(
      '/api/staff/applications/{applicationId}/return',
      async ({ params, request, response }) => {
        const gate = refused() ?? (supervisor ? roleRefused() : undefined);
        if (gate) return gate;
        const found = application(applications, params.applicationId);
        if (!found || found.status === 'draft') return notFound();
        const body = await request.json();
        const errors: FieldError[] = [];
        if (body.sections.length === 0 && body.documentIds.length === 0)
          errors.push({ field: 'sections', code: 'required' });
        body.documentIds.forEach((documentId, index) => {
          if (!found.documents.some((d) => d.id === documentId))
            errors.push({ field: `documentIds.${index}`, code: 'unknown_document' });
        });
        if (!(new Date(body.dueAt).getTime() > now().getTime()))
          errors.push({ field: 'dueAt', code: 'past' });
        if (errors.length > 0) return validation(errors);
        if (found.status === 'decided') return conflict('already_decided');
        if (!reviewable(found.status)) return conflict('not_reviewable');
        opened(found);
        const at = now().toISOString();
        found.status = 'returned';
        found.reopened = body;
        found.updatedAt = at;
        found.history.push({ status: 'returned', at, actor, reopened: body });
        return response(200).json(seen(found));
      },
    ),
    staffHttp.put(
      '/api/staff/applications/{applicationId}/decision',
      async ({ params, request, response }) => {
        const gate = refused() ?? (supervisor ? roleRefused() : undefined);
        if (gate) return gate;
        const found = application(applications, params.applicationId);
        if (!found || found.status === 'draft') return notFound();
        const body = await request.json();
        const reason =
          body.reasonId === undefined ? undefined : staffFixtureLists.rejectReasons[body.reasonId];
        if (body.outcome === 'notAccepted' && body.reasonId === undefined)
          return validation([{ field: 'reasonId', code: 'required' }]);
        if (body.outcome === 'accepted' && body.reasonId !== undefined)
          return validation([{ field: 'reasonId', code: 'not_allowed' }]);
        if (body.reasonId !== undefined && !reason)
          return validation([{ field: 'reasonId', code: 'unknown_reason' }]);
        if (found.status === 'decided') return conflict('already_decided');
        if (!reviewable(found.status)) return conflict('not_reviewable');
        if (body.outcome === 'accepted' && found.screening?.result === 'needs_review') {
          if (found.screening.waiting) return screeningPending('screening_outcome_required');
          if (found.screening.outcome?.outcome === 'not_cleared')
            return screeningPending('screening_not_cleared');
        }
        opened(found);
        const at = now().toISOString();
        const decision: Schemas['Decision'] = {
          outcome: body.outcome,
          ...(reason ? { reason } : {}),
          ...(body.message ? { message: body.message } : {}),
        };
        found.status = 'decided';
        found.decision = decision;
        delete found.reopened;
        found.updatedAt = at;
        found.history.push({ status: 'decided', at, actor, decision });
        return response(200).json(seen(found));
      },
    ),
    staffHttp.put(
      '/api/staff/applications/{applicationId}/screening/outcome',
      async ({ params, request, response }) => {
        const gate = refused() ?? (role === 'desk' ? undefined : roleRefused());
        if (gate) return gate;
        const found = application(applications, params.applicationId);
        if (!found || found.status === 'draft') return notFound();
        const body = await request.json();
        if (body.reason.trim() === '') return validation([{ field: 'reason', code: 'required' }]);
        const screening = found.screening;
        if (!screening?.waiting)
          return staffProblem(
            409,
            'screening-conflict',
            'No screening of this application waits for an outcome.',
            {
              code: 'no_screening_waiting',
            },
          );
        const at = now().toISOString();
        screening.waiting = false;
        screening.outcome = { outcome: body.outcome, reason: body.reason.trim(), staffId: actor.staffId, at };
        found.history.push({
          status: found.status,
          at,
          actor,
          screening: { event: 'outcome', outcome: body.outcome, reason: screening.outcome.reason },
        });
        return response(200).json(screening);
      },
    ),
    staffHttp.post('/api/staff/applications/{applicationId}/notes', async ({ params, request, response }) => {
      const gate = refused();
      if (gate) return gate;
      const found = application(reachable(), params.applicationId);
      if (!found || found.status === 'draft') return notFound();
      const { text } = await request.json();
      if (text.trim() === '') return validation([{ field: 'text', code: 'required' }]);
      const note = { at: now().toISOString(), actor, text };
      found.notes.push(note);
      return response(201).json(note);
    }),
    staffHttp.get('/api/staff/consent-requests', ({ request, response }) => {
      const gate = refused();
      if (gate) return gate;
      const errors: FieldError[] = [];
      let status: ConsentStatus | undefined;
      for (const [key, value] of new URL(request.url).searchParams) {
        if (key !== 'status') errors.push({ field: 'query', code: 'unknown_field' });
        else if (!consentStatuses.includes(value as ConsentStatus))
          errors.push({ field: 'status', code: 'invalid' });
        else status = value as ConsentStatus;
      }
      if (errors.length > 0) return validation(errors);
      const listed = consentRequests
        .filter((item) => inReach(item.teacherId) && (status === undefined || item.status === status))
        .sort((a, b) => (a.requestedAt < b.requestedAt ? 1 : a.requestedAt > b.requestedAt ? -1 : 0));
      return response(200).json({ requests: listed });
    }),
    staffHttp.get('/api/staff/consent-requests/{consentRequestId}', ({ params, response }) => {
      const gate = refused();
      if (gate) return gate;
      const found = consentRequest(params.consentRequestId);
      return found ? response(200).json(found) : consentNotFound();
    }),
    staffHttp.get('/api/staff/consent-requests/{consentRequestId}/research-plan', ({ params }) => {
      const gate = refused();
      if (gate) return gate;
      const found = consentRequest(params.consentRequestId);
      if (!found) return consentNotFound();
      if (!found.researchPlan)
        return staffProblem(404, 'not-found', 'The document was not found.', {
          code: 'document_not_found',
        });
      return new Response('%PDF-1.7\n', {
        headers: {
          'Content-Type': found.researchPlan.mediaType,
          'Content-Disposition': `attachment; filename="${found.researchPlan.fileName}"`,
        },
      });
    }),
    staffHttp.put(
      '/api/staff/consent-requests/{consentRequestId}/decision',
      async ({ params, request, response }) => {
        const gate = refused() ?? (supervisor ? undefined : roleRefused());
        if (gate) return gate;
        const found = consentRequest(params.consentRequestId);
        if (!found) return consentNotFound();
        const body = await request.json();
        if (body.outcome === 'declined' && body.reasonId === undefined)
          return validation([{ field: 'reasonId', code: 'required' }]);
        if (body.outcome === 'accepted' && body.reasonId !== undefined)
          return validation([{ field: 'reasonId', code: 'not_allowed' }]);
        const reason =
          body.reasonId === undefined ? undefined : staffFixtureLists.rejectReasons[body.reasonId];
        if (body.reasonId !== undefined && !reason)
          return validation([{ field: 'reasonId', code: 'unknown_reason' }]);
        // Past its expiry the request is closed even before housekeeping marks it (as the server checks).
        if (found.status !== 'requested' || new Date(found.expiresAt).getTime() <= now().getTime())
          return staffProblem(409, 'consent-conflict', 'The consent request cannot be changed.', {
            code: 'consent_not_pending',
          });
        found.status = body.outcome;
        found.closedAt = now().toISOString();
        found.decidedBy = actor;
        if (reason) found.reason = reason;
        if (body.message) found.response = body.message;
        return response(200).json(found);
      },
    ),
    staffHttp.get('/api/staff/preferences', ({ response }) => refused() ?? response(200).json(preferences)),
    staffHttp.put('/api/staff/preferences', async ({ request, response }) => {
      const gate = refused();
      if (gate) return gate;
      preferences = await request.json();
      return response(200).json(preferences);
    }),
  ];

  return {
    applications,
    consentRequests,
    handlers,
    signedIn,
    signOut: () => (session = 'signedOut'),
  };
}

/** A request that never answers: a screen's pending state. */
export async function staffNever(): Promise<never> {
  await delay('infinite');
  throw new Error('unreachable');
}

/**
 * The default set for Storybook and tests: a signed-in desk member and the 42 fixture applications. Each
 * call makes a fresh world (a story's actions change only its own).
 */
export const staffHandlers = () => staffWorld().handlers;
