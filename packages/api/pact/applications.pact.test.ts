// The applicant's applications (issue 38; openapi.yaml tag applications; docs/behaviour.md#error-catalogue
// application rows): the periods, the list, start, read, save, discard, submit, withdraw, and the documents
// (upload, removal, the download and the preview the browser fetches). Each id in a path is the one the
// provider state made (`applicationId`, `documentId`); each 404, 403 and 409 the screens map is pinned with
// the state that brings it about.
import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect } from 'vitest';
import {
  applicationPath,
  codedProblem,
  createPact,
  dateTime,
  documentPath,
  EXAMPLE_APPLICATION_ID,
  EXAMPLE_DOCUMENT_ID,
  expectFailure,
  int,
  interactionTest,
  jsonResponse,
  multipartBody,
  noSession,
  oneOf,
  states,
  validationProblem,
  type Answer,
} from './support/pact';

const { arrayContaining, eachLike, like, regex } = MatchersV3;
const pact = createPact();

const applications = '/api/applicant/applications';
const OPAQUE_ID = '^[A-Za-z0-9_-]{22}$';
const REFERENCE = '^[RMDX][0-9]{2}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$';
const CREATED_AT = '2026-11-28T02:00:00.000Z';
const UPDATED_AT = '2026-12-01T03:15:00.000Z';
const statuses = [
  'draft',
  'submitted',
  'underReview',
  'returned',
  'resubmitted',
  'decided',
  'withdrawn',
] as const;
const sections = ['choices', 'personal', 'contact', 'education', 'documents', 'declarations'] as const;
const mediaTypes = ['application/pdf', 'image/jpeg', 'image/png', 'image/gif'] as const;

const applicationId = regex(OPAQUE_ID, EXAMPLE_APPLICATION_ID);
const json = (status: number, body: unknown): Answer => ({
  status,
  build: (builder) => {
    builder.headers(jsonResponse).jsonBody(body);
  },
});

/** One file of a slot, matched by type; the kind of slot and the media type are values the screens switch on. */
const documentBody = (example: { mediaType: (typeof mediaTypes)[number]; hasPreview: boolean }) => ({
  id: regex(OPAQUE_ID, EXAMPLE_DOCUMENT_ID),
  slotKind: oneOf(['certificate', 'material'], 'certificate'),
  slotTypeId: int(311),
  fileName: like('graduation-certificate.pdf'),
  mediaType: oneOf(mediaTypes, example.mediaType),
  size: int(482113),
  uploadedAt: dateTime('2026-12-01T03:12:00.000Z'),
  hasPreview: like(example.hasPreview),
});

/** What the list shows of an application: its status pinned (the screens switch on it), the rest by type. */
const summaryBody = (status: (typeof statuses)[number]) => ({
  id: applicationId,
  status,
  studentType: oneOf(['researchStudent', 'master', 'doctoral', 'exchange'], 'master'),
  programId: int(11),
  createdAt: dateTime(CREATED_AT),
  updatedAt: dateTime(UPDATED_AT),
  history: like([]),
});
const sentBody = (status: (typeof statuses)[number]) => ({
  ...summaryBody(status),
  periodId: like('2027-april-master'),
  reference: regex(REFERENCE, 'M27-4KX7-9QF2'),
  submittedAt: dateTime(UPDATED_AT),
  history: eachLike({ status: oneOf(statuses, 'submitted'), at: dateTime(UPDATED_AT) }),
});
/** The answers: every section present (a section never saved is an empty object), matched by type. */
const answersBody = like({
  choices: { programId: 11 },
  personal: {},
  contact: {},
  education: { entries: [] },
  declarations: {},
});
const draftBody = { ...summaryBody('draft'), answers: answersBody, documents: like([]) };
const sentApplication = (status: (typeof statuses)[number], extra: object = {}) => ({
  ...sentBody(status),
  answers: answersBody,
  documents: like([]),
  ...extra,
});

const notFound = (code: 'application_not_found' | 'document_not_found') =>
  codedProblem(404, 'not-found', 'The application was not found.', code);
const conflict = (code: string) =>
  codedProblem(409, 'application-conflict', 'The application cannot be changed in its present state.', code);
