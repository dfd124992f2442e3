// The signed-in applicant's pre-application plan (docs/behaviour.md#rules, docs/security.md#the-plan): read and
// replaced for the session's account only; a saved plan must keep the rules of @pre-admission/rules, the same
// functions the planner's screens use.
import type { components } from '@pre-admission/api/schema';
import type { FastifyRequest } from 'fastify';
import { planProblems, type PlanLists } from '@pre-admission/rules';
import { problems } from '../platform/problem.ts';
import { refuseWithoutSecondFactor } from '../account/secondFactors.ts';
import { lookupSession, type Handlers, type Services } from '../services.ts';

type Plan = components['schemas']['Plan'];

/** The plan of an account that has saved none. */
export const emptyPlan = (): Plan => ({ readyCertificateIds: [], readyMaterialIds: [] });

/** The reference lists the rules read, as the server answers them (the reference_lists table). */
const planListNames = [
  'programs',
  'teachers',
  'applicationCertificateTypes',
  'supplementalMaterialRequires',
  'scholarshipTypes',
  'scholarshipStatuses',
  'scholarshipFinancialSupports',
  'countries',
  'rankedUniversities',
] as const satisfies readonly (keyof PlanLists)[];

async function planLists(s: Services): Promise<PlanLists> {
  const rows = await s.db.query<{ name: string; items: unknown }>(
    'select name, items from reference_lists where name = any($1)',
    [planListNames],
  );
  const byName = new Map(
    rows.map((row) => [row.name, typeof row.items === 'string' ? JSON.parse(row.items) : row.items]),
  );
  return Object.fromEntries(planListNames.map((name) => [name, byName.get(name) ?? []])) as PlanLists;
}

export function planHandlers(s: Services): Handlers<'getPlan' | 'savePlan'> {
  const { db, clock } = s;
  /** The session's account id; any other session state is 404 (docs/behaviour.md#error-catalogue). */
  const accountOf = async (request: FastifyRequest) => {
    const session = await lookupSession(s, request);
    if (session.state !== 'valid') throw problems.noSession(404);
    await refuseWithoutSecondFactor(s, session.account.id);
    return session.account.id;
  };
  return {
    async getPlan(request) {
      const accountId = await accountOf(request);
      const rows = await db.query<{ plan: unknown }>('select plan from plans where account_id = $1', [
        accountId,
      ]);
      const plan = rows[0]?.plan;
      return plan === undefined ? emptyPlan() : typeof plan === 'string' ? JSON.parse(plan) : plan;
    },
    async savePlan(request) {
      const accountId = await accountOf(request);
      // The schema (additionalProperties: false) has checked the body's shape: only the plan's own fields.
      const plan = request.body;
      const refused = planProblems(await planLists(s), plan);
      if (refused.length > 0) throw problems.validation(refused.map(({ field, code }) => ({ field, code })));
      await db.query(
        `insert into plans (account_id, plan, updated_at) values ($1, $2::jsonb, $3)
         on conflict (account_id) do update set plan = excluded.plan, updated_at = excluded.updated_at`,
        [accountId, JSON.stringify(plan), clock.now()],
      );
      return plan;
    },
  };
}
