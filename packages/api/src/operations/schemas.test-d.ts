import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod/mini';
import type { components } from '../generated/schema';
import type * as applications from './applications';
import type { MailSchema, AccountReferenceSchema } from './debug';
import type { MailAcceptedSchema, PasswordResetAcceptedSchema } from './links';
import type { MaintenanceWindowSchema } from './maintenance';
import type { PlanSchema } from './plan';
import type * as reference from './referenceData';
import type { TokenRequestSchema } from './registrations';
import type * as security from './security';
import type { CurrentSessionSchema, SessionStatusSchema } from './sessions';

type Schemas = components['schemas'];
type In<Schema extends z.ZodMiniType> = z.input<Schema>;
/** One object type for a generated `allOf` (an intersection), which expectTypeOf does not equate with it. */
type Flat<T> = { [K in keyof T]: T[K] };

// The zod schemas are written by hand for the bundle's sake (zod/mini); these pin each one to the type
// generated from openapi.yaml, so a change to the contract that the schemas miss fails the type check.
describe('zod schemas agree with the generated types', () => {
  it('sessions and tokens', () => {
    expectTypeOf<In<typeof CurrentSessionSchema>>().toEqualTypeOf<Schemas['CurrentSession']>();
    expectTypeOf<In<typeof SessionStatusSchema>>().toEqualTypeOf<Schemas['SessionStatus']>();
    expectTypeOf<In<typeof TokenRequestSchema>>().toEqualTypeOf<Schemas['TokenRequest']>();
    expectTypeOf<z.output<typeof TokenRequestSchema>['createdAt']>().toEqualTypeOf<Date>();
  });

  it('mail requests', () => {
    expectTypeOf<In<typeof MailAcceptedSchema>>().toEqualTypeOf<Schemas['MailAccepted']>();
    expectTypeOf<In<typeof PasswordResetAcceptedSchema>>().toEqualTypeOf<
      Flat<Schemas['PasswordResetAccepted']>
    >();
    expectTypeOf<z.output<typeof PasswordResetAcceptedSchema>['sentAt']>().toEqualTypeOf<Date | undefined>();
  });

  it('the maintenance windows', () => {
    expectTypeOf<In<typeof MaintenanceWindowSchema>>().toEqualTypeOf<Schemas['MaintenanceWindow']>();
    expectTypeOf<z.output<typeof MaintenanceWindowSchema>['end']>().toEqualTypeOf<Date>();
  });

  it('sign-in and security', () => {
    expectTypeOf<In<typeof security.PasskeySchema>>().toEqualTypeOf<Schemas['Passkey']>();
    expectTypeOf<In<typeof security.PasskeyListSchema>>().toEqualTypeOf<Schemas['PasskeyList']>();
    expectTypeOf<In<typeof security.PasskeyCreationOptionsSchema>>().toEqualTypeOf<
      Schemas['PasskeyCreationOptions']
    >();
    expectTypeOf<In<typeof security.AuthenticatorAppSchema>>().toEqualTypeOf<Schemas['AuthenticatorApp']>();
    expectTypeOf<In<typeof security.AuthenticatorSetupSchema>>().toEqualTypeOf<
      Schemas['AuthenticatorSetup']
    >();
    expectTypeOf<In<typeof security.RecoveryCodesSchema>>().toEqualTypeOf<Schemas['RecoveryCodes']>();
    expectTypeOf<z.output<typeof security.PasskeySchema>['lastUsedAt']>().toEqualTypeOf<Date | null>();
  });

  it('applications', () => {
    expectTypeOf<In<typeof applications.ApplicationPeriodSchema>>().toEqualTypeOf<
      Schemas['ApplicationPeriod']
    >();
    expectTypeOf<In<typeof applications.ApplicationAnswersSchema>>().toEqualTypeOf<
      Schemas['ApplicationAnswers']
    >();
    expectTypeOf<In<typeof applications.ApplicationDocumentSchema>>().toEqualTypeOf<
      Schemas['ApplicationDocument']
    >();
    expectTypeOf<In<typeof applications.HistoryEntrySchema>>().toEqualTypeOf<Schemas['HistoryEntry']>();
    expectTypeOf<In<typeof applications.ApplicationSummarySchema>>().toEqualTypeOf<
      Schemas['ApplicationSummary']
    >();
    expectTypeOf<In<typeof applications.ApplicationListSchema>>().toEqualTypeOf<Schemas['ApplicationList']>();
    // openapi.yaml's Application is ApplicationSummary allOf its answers and documents: one object here.
    expectTypeOf<In<typeof applications.ApplicationSchema>>().toEqualTypeOf<Flat<Schemas['Application']>>();
    expectTypeOf<z.output<typeof applications.ApplicationSchema>['updatedAt']>().toEqualTypeOf<Date>();
    expectTypeOf<z.output<typeof applications.ReopenedSchema>['dueAt']>().toEqualTypeOf<Date>();
    expectTypeOf<applications.FileRefusalCode>().toEqualTypeOf<
      'empty' | 'heic' | 'word' | 'encrypted_pdf' | 'damaged' | 'too_many_pixels' | 'unsupported_type'
    >();
  });

  it('the plan', () => {
    expectTypeOf<In<typeof PlanSchema>>().toEqualTypeOf<Schemas['Plan']>();
  });

  it('reference data', () => {
    expectTypeOf<In<typeof reference.CountrySchema>>().toEqualTypeOf<Schemas['Country']>();
    expectTypeOf<In<typeof reference.CountryDetailSchema>>().toEqualTypeOf<Schemas['CountryDetail']>();
    expectTypeOf<In<typeof reference.CourseSchema>>().toEqualTypeOf<Schemas['Course']>();
    expectTypeOf<In<typeof reference.CourseDetailSchema>>().toEqualTypeOf<Schemas['CourseDetail']>();
    expectTypeOf<In<typeof reference.DepartmentSchema>>().toEqualTypeOf<Schemas['Department']>();
    expectTypeOf<In<typeof reference.TeacherSchema>>().toEqualTypeOf<Schemas['Teacher']>();
    expectTypeOf<In<typeof reference.RankedUniversitySchema>>().toEqualTypeOf<Schemas['RankedUniversity']>();
    expectTypeOf<In<typeof reference.ApplicationCertificateTypeSchema>>().toEqualTypeOf<
      Schemas['ApplicationCertificateType']
    >();
    expectTypeOf<In<typeof reference.SupplementalMaterialRequireSchema>>().toEqualTypeOf<
      Schemas['SupplementalMaterialRequire']
    >();
    expectTypeOf<In<typeof reference.SupplementalMaterialTypeSchema>>().toEqualTypeOf<
      Schemas['SupplementalMaterialType']
    >();
    expectTypeOf<In<typeof reference.UsersListSchema>>().toEqualTypeOf<Schemas['UsersList']>();
    expectTypeOf<In<typeof reference.SimpleItemSchema>>().toEqualTypeOf<Schemas['SimpleItem']>();
    expectTypeOf<In<typeof reference.AttachmentSchema>>().toEqualTypeOf<Schemas['Attachment']>();
    expectTypeOf<In<typeof reference.OptionSchema>>().toEqualTypeOf<Schemas['Option']>();
    expectTypeOf<In<typeof reference.OptionGroupSchema>>().toEqualTypeOf<Schemas['OptionGroup']>();
    expectTypeOf<In<typeof reference.ReferenceListsSchema>>().toEqualTypeOf<Schemas['ReferenceLists']>();
    expectTypeOf<reference.ReferenceListName>().toEqualTypeOf<Schemas['ReferenceListName']>();
  });

  it('debug', () => {
    expectTypeOf<In<typeof MailSchema>>().toEqualTypeOf<Schemas['Mail']>();
    expectTypeOf<In<typeof AccountReferenceSchema>>().toEqualTypeOf<Schemas['AccountReference']>();
  });
});