const required = codedProblem(
  403,
  'second-factor-required',
  'Set up a passkey or an authenticator app first.',
  'second_factor_required',
);
const mustAddSecondFactor = { failure: 'secondFactorRequired', status: 403 };

// What the adapter sends: the contract's example ids stand in for the provider state's.
const id = EXAMPLE_APPLICATION_ID;
const reason = { reason: 'I have accepted an offer from another university.' };

/** A one-page PDF, small and whole (the server decides the type by the bytes). */
const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>\nendobj\nxref\n0 4\n0000000000 65535 f \n0000000009 00000 n \n0000000058 00000 n \n0000000115 00000 n \ntrailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n186\n%%EOF\n',
);
/** The start of an iPhone photo (an ISO-BMFF `ftyp` box of brand heic): refused as `heic`. */
const heic = Buffer.from([
  0x00, 0x00, 0x00, 0x18, 0x66, 0x74, 0x79, 0x70, 0x68, 0x65, 0x69, 0x63, 0x00, 0x00, 0x00, 0x00, 0x6d, 0x69,
  0x66, 0x31, 0x68, 0x65, 0x69, 0x63,
]);
const slot = (slotTypeId: number) => ({
  slotKind: { pattern: '^(certificate|material)$', example: 'certificate' },
  slotTypeId: { pattern: '^[0-9]+$', example: String(slotTypeId) },
});
const upload = (name: string, type: string, content: Buffer, slotTypeId = 311) => ({
  multipart: multipartBody(slot(slotTypeId), { name, type, content }),
  request: {
    slotKind: 'certificate' as const,
    slotTypeId,
    file: new File([new Uint8Array(content)], name, { type }),
  },
});
const certificate = upload('graduation-certificate.pdf', 'application/pdf', pdf);
// Declared as image/heif: the mock server matches a file part by the type it detects in the bytes.
const iphonePhoto = upload('IMG_0001.HEIC', 'image/heif', heic);
const unofferedSlot = upload('graduation-certificate.pdf', 'application/pdf', pdf, 999999);

describe('the application periods', () => {
  interactionTest(pact, 'lists the periods: 200 with each period and its state', {
    given: [states.draftApplication],
    uponReceiving: 'a GET of the application periods',
    request: { method: 'GET', path: '/api/application-periods' },
    response: json(
      200,
      eachLike({
        id: like('2027-april-master'),
        programId: int(11),
        opensAt: dateTime('2026-10-31T15:00:00.000Z'),
        closesAt: dateTime('2027-01-15T08:00:00.000Z'),
        state: oneOf(['upcoming', 'open', 'closed'], 'open'),
      }),
    ),
    test: async (api) => {
      expect(await api.listApplicationPeriods()).toEqual({
        ok: true,
        data: [
          {
            id: '2027-april-master',
            programId: 11,
            opensAt: new Date('2026-10-31T15:00:00.000Z'),
            closesAt: new Date('2027-01-15T08:00:00.000Z'),
            state: 'open',
          },
        ],
      });
    },
  });
});

describe('the list of applications', () => {
  interactionTest(pact, 'lists the applications: 200 with each one’s status', {
    given: [states.draftApplication],
    uponReceiving: 'a GET of the applications of an applicant with a draft',
    request: { method: 'GET', path: applications, signedIn: true },
    response: json(200, { applications: eachLike(summaryBody('draft')) }),
    test: async (api) => {
      expect(await api.listApplications()).toMatchObject({
        ok: true,
        data: [{ id, status: 'draft', createdAt: new Date(CREATED_AT) }],
      });
    },
  });

  interactionTest(pact, 'lists the applications without a valid session: 404 sends the applicant back to /', {
    given: [states.sessionRevoked],
    uponReceiving: 'a GET of the applications with the cookie of a revoked session',
    request: { method: 'GET', path: applications, signedIn: true },
    response: noSession(404),
    test: async (api) => expectFailure(await api.listApplications(), { failure: 'noSession', status: 404 }),
  });

  interactionTest(pact, 'lists the applications: 403 second_factor_required', {
    given: [states.secondFactorMissing],
    uponReceiving: 'a GET of the applications of an account that must add a second factor first',
    request: { method: 'GET', path: applications, signedIn: true },
    response: required,
    test: async (api) => expectFailure(await api.listApplications(), mustAddSecondFactor),
  });
});

