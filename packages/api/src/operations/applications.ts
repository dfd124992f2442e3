import * as z from 'zod/mini';
import type { ApiClient } from '../client/createApiClient';
import { MalformedResponseError, type Problem } from '../client/errors';
import type { components } from '../generated/schema';
import { dateTime, planId } from './common';
import {
  applicationGone,
  applicationState,
  attempt,
  noBody,
  parseBody,
  rateLimited,
  refusedFields,
  secondFactorMissing,
  sessionLost,
  type FailureTable,
} from './outcome';
import { StudentTypeSchema } from './referenceData';

type Schemas = components['schemas'];
export type ApplicationAnswersPatch = Schemas['ApplicationAnswersPatch'];
export type ApplicationStart = Schemas['ApplicationStart'];
export type Withdrawal = Schemas['Withdrawal'];
export type ApplicationStatus = Schemas['ApplicationStatus'];
export type ApplicationSection = Schemas['ApplicationSection'];
export type DocumentSlotKind = Schemas['DocumentSlotKind'];
export type FieldError = Schemas['FieldError'];

const opaqueId = z.string().check(z.regex(/^[A-Za-z0-9_-]{22}$/));
const shortText = z.string();
const yearMonth = z.string().check(z.regex(/^(19|20)[0-9]{2}-(0[1-9]|1[0-2])$/));

/** One application period of a programme option (openapi.yaml ApplicationPeriod), its times as Date. */
export const ApplicationPeriodSchema = z.object({
  id: z.string(),
  programId: planId,
  opensAt: dateTime,
  closesAt: dateTime,
  state: z.enum(['upcoming', 'open', 'closed']),
});
export type ApplicationPeriod = z.output<typeof ApplicationPeriodSchema>;

export const ApplicationStatusSchema = z.enum([
  'draft',
  'submitted',
  'underReview',
  'returned',
  'resubmitted',
  'decided',
  'withdrawn',
]);
export const ApplicationSectionSchema = z.enum([
  'choices',
  'personal',
  'contact',
  'education',
  'documents',
  'declarations',
]);
export const DocumentSlotKindSchema = z.enum(['certificate', 'material']);

export const ApplicationChoicesSchema = z.object({
  programId: z.optional(planId),
  teacherId: z.optional(planId),
  scholarshipTypeId: z.optional(planId),
  scholarshipStatusId: z.optional(planId),
  financialSupportId: z.optional(planId),
});

/** `dateOfBirth` stays the ISO date string it is: a day, not an instant, so no time zone can move it. */
export const PersonalDetailsSchema = z.object({
  familyName: z.optional(shortText),
  givenNames: z.optional(shortText),
  nameJa: z.optional(shortText),
  dateOfBirth: z.optional(z.iso.date()),
  nationalityId: z.optional(planId),
  residenceCountryId: z.optional(planId),
});

export const PostalAddressSchema = z.object({
  line1: z.optional(shortText),
  line2: z.optional(shortText),
  city: z.optional(shortText),
  region: z.optional(shortText),
  postcode: z.optional(z.string()),
  countryId: z.optional(planId),
});

export const ContactDetailsSchema = z.object({
  address: z.optional(PostalAddressSchema),
  telephone: z.optional(z.string()),
});

/** `from` and `to` stay year-month strings (`2019-09`), as the form shows them. */
export const EducationEntrySchema = z.object({
  countryId: z.optional(planId),
  universityId: z.optional(planId),
  institutionName: z.optional(shortText),
  educationSystemId: z.optional(planId),
  educationTypeId: z.optional(planId),
  from: z.optional(yearMonth),
  to: z.optional(yearMonth),
  certificateCategoryId: z.optional(planId),
  certificateTypeId: z.optional(planId),
});

export const EducationSchema = z.object({ entries: z.array(EducationEntrySchema) });

export const DeclarationsSchema = z.object({
  informationTrue: z.optional(z.boolean()),
  privacyAccepted: z.optional(z.boolean()),
});

export const ApplicationAnswersSchema = z.object({
  choices: ApplicationChoicesSchema,
  personal: PersonalDetailsSchema,
  contact: ContactDetailsSchema,
  education: EducationSchema,
  declarations: DeclarationsSchema,
});
export type ApplicationAnswers = z.output<typeof ApplicationAnswersSchema>;

/** One uploaded file of a document slot (openapi.yaml ApplicationDocument). */
export const ApplicationDocumentSchema = z.object({
  id: opaqueId,
  slotKind: DocumentSlotKindSchema,
  slotTypeId: planId,
  fileName: z.string(),
  mediaType: z.enum(['application/pdf', 'image/jpeg', 'image/png', 'image/gif']),
  size: z.number().check(z.int(), z.minimum(1)),
  uploadedAt: dateTime,
  hasPreview: z.boolean(),
});
export type ApplicationDocument = z.output<typeof ApplicationDocumentSchema>;

