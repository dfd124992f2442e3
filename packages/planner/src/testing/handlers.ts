import { handlers, http, networkError, planStore } from '@pre-admission/api/mocks';
import type { components } from '@pre-admission/api/schema';
import { lists } from './fixtures';

type Plan = components['schemas']['Plan'];

/** The planner's reference lists answered from the fixtures (the contract's examples are one item each). */
export const listHandlers = [
  http.get('/api/programs', ({ response }) => response(200).json(lists.programs)),
  http.get('/api/teachers', ({ response }) => response(200).json(lists.teachers)),
  http.get('/api/courses', ({ response }) => response(200).json(lists.courses)),
  http.get('/api/application-certificate-types', ({ response }) =>
    response(200).json(lists.applicationCertificateTypes),
  ),
  http.get('/api/supplemental-material-requires', ({ response }) =>
    response(200).json(lists.supplementalMaterialRequires),
  ),
  http.get('/api/supplemental-material-types', ({ response }) =>
    response(200).json(lists.supplementalMaterialTypes),
  ),
  http.get('/api/scholarship-types', ({ response }) => response(200).json(lists.scholarshipTypes)),
  http.get('/api/scholarship-statuses', ({ response }) => response(200).json(lists.scholarshipStatuses)),
  http.get('/api/scholarship-financial-supports', ({ response }) =>
    response(200).json(lists.scholarshipFinancialSupports),
  ),
  http.get('/api/countries', ({ response }) => response(200).json(lists.countries)),
  http.get('/api/ranked-universities', ({ response }) => response(200).json(lists.rankedUniversities)),
];

/**
 * A story's handlers: the plan kept in memory from `plan` (GET answers the last PUT), the fixture lists, then
 * the default set. `first` go in front (a failing save, a pending read, ...).
 */
export function plannerHandlers(plan?: Plan, first: readonly unknown[] = []) {
  return [...first, ...planStore(plan), ...listHandlers, ...handlers];
}

/**
 * The plan kept in memory like `planStore`, counting its saves (`saves.count`), each answered after `delayMs`;
 * while `saves.offline` is true a save gets no answer (a network failure), as with the connection gone.
 */
export function countedPlanStore(initial: Plan, delayMs = 0) {
  let saved = initial;
  const saves = { count: 0, offline: false };
  const planHandlers = [
    http.get('/api/applicant/plan', ({ response }) => response(200).json(saved)),
    http.put('/api/applicant/plan', async ({ request, response }) => {
      saves.count += 1;
      if (saves.offline) return networkError();
      await new Promise((done) => setTimeout(done, delayMs));
      saved = (await request.json()) as Plan;
      return response(200).json(saved);
    }),
  ];
  return { saves, handlers: [...planHandlers, ...listHandlers, ...handlers] };
}