describe('starting an application', () => {
  interactionTest(pact, 'starts a master’s application from the plan: 201 with the draft', {
    given: [states.savedPlan],
    uponReceiving: 'a POST to start a master’s application with a saved plan',
    request: { method: 'POST', path: applications, body: { studentType: 'master' }, signedIn: true },
    response: json(201, draftBody),
    test: async (api) => {
      expect(await api.startApplication({ studentType: 'master' })).toMatchObject({
        ok: true,
        data: { status: 'draft', studentType: 'master', answers: { choices: { programId: 11 } } },
      });
    },
  });

  interactionTest(pact, 'starts a second draft of a kind: 409 draft_exists names the open one', {
    given: [states.draftApplication],
    uponReceiving: 'a POST to start a master’s application while a master’s draft is open',
    request: { method: 'POST', path: applications, body: { studentType: 'master' }, signedIn: true },
    response: {
      status: 409,
      build: (builder) => {
        builder
          .headers({
            'Content-Type': regex('^application/problem\\+json(;.*)?$', 'application/problem+json'),
          })
          .jsonBody({
            type: like('urn:pre-admission:problem:application-conflict'),
            title: like('The application cannot be changed in its present state.'),
            status: 409,
            code: 'draft_exists',
            applicationId: MatchersV3.fromProviderState('${applicationId}', EXAMPLE_APPLICATION_ID),
          });
      },
    },
    test: async (api) => {
      const outcome = await api.startApplication({ studentType: 'master' });
      expectFailure(outcome, { failure: 'draftExists', status: 409 });
      expect(outcome).toMatchObject({ applicationId: id });
    },
  });

  interactionTest(pact, 'starts an application without a valid session: 404 sends the applicant back to /', {
    given: [states.sessionRevoked],
    uponReceiving: 'a POST to start an application with the cookie of a revoked session',
    request: { method: 'POST', path: applications, body: { studentType: 'master' }, signedIn: true },
    response: noSession(404),
    test: async (api) =>
      expectFailure(await api.startApplication({ studentType: 'master' }), {
        failure: 'noSession',
        status: 404,
      }),
  });

  interactionTest(pact, 'starts an application: 403 second_factor_required', {
    given: [states.secondFactorMissing],
    uponReceiving: 'a POST to start an application of an account that must add a second factor first',
    request: { method: 'POST', path: applications, body: { studentType: 'master' }, signedIn: true },
    response: required,
    test: async (api) =>
      expectFailure(await api.startApplication({ studentType: 'master' }), mustAddSecondFactor),
  });
});

