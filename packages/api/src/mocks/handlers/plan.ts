import { HttpResponse } from 'msw';
import { schemaExamples } from '../../generated/examples';
import type { components } from '../../generated/schema';
import { http, never, problem, rateLimited } from '../http';

type Plan = components['schemas']['Plan'];
const plan = '/api/applicant/plan';
const emptyPlan: Plan = { readyCertificateIds: [], readyMaterialIds: [] };

/**
 * A plan kept in memory for one handler set: GET answers the last PUT (the empty plan at first), as the provider
 * does for one account. Each call makes a fresh store, so stories do not share their plans.
 */
export function planStore(initial: Plan = emptyPlan) {
  let saved = initial;
  return [
    http.get(plan, () => HttpResponse.json(saved)),
    http.put(plan, async ({ request }) => {
      saved = (await request.json()) as Plan;
      return HttpResponse.json(saved);
    }),
  ] as const;
}

/** The contract's example plan: every task done, every choice one the rules offer. */
export const examplePlan = schemaExamples.Plan as Plan;

export const planHandlers = {
  readEmpty: http.get(plan, () => HttpResponse.json(emptyPlan)),
  readExample: http.get(plan, () => HttpResponse.json(examplePlan)),
  readNoSession: http.get(plan, () => problem('getPlan', '404')),
  readPending: http.get(plan, never),
  readFails: http.get(plan, () => problem('getPlan', '500')),
  saveSucceeds: http.put(plan, async ({ request }) => HttpResponse.json((await request.json()) as Plan)),
  saveRefused: http.put(plan, () => problem('savePlan', '400')),
  saveNoSession: http.put(plan, () => problem('savePlan', '404')),
  saveRateLimited: http.put(plan, () => rateLimited('savePlan')),
  saveFails: http.put(plan, () => problem('savePlan', '500')),
  savePending: http.put(plan, never),
};