export const ReopenedSchema = z.object({
  sections: z.array(ApplicationSectionSchema),
  documentIds: z.array(opaqueId),
  dueAt: dateTime,
  message: z.string(),
});
export type Reopened = z.output<typeof ReopenedSchema>;

export const DecisionSchema = z.object({
  outcome: z.enum(['accepted', 'notAccepted']),
  reason: z.optional(z.object({ ja: z.string(), en: z.string() })),
  message: z.optional(z.string()),
});
export type Decision = z.output<typeof DecisionSchema>;

export const HistoryEntrySchema = z.object({
  status: ApplicationStatusSchema,
  at: dateTime,
  reason: z.optional(z.string()),
  reopened: z.optional(ReopenedSchema),
  decision: z.optional(DecisionSchema),
});
export type HistoryEntry = z.output<typeof HistoryEntrySchema>;

/** The reference number (openapi.yaml Reference): `M27-4KX7-9QF2`. */
export const ReferenceSchema = z
  .string()
  .check(z.regex(/^[RMDX][0-9]{2}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/));

const summaryShape = {
  id: opaqueId,
  status: ApplicationStatusSchema,
  studentType: StudentTypeSchema,
  programId: z.optional(planId),
  periodId: z.optional(z.string()),
  reference: z.optional(ReferenceSchema),
  createdAt: dateTime,
  updatedAt: dateTime,
  submittedAt: z.optional(dateTime),
  reopened: z.optional(ReopenedSchema),
  decision: z.optional(DecisionSchema),
  history: z.array(HistoryEntrySchema),
};

/** An application as the list shows it (openapi.yaml ApplicationSummary), its times as Date. */
export const ApplicationSummarySchema = z.object(summaryShape);
export type ApplicationSummary = z.output<typeof ApplicationSummarySchema>;
export const ApplicationListSchema = z.object({ applications: z.array(ApplicationSummarySchema) });

/** An application with every answer and its documents (openapi.yaml Application). */
export const ApplicationSchema = z.object({
  ...summaryShape,
  answers: ApplicationAnswersSchema,
  documents: z.array(ApplicationDocumentSchema),
});
export type Application = z.output<typeof ApplicationSchema>;

/** What a refused file's 415 says (openapi.yaml FileRefused): each has its own advice on the slot. */
export const fileRefusalCodes = [
  'empty',
  'heic',
  'word',
  'encrypted_pdf',
  'damaged',
  'too_many_pixels',
  'unsupported_type',
] as const;
export type FileRefusalCode = (typeof fileRefusalCodes)[number];

// The rows every signed-in application call shares (docs/behaviour.md#error-catalogue).
const noSession = { failure: 'noSession', shows: sessionLost } as const;
const tooMany = { failure: 'rateLimited', shows: rateLimited } as const;
/** Another account's application answers exactly as an unknown id (openapi.yaml NoSessionOrApplication). */
const applicationNotFound = { failure: 'applicationNotFound', shows: applicationGone } as const;
const state = <const Failure extends string>(failure: Failure) =>
  ({ failure, shows: applicationState }) as const;
const notEditable = state('notEditable');
const pastDue = state('pastDue');

const FieldErrorsSchema = z.object({
  errors: z.array(z.object({ field: z.string(), code: z.string() })),
});
/**
 * A 400 of the rules (@pre-admission/rules): each refused field's path (`personal.dateOfBirth`,
 * `education.entries.0.toMonth`, `documents.certificate.311`) and code, which the screen shows in its error
 * summary and on the field.
 */
const validation = {
  failure: 'validation',
  shows: refusedFields,
  carries: (problem: Problem | undefined): { fieldErrors: FieldError[] } => {
    const parsed = FieldErrorsSchema.safeParse(problem);
    return { fieldErrors: parsed.success ? parsed.data.errors : [] };
  },
} as const;

const DraftSchema = z.object({ applicationId: opaqueId });
/** One draft per kind: the 409 names the open one, which the screen offers to continue. */
const draftExists = {
  failure: 'draftExists',
  shows: applicationState,
  carries: (problem: Problem | undefined): { applicationId: string } => {
    const parsed = DraftSchema.safeParse(problem);
    if (!parsed.success) throw new MalformedResponseError(409, parsed.error);
    return { applicationId: parsed.data.applicationId };
  },
} as const;