describe('reading an application', () => {
  interactionTest(pact, 'reads a draft: 200 with its answers and documents', {
    given: [states.draftApplication],
    uponReceiving: 'a GET of the applicant’s draft',
    request: { method: 'GET', path: applicationPath(), signedIn: true },
    response: json(200, draftBody),
    test: async (api) => {
      expect(await api.getApplication(id)).toMatchObject({
        ok: true,
        data: { id, status: 'draft', updatedAt: new Date(UPDATED_AT), documents: [] },
      });
    },
  });

  interactionTest(pact, 'reads an application returned for changes: 200 with what is reopened until when', {
    given: [states.returnedApplication],
    uponReceiving: 'a GET of an application returned for changes',
    request: { method: 'GET', path: applicationPath(), signedIn: true },
    response: json(
      200,
      sentApplication('returned', {
        reopened: {
          sections: eachLike(oneOf(sections, 'documents')),
          documentIds: eachLike(regex(OPAQUE_ID, EXAMPLE_DOCUMENT_ID)),
          dueAt: dateTime('2026-12-08T08:00:00.000Z'),
          message: like('Please upload the graduation certificate with the university’s seal.'),
        },
        documents: eachLike(documentBody({ mediaType: 'application/pdf', hasPreview: false })),
      }),
    ),
    test: async (api) => {
      expect(await api.getApplication(id)).toMatchObject({
        ok: true,
        data: {
          status: 'returned',
          reference: 'M27-4KX7-9QF2',
          reopened: { sections: ['documents'], documentIds: [EXAMPLE_DOCUMENT_ID], dueAt: expect.any(Date) },
        },
      });
    },
  });

  interactionTest(pact, 'reads a decided application: 200 with the decision', {
    given: [states.decidedApplication],
    uponReceiving: 'a GET of a decided application',
    request: { method: 'GET', path: applicationPath(), signedIn: true },
    response: json(
      200,
      sentApplication('decided', { decision: { outcome: oneOf(['accepted', 'notAccepted'], 'accepted') } }),
    ),
    test: async (api) => {
      expect(await api.getApplication(id)).toMatchObject({
        ok: true,
        data: { status: 'decided', decision: { outcome: 'accepted' } },
      });
    },
  });

  interactionTest(
    pact,
    'reads another applicant’s application: 404 application_not_found, as an unknown id',
    {
      given: [states.othersApplication],
      uponReceiving: 'a GET of an application of another account',
      request: { method: 'GET', path: applicationPath(), signedIn: true },
      response: notFound('application_not_found'),
      test: async (api) =>
        expectFailure(await api.getApplication(id), { failure: 'applicationNotFound', status: 404 }),
    },
  );

  interactionTest(pact, 'reads an application without a valid session: 404 sends the applicant back to /', {
    given: [states.sessionRevoked],
    uponReceiving: 'a GET of an application with the cookie of a revoked session',
    request: { method: 'GET', path: `${applications}/${EXAMPLE_APPLICATION_ID}`, signedIn: true },
    response: noSession(404),
    test: async (api) => expectFailure(await api.getApplication(id), { failure: 'noSession', status: 404 }),
  });

  interactionTest(pact, 'reads an application: 403 second_factor_required', {
    given: [states.secondFactorMissing],
    uponReceiving: 'a GET of an application of an account that must add a second factor first',
    request: { method: 'GET', path: `${applications}/${EXAMPLE_APPLICATION_ID}`, signedIn: true },
    response: required,
    test: async (api) => expectFailure(await api.getApplication(id), mustAddSecondFactor),
  });
});

describe('saving sections', () => {
  const personal = {
    personal: {
      familyName: 'CHEN',
      givenNames: 'XIAOMING',
      dateOfBirth: '1999-04-02',
      nationalityId: 156,
      residenceCountryId: 156,
    },
  };

  interactionTest(pact, 'saves a section of a draft: 200 with the application as stored', {
    given: [states.draftApplication],
    uponReceiving: 'a PATCH of the personal details of a draft',
    request: { method: 'PATCH', path: applicationPath(), body: personal, signedIn: true },
    response: json(200, {
      ...draftBody,
      answers: like({
        ...personal,
        choices: { programId: 11 },
        contact: {},
        education: { entries: [] },
        declarations: {},
      }),
    }),
    test: async (api) => {
      expect(await api.saveApplicationAnswers(id, personal)).toMatchObject({
        ok: true,
        data: { status: 'draft', answers: personal },
      });
    },
  });

  // The rules' own check: teacher 102 takes research students only, so a master's programme does not offer him.
  const refused = { choices: { programId: 11, teacherId: 102 } };
  interactionTest(pact, 'saves a choice the rules do not offer: 400 names the field by its path', {
    given: [states.draftApplication],
    uponReceiving: 'a PATCH of a draft’s choices with a supervisor the programme does not offer',
    request: { method: 'PATCH', path: applicationPath(), body: refused, signedIn: true },
    response: validationProblem(eachLike({ field: 'choices.teacherId', code: 'not_offered' })),
    test: async (api) => {
      const outcome = await api.saveApplicationAnswers(id, refused);
      expectFailure(outcome, { failure: 'validation', status: 400 });
      expect(outcome).toMatchObject({ fieldErrors: [{ field: 'choices.teacherId', code: 'not_offered' }] });
    },
  });

  interactionTest(pact, 'saves a section of a submitted application: 409 not_editable', {
    given: [states.submittedApplication],
    uponReceiving: 'a PATCH of the personal details of a submitted application',
    request: { method: 'PATCH', path: applicationPath(), body: personal, signedIn: true },
    response: conflict('not_editable'),
    test: async (api) =>
      expectFailure(await api.saveApplicationAnswers(id, personal), { failure: 'notEditable', status: 409 }),
  });

  interactionTest(pact, 'saves another applicant’s application: 404 application_not_found', {
    given: [states.othersApplication],
    uponReceiving: 'a PATCH of an application of another account',
    request: { method: 'PATCH', path: applicationPath(), body: personal, signedIn: true },
    response: notFound('application_not_found'),
    test: async (api) =>
      expectFailure(await api.saveApplicationAnswers(id, personal), {
        failure: 'applicationNotFound',
        status: 404,
      }),
  });

  interactionTest(pact, 'saves a section: 403 second_factor_required', {
    given: [states.secondFactorMissing],
    uponReceiving: 'a PATCH of an application of an account that must add a second factor first',
    request: {
      method: 'PATCH',
      path: `${applications}/${EXAMPLE_APPLICATION_ID}`,
      body: personal,
      signedIn: true,
    },
    response: required,
    test: async (api) => expectFailure(await api.saveApplicationAnswers(id, personal), mustAddSecondFactor),
  });
});

