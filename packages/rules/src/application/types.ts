import type { PlanLists } from '../plan.ts';
import type { StudentType } from '../types.ts';

// Structural twins of the contract's application schemas (openapi.yaml `ApplicationAnswers` and its parts): the
// rules read these shapes, so the server passes its contract values and the screens their form values alike.
// `answers.test-d.ts` pins that every contract value fits. Every property may also be `undefined`, as a form's is.

/** `YYYY-MM` (openapi.yaml `YearMonth`). */
export type YearMonth = string;

export interface ChoicesAnswers {
  readonly programId?: number | undefined;
  readonly teacherId?: number | undefined;
  readonly scholarshipTypeId?: number | undefined;
  readonly scholarshipStatusId?: number | undefined;
  readonly financialSupportId?: number | undefined;
}

export interface PersonalAnswers {
  readonly familyName?: string | undefined;
  readonly givenNames?: string | undefined;
  readonly nameJa?: string | undefined;
  /** `YYYY-MM-DD`. */
  readonly dateOfBirth?: string | undefined;
  readonly nationalityId?: number | undefined;
  readonly residenceCountryId?: number | undefined;
}

export interface PostalAddressAnswers {
  readonly line1?: string | undefined;
  readonly line2?: string | undefined;
  readonly city?: string | undefined;
  readonly region?: string | undefined;
  readonly postcode?: string | undefined;
  readonly countryId?: number | undefined;
}

export interface ContactAnswers {
  readonly address?: PostalAddressAnswers | undefined;
  /** E.164: `+8613800138000`. */
  readonly telephone?: string | undefined;
}

export interface EducationEntryAnswers {
  readonly countryId?: number | undefined;
  readonly universityId?: number | undefined;
  readonly institutionName?: string | undefined;
  readonly educationSystemId?: number | undefined;
  readonly educationTypeId?: number | undefined;
  readonly from?: YearMonth | undefined;
  readonly to?: YearMonth | undefined;
  readonly certificateCategoryId?: number | undefined;
  readonly certificateTypeId?: number | undefined;
}

export interface EducationAnswers {
  readonly entries: readonly EducationEntryAnswers[];
}

export interface DeclarationsAnswers {
  readonly informationTrue?: boolean | undefined;
  readonly privacyAccepted?: boolean | undefined;
}

/** Every section's answers as saved (openapi.yaml `ApplicationAnswers`). */
export interface ApplicationAnswersInput {
  readonly choices: ChoicesAnswers;
  readonly personal: PersonalAnswers;
  readonly contact: ContactAnswers;
  readonly education: EducationAnswers;
  readonly declarations: DeclarationsAnswers;
}

/** openapi.yaml `DocumentSlotKind`. */
export type SlotKind = 'certificate' | 'material';

/** What the rules read of an uploaded document (openapi.yaml `ApplicationDocument`): its slot. */
export interface DocumentInSlot {
  readonly slotKind: SlotKind;
  readonly slotTypeId: number;
}

/** What the rules read of an application (openapi.yaml `Application`). */
export interface ApplicationInput {
  readonly studentType: StudentType;
  readonly answers: ApplicationAnswersInput;
  readonly documents: readonly DocumentInSlot[];
}

/** The sections of an application, in the task list's order (openapi.yaml `ApplicationSection`). */
export const applicationSections = [
  'choices',
  'personal',
  'contact',
  'education',
  'documents',
  'declarations',
] as const;
export type ApplicationSection = (typeof applicationSections)[number];

interface Identified {
  readonly id: number;
}

/** openapi.yaml `CountryDetail`, what the rules read of it. */
export interface CountryDetailFields {
  readonly countryId: number;
  readonly yearsOfSchooling: number;
}

/** The reference lists an application is checked against: the plan's, and those of the later sections. */
export interface ApplicationLists extends PlanLists {
  readonly countryDetails: readonly CountryDetailFields[];
  readonly educationSystems: readonly Identified[];
  readonly educationTypes: readonly Identified[];
  readonly educationCertificateCategories: readonly Identified[];
  readonly educationCertificateTypes: readonly Identified[];
}