/** The rows the application operations share, for the document operations (./applicationDocuments.ts). */
export const applicationRows = {
  validation,
  notEditable,
  pastDue,
} as const;

const signedIn = {
  '403 second_factor_required': secondFactorMissing,
  404: noSession,
  429: tooMany,
} as const;
export const ownApplication = { ...signedIn, '404 application_not_found': applicationNotFound } as const;

export const listApplicationsFailures = signedIn satisfies FailureTable;

/** A kind the contract does not name is a bug (400, rethrown); one draft per kind. */
export const startApplicationFailures = {
  ...signedIn,
  '409 draft_exists': draftExists,
} as const satisfies FailureTable;

export const getApplicationFailures = ownApplication satisfies FailureTable;

/** A draft is saved in any period; a submitted application only in what a return reopened, until it is due. */
export const saveApplicationAnswersFailures = {
  400: validation,
  ...ownApplication,
  '409 not_editable': notEditable,
  '409 past_due': pastDue,
} as const satisfies FailureTable;

/** Only a draft is discarded; a submitted application is withdrawn instead. */
export const discardApplicationFailures = {
  ...ownApplication,
  '409 not_editable': notEditable,
} as const satisfies FailureTable;

/**
 * The server checks every section again; a draft goes only while a period of its programme is open, and, where
 * its programme option requires it, once the supervisor chosen has consented (./consent.ts).
 */
export const submitApplicationFailures = {
  400: validation,
  ...ownApplication,
  '409 period_closed': state('periodClosed'),
  '409 no_period': state('noPeriod'),
  '409 already_open': state('alreadyOpen'),
  '409 consent_required': state('consentRequired'),
  '409 not_editable': notEditable,
  '409 past_due': pastDue,
} as const satisfies FailureTable;

/** The screen checks the reason (required, at most 1000 characters): a 400 is a bug, rethrown. */
export const withdrawApplicationFailures = {
  ...ownApplication,
  '409 not_withdrawable': state('notWithdrawable'),
} as const satisfies FailureTable;

const applicationPath = (applicationId: string) => ({ params: { path: { applicationId } } });

/**
 * Every period not closed more than a year ago (public, cached for a minute). No failure table: nothing but
 * a bug or the server's own failure refuses it, and those go on to the app; the Outcome is the others' shape.
 */
export function listApplicationPeriods(client: ApiClient) {
  return attempt({}, () =>
    parseBody(client.GET('/api/application-periods'), z.array(ApplicationPeriodSchema)),
  );
}

export function listApplications(client: ApiClient) {
  return attempt(listApplicationsFailures, async () => {
    const { applications } = await parseBody(
      client.GET('/api/applicant/applications'),
      ApplicationListSchema,
    );
    return applications;
  });
}

export function startApplication(client: ApiClient, body: ApplicationStart) {
  return attempt(startApplicationFailures, () =>
    parseBody(client.POST('/api/applicant/applications', { body }), ApplicationSchema),
  );
}

export function getApplication(client: ApiClient, applicationId: string) {
  return attempt(getApplicationFailures, () =>
    parseBody(
      client.GET('/api/applicant/applications/{applicationId}', applicationPath(applicationId)),
      ApplicationSchema,
    ),
  );
}

/** Replaces each section present in `body`, whole; the others are kept. */
export function saveApplicationAnswers(
  client: ApiClient,
  applicationId: string,
  body: ApplicationAnswersPatch,
) {
  return attempt(saveApplicationAnswersFailures, () =>
    parseBody(
      client.PATCH('/api/applicant/applications/{applicationId}', {
        ...applicationPath(applicationId),
        body,
      }),
      ApplicationSchema,
    ),
  );
}

export function discardApplication(client: ApiClient, applicationId: string) {
  return attempt(discardApplicationFailures, () =>
    noBody(client.DELETE('/api/applicant/applications/{applicationId}', applicationPath(applicationId))),
  );
}

/** Submitting what is already submitted answers 200 with the same application (one receipt). */
export function submitApplication(client: ApiClient, applicationId: string) {
  return attempt(submitApplicationFailures, () =>
    parseBody(
      client.POST('/api/applicant/applications/{applicationId}/submission', applicationPath(applicationId)),
      ApplicationSchema,
    ),
  );
}

export function withdrawApplication(client: ApiClient, applicationId: string, body: Withdrawal) {
  return attempt(withdrawApplicationFailures, () =>
    parseBody(
      client.POST('/api/applicant/applications/{applicationId}/withdrawal', {
        ...applicationPath(applicationId),
        body,
      }),
      ApplicationSchema,
    ),
  );
}