describe('discarding a draft', () => {
  interactionTest(pact, 'discards a draft: 204', {
    given: [states.draftApplication],
    uponReceiving: 'a DELETE of a draft',
    request: { method: 'DELETE', path: applicationPath(), signedIn: true },
    response: { status: 204 },
    test: async (api) => {
      expect(await api.discardApplication(id)).toEqual({ ok: true, data: undefined });
    },
  });

  interactionTest(pact, 'discards a submitted application: 409 not_editable (it is withdrawn instead)', {
    given: [states.submittedApplication],
    uponReceiving: 'a DELETE of a submitted application',
    request: { method: 'DELETE', path: applicationPath(), signedIn: true },
    response: conflict('not_editable'),
    test: async (api) =>
      expectFailure(await api.discardApplication(id), { failure: 'notEditable', status: 409 }),
  });

  interactionTest(pact, 'discards another applicant’s application: 404 application_not_found', {
    given: [states.othersApplication],
    uponReceiving: 'a DELETE of an application of another account',
    request: { method: 'DELETE', path: applicationPath(), signedIn: true },
    response: notFound('application_not_found'),
    test: async (api) =>
      expectFailure(await api.discardApplication(id), { failure: 'applicationNotFound', status: 404 }),
  });

  interactionTest(pact, 'discards a draft: 403 second_factor_required', {
    given: [states.secondFactorMissing],
    uponReceiving: 'a DELETE of an application of an account that must add a second factor first',
    request: { method: 'DELETE', path: `${applications}/${EXAMPLE_APPLICATION_ID}`, signedIn: true },
    response: required,
    test: async (api) => expectFailure(await api.discardApplication(id), mustAddSecondFactor),
  });
});

