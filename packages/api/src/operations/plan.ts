import * as z from 'zod/mini';
import type { ApiClient } from '../client/createApiClient';
import { StudentTypeSchema } from './referenceData';
import {
  attempt,
  parseBody,
  rateLimited,
  refusedFields,
  secondFactorMissing,
  sessionLost,
  type FailureTable,
} from './outcome';

const id = z.number().check(z.int(), z.minimum(1));

/** The applicant's pre-application plan (openapi.yaml Plan, docs/behaviour.md#rules). */
export const PlanSchema = z.object({
  studentType: z.optional(StudentTypeSchema),
  programId: z.optional(id),
  teacherId: z.optional(id),
  readyCertificateIds: z.array(id),
  readyMaterialIds: z.array(id),
  scholarshipTypeId: z.optional(id),
  scholarshipStatusId: z.optional(id),
  financialSupportId: z.optional(id),
  countryId: z.optional(id),
  universityId: z.optional(id),
});
export type Plan = z.output<typeof PlanSchema>;

/** Plan read (docs/behaviour.md#error-catalogue): 404 → back to / (as every signed-in call). */
export const getPlanFailures = {
  '403 second_factor_required': secondFactorMissing,
  404: { failure: 'noSession', shows: sessionLost },
  429: { failure: 'rateLimited', shows: rateLimited },
} as const satisfies FailureTable;

/**
 * Plan save (docs/behaviour.md#error-catalogue): 400 → a choice the rules refuse (the problem's `errors` name
 * each field, with `not_offered`; the planner shows them in its error summary, in its own words); 404 → back to /.
 */
export const savePlanFailures = {
  400: { failure: 'refused', shows: refusedFields },
  '403 second_factor_required': secondFactorMissing,
  404: { failure: 'noSession', shows: sessionLost },
  429: { failure: 'rateLimited', shows: rateLimited },
} as const satisfies FailureTable;

export function getPlan(client: ApiClient) {
  return attempt(getPlanFailures, () => parseBody(client.GET('/api/applicant/plan'), PlanSchema));
}

export function savePlan(client: ApiClient, body: Plan) {
  return attempt(savePlanFailures, () => parseBody(client.PUT('/api/applicant/plan', { body }), PlanSchema));
}