describe('submitting', () => {
  interactionTest(pact, 'submits a complete draft while its period is open: 200 with the reference number', {
    given: [states.completeDraftApplication],
    uponReceiving: 'a POST to submit a complete draft whose period is open',
    request: { method: 'POST', path: applicationPath('/submission'), signedIn: true },
    response: json(
      200,
      sentApplication('submitted', {
        documents: eachLike(documentBody({ mediaType: 'application/pdf', hasPreview: false })),
      }),
    ),
    test: async (api) => {
      expect(await api.submitApplication(id)).toMatchObject({
        ok: true,
        data: {
          status: 'submitted',
          reference: 'M27-4KX7-9QF2',
          periodId: '2027-april-master',
          submittedAt: new Date(UPDATED_AT),
        },
      });
    },
  });

  interactionTest(pact, 'submits a draft with sections missing: 400 names each missing field', {
    given: [states.draftApplication],
    uponReceiving: 'a POST to submit a draft whose sections are not complete',
    request: { method: 'POST', path: applicationPath('/submission'), signedIn: true },
    response: validationProblem(eachLike({ field: like('personal.familyName'), code: like('required') })),
    test: async (api) => {
      const outcome = await api.submitApplication(id);
      expectFailure(outcome, { failure: 'validation', status: 400 });
      expect(outcome).toMatchObject({ fieldErrors: [{ field: 'personal.familyName', code: 'required' }] });
    },
  });

  interactionTest(pact, 'submits a complete draft after its period closed: 409 period_closed', {
    given: [states.completeDraftPeriodClosed],
    uponReceiving: 'a POST to submit a complete draft whose period is closed',
    request: { method: 'POST', path: applicationPath('/submission'), signedIn: true },
    response: conflict('period_closed'),
    test: async (api) =>
      expectFailure(await api.submitApplication(id), { failure: 'periodClosed', status: 409 }),
  });

  interactionTest(pact, 'submits another applicant’s application: 404 application_not_found', {
    given: [states.othersApplication],
    uponReceiving: 'a POST to submit an application of another account',
    request: { method: 'POST', path: applicationPath('/submission'), signedIn: true },
    response: notFound('application_not_found'),
    test: async (api) =>
      expectFailure(await api.submitApplication(id), { failure: 'applicationNotFound', status: 404 }),
  });

  interactionTest(pact, 'submits an application: 403 second_factor_required', {
    given: [states.secondFactorMissing],
    uponReceiving: 'a POST to submit an application of an account that must add a second factor first',
    request: { method: 'POST', path: `${applications}/${EXAMPLE_APPLICATION_ID}/submission`, signedIn: true },
    response: required,
    test: async (api) => expectFailure(await api.submitApplication(id), mustAddSecondFactor),
  });
});

describe('withdrawing', () => {
  interactionTest(pact, 'withdraws a submitted application: 200 with the reason in its history', {
    given: [states.submittedApplication],
    uponReceiving: 'a POST to withdraw a submitted application with a reason',
    request: { method: 'POST', path: applicationPath('/withdrawal'), body: reason, signedIn: true },
    response: json(
      200,
      sentApplication('withdrawn', {
        // The history holds the submission too, which has no reason: the withdrawal is one of its entries.
        history: arrayContaining({
          status: 'withdrawn',
          at: dateTime(UPDATED_AT),
          reason: like(reason.reason),
        }),
      }),
    ),
    test: async (api) => {
      expect(await api.withdrawApplication(id, reason)).toMatchObject({
        ok: true,
        data: { status: 'withdrawn', history: [{ status: 'withdrawn', reason: reason.reason }] },
      });
    },
  });

  interactionTest(pact, 'withdraws a withdrawn application again: 200 with it as withdrawn the first time', {
    given: [states.withdrawnApplication],
    uponReceiving: 'a POST to withdraw an application already withdrawn',
    request: { method: 'POST', path: applicationPath('/withdrawal'), body: reason, signedIn: true },
    response: json(200, sentApplication('withdrawn')),
    test: async (api) => {
      expect(await api.withdrawApplication(id, reason)).toMatchObject({
        ok: true,
        data: { status: 'withdrawn' },
      });
    },
  });

  interactionTest(pact, 'withdraws a decided application: 409 not_withdrawable', {
    given: [states.decidedApplication],
    uponReceiving: 'a POST to withdraw a decided application',
    request: { method: 'POST', path: applicationPath('/withdrawal'), body: reason, signedIn: true },
    response: conflict('not_withdrawable'),
    test: async (api) =>
      expectFailure(await api.withdrawApplication(id, reason), { failure: 'notWithdrawable', status: 409 }),
  });

  interactionTest(pact, 'withdraws another applicant’s application: 404 application_not_found', {
    given: [states.othersApplication],
    uponReceiving: 'a POST to withdraw an application of another account',
    request: { method: 'POST', path: applicationPath('/withdrawal'), body: reason, signedIn: true },
    response: notFound('application_not_found'),
    test: async (api) =>
      expectFailure(await api.withdrawApplication(id, reason), {
        failure: 'applicationNotFound',
        status: 404,
      }),
  });

  interactionTest(pact, 'withdraws an application: 403 second_factor_required', {
    given: [states.secondFactorMissing],
    uponReceiving: 'a POST to withdraw an application of an account that must add a second factor first',
    request: {
      method: 'POST',
      path: `${applications}/${EXAMPLE_APPLICATION_ID}/withdrawal`,
      body: reason,
      signedIn: true,
    },
    response: required,
    test: async (api) => expectFailure(await api.withdrawApplication(id, reason), mustAddSecondFactor),
  });
});

describe('uploading a file', () => {
  interactionTest(pact, 'uploads a PDF into a slot of a draft: 201 with the stored file', {
    given: [states.draftApplication],
    uponReceiving: 'a multipart POST of a PDF into the certificate slot 311 of a draft',
    request: {
      method: 'POST',
      path: applicationPath('/documents'),
      multipart: certificate.multipart,
      signedIn: true,
    },
    response: json(201, {
      ...documentBody({ mediaType: 'application/pdf', hasPreview: false }),
      slotKind: 'certificate',
      slotTypeId: 311,
      mediaType: 'application/pdf',
    }),
    test: async (api) => {
      expect(await api.uploadApplicationDocument(id, certificate.request)).toMatchObject({
        ok: true,
        data: {
          id: EXAMPLE_DOCUMENT_ID,
          slotKind: 'certificate',
          slotTypeId: 311,
          mediaType: 'application/pdf',
        },
      });
    },
  });

  interactionTest(pact, 'uploads an iPhone photo: 415 heic, nothing stored', {
    given: [states.draftApplication],
    uponReceiving: 'a multipart POST of a HEIC photo into a slot of a draft',
    request: {
      method: 'POST',
      path: applicationPath('/documents'),
      multipart: iphonePhoto.multipart,
      signedIn: true,
    },
    response: codedProblem(415, 'unsupported-file', 'This type of file cannot be uploaded.', 'heic'),
    test: async (api) => {
      const outcome = await api.uploadApplicationDocument(id, iphonePhoto.request);
      expectFailure(outcome, { failure: 'fileRefused', status: 415 });
      expect(outcome).toMatchObject({ code: 'heic' });
    },
  });

  interactionTest(pact, 'uploads into a slot the programme does not ask for: 400 not_offered on slotTypeId', {
    given: [states.draftApplication],
    uponReceiving: 'a multipart POST of a PDF into a slot the draft’s programme does not offer',
    request: {
      method: 'POST',
      path: applicationPath('/documents'),
      multipart: unofferedSlot.multipart,
      signedIn: true,
    },
    response: validationProblem(eachLike({ field: 'slotTypeId', code: 'not_offered' })),
    test: async (api) => {
      const outcome = await api.uploadApplicationDocument(id, unofferedSlot.request);
      expectFailure(outcome, { failure: 'validation', status: 400 });
      expect(outcome).toMatchObject({ fieldErrors: [{ field: 'slotTypeId', code: 'not_offered' }] });
    },
  });

  interactionTest(pact, 'uploads into a submitted application: 409 not_editable', {
    given: [states.submittedApplication],
    uponReceiving: 'a multipart POST of a PDF into a submitted application',
    request: {
      method: 'POST',
      path: applicationPath('/documents'),
      multipart: certificate.multipart,
      signedIn: true,
    },
    response: conflict('not_editable'),
    test: async (api) =>
      expectFailure(await api.uploadApplicationDocument(id, certificate.request), {
        failure: 'notEditable',
        status: 409,
      }),
  });

  interactionTest(pact, 'uploads into another applicant’s application: 404 application_not_found', {
    given: [states.othersApplication],
    uponReceiving: 'a multipart POST of a PDF into an application of another account',
    request: {
      method: 'POST',
      path: applicationPath('/documents'),
      multipart: certificate.multipart,
      signedIn: true,
    },
    response: notFound('application_not_found'),
    test: async (api) =>
      expectFailure(await api.uploadApplicationDocument(id, certificate.request), {
        failure: 'applicationNotFound',
        status: 404,
      }),
  });

  interactionTest(pact, 'uploads a file: 403 second_factor_required', {
    given: [states.secondFactorMissing],
    uponReceiving: 'a multipart POST of a PDF by an account that must add a second factor first',
    request: {
      method: 'POST',
      path: `${applications}/${EXAMPLE_APPLICATION_ID}/documents`,
      multipart: certificate.multipart,
      signedIn: true,
    },
    response: required,
    test: async (api) =>
      expectFailure(await api.uploadApplicationDocument(id, certificate.request), mustAddSecondFactor),
  });
});

describe('the files of a slot', () => {
  interactionTest(pact, 'removes a file of a draft: 204', {
    given: [states.draftWithImage],
    uponReceiving: 'a DELETE of a file of a draft',
    request: { method: 'DELETE', path: documentPath(), signedIn: true },
    response: { status: 204 },
    test: async (api) => {
      expect(await api.removeApplicationDocument(id, EXAMPLE_DOCUMENT_ID)).toEqual({
        ok: true,
        data: undefined,
      });
    },
  });

  interactionTest(pact, 'removes a file reopened by a return for changes: 204', {
    given: [states.returnedApplication],
    uponReceiving: 'a DELETE of the file a return for changes reopened',
    request: { method: 'DELETE', path: documentPath(), signedIn: true },
    response: { status: 204 },
    test: async (api) => {
      expect(await api.removeApplicationDocument(id, EXAMPLE_DOCUMENT_ID)).toEqual({
        ok: true,
        data: undefined,
      });
    },
  });

  interactionTest(pact, 'removes a file already removed: 404 document_not_found', {
    given: [states.draftWithImage],
    uponReceiving: 'a DELETE of a file the draft does not have',
    request: {
      method: 'DELETE',
      path: MatchersV3.fromProviderState(
        `${applications}/\${applicationId}/documents/Xq7unknownDocumentId0A`,
        `${applications}/${EXAMPLE_APPLICATION_ID}/documents/Xq7unknownDocumentId0A`,
      ),
      signedIn: true,
    },
    response: codedProblem(404, 'not-found', 'The document was not found.', 'document_not_found'),
    test: async (api) =>
      expectFailure(await api.removeApplicationDocument(id, 'Xq7unknownDocumentId0A'), {
        failure: 'documentNotFound',
        status: 404,
      }),
  });

  interactionTest(pact, 'removes a file: 403 second_factor_required', {
    given: [states.secondFactorMissing],
    uponReceiving: 'a DELETE of a file by an account that must add a second factor first',
    request: {
      method: 'DELETE',
      path: `${applications}/${EXAMPLE_APPLICATION_ID}/documents/${EXAMPLE_DOCUMENT_ID}`,
      signedIn: true,
    },
    response: required,
    test: async (api) =>
      expectFailure(await api.removeApplicationDocument(id, EXAMPLE_DOCUMENT_ID), mustAddSecondFactor),
  });

  // The browser fetches these itself (a link's href, an img's src): the adapter builds the URL, the pact pins
  // what the browser relies on (the type of the bytes, and a download that is never shown in the page). The
  // request carries the headers of the adapter's calls; the provider reads only the cookie.
  interactionTest(pact, 'downloads a file: 200 as an attachment', {
    given: [states.draftWithImage],
    uponReceiving: 'a GET of a file of a draft',
    request: { method: 'GET', path: documentPath(), signedIn: true },
    response: {
      status: 200,
      build: (builder) => {
        builder.headers({
          'Content-Type': regex('^(application/pdf|image/(jpeg|png|gif))$', 'image/jpeg'),
          'Content-Disposition': regex('^attachment;.*$', 'attachment; filename="scan.jpg"'),
          'X-Content-Type-Options': 'nosniff',
        });
      },
    },
    test: async (api, browserGet) => {
      const response = await browserGet(api.applicationDocumentUrl(id, EXAMPLE_DOCUMENT_ID));
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Disposition')).toMatch(/^attachment;/);
    },
  });

  interactionTest(pact, 'reads the preview of an image: 200 with a re-encoded image', {
    given: [states.draftWithImage],
    uponReceiving: 'a GET of the preview of an uploaded image',
    request: { method: 'GET', path: documentPath('/preview'), signedIn: true },
    response: {
      status: 200,
      build: (builder) => {
        builder.headers({ 'Content-Type': regex('^image/(jpeg|png)$', 'image/jpeg') });
      },
    },
    test: async (api, browserGet) => {
      const response = await browserGet(api.applicationDocumentPreviewUrl(id, EXAMPLE_DOCUMENT_ID));
      expect(response.headers.get('Content-Type')).toMatch(/^image\//);
    },
  });
});
