// The read-only lists (docs/behaviour.md#data, #api-calls), the debug lists and the development mailbox.
// The health checks are in ./health.ts.
import type { components } from '@pre-admission/api/schema';
import type { FieldError, OperationId } from '../platform/contract.ts';
import { HttpProblem, problems } from '../platform/problem.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Handlers, Services } from '../services.ts';

export const lists = {
  listCountries: 'countries',
  listCountryDetails: 'countryDetails',
  listCourses: 'courses',
  listCourseDetails: 'courseDetails',
  listEducationSystems: 'educationSystems',
  listEducationTypes: 'educationTypes',
  listPartnerSchoolTypes: 'partnerSchoolTypes',
  listPrograms: 'programs',
  listScholarshipFinancialSupports: 'scholarshipFinancialSupports',
  listScholarshipStatuses: 'scholarshipStatuses',
  listScholarshipTypes: 'scholarshipTypes',
  listSupplementalMaterialTypes: 'supplementalMaterialTypes',
  listTeachers: 'teachers',
  listRankedUniversities: 'rankedUniversities',
  listUsersLists: 'usersLists',
  listApplicationCertificateTypes: 'applicationCertificateTypes',
  listSupplementalMaterialRequires: 'supplementalMaterialRequires',
  listAcceptorRejectReasons: 'acceptorRejectReasons',
  listEducationCertificateCategories: 'educationCertificateCategories',
  listEducationCertificateTypes: 'educationCertificateTypes',
} as const satisfies Partial<Record<OperationId, string>>;

type ReferenceListName = components['schemas']['ReferenceListName'];

/**
 * The lists getReferenceLists sends, in the order its `names` must come (openapi.yaml `ReferenceListName`;
 * test/seed.test.ts checks that the two agree).
 */
export const referenceListNames: readonly ReferenceListName[] = Object.values(lists);
const rankOf = new Map<string, number>(referenceListNames.map((name, rank) => [name, rank]));

/**
 * The longest query getReferenceLists reads: every list once as `names=…&` is under 600 characters. A longer
 * one is refused before it is split or decoded further (Node itself stops at 16 kB of headers).
 */
export const REFERENCE_LISTS_QUERY_LIMIT = 1024;

/** The reference lists: the same for everyone, cacheable (docs/hosting.md#compression). */
export const referenceListOperations: ReadonlySet<string> = new Set([
  ...Object.keys(lists),
  'getReferenceLists',
]);

const refused = (detail: string, error: FieldError) =>
  new HttpProblem(400, 'validation', 'Some fields are invalid.', { detail, errors: [error] });

/**
 * The names of a getReferenceLists request, checked: `names` only, each a list, once, in the contract's
 * order, so that one set of lists has one address (one cache entry in the browser and in any cache between).
 * The refusal never repeats what was sent: it names the position.
 */
function requestedLists(request: FastifyRequest): ReferenceListName[] {
  const at = request.url.indexOf('?');
  if (at >= 0 && request.url.length - at - 1 > REFERENCE_LISTS_QUERY_LIMIT)
    throw refused(`The query is longer than ${REFERENCE_LISTS_QUERY_LIMIT} characters.`, {
      field: 'names',
      code: 'too_long',
    });
  // Fastify's parser gives an object of strings (an array for a repeated key); read, not trusted.
  const query: unknown = request.query;
  const entries = query !== null && typeof query === 'object' ? Object.entries(query) : [];
  if (entries.some(([key]) => key !== 'names'))
    throw refused('names is the only query parameter.', { field: 'query', code: 'unknown_field' });
  const raw: unknown = entries.find(([key]) => key === 'names')?.[1];
  const names = raw === undefined || raw === '' ? [] : Array.isArray(raw) ? raw : [raw];
  if (names.length === 0)
    throw refused('names must name at least one list.', { field: 'names', code: 'required' });
  if (names.length > referenceListNames.length)
    throw refused(`names may name at most ${referenceListNames.length} lists.`, {
      field: 'names',
      code: 'too_long',
    });
  const checked: ReferenceListName[] = [];
  let previous = -1;
  for (const [index, name] of names.entries()) {
    const rank = typeof name === 'string' ? rankOf.get(name) : undefined;
    if (rank === undefined)
      throw refused(`names[${index}]: not a reference list.`, { field: 'names', code: 'unknown_list' });
    if (rank === previous)
      throw refused(`names[${index}]: named twice.`, { field: 'names', code: 'duplicate' });
    if (rank < previous)
      throw refused(`names[${index}]: out of order; the order is ${referenceListNames.join(', ')}.`, {
        field: 'names',
        code: 'out_of_order',
      });
    previous = rank;
    checked.push(referenceListNames[rank]!);
  }
  return checked;
}

export const debugLists = {
  listDebugAdmins: 'debugAdmins',
  listDebugApprovers: 'debugApprovers',
  listDebugExchangeUsers: 'debugExchangeUsers',
  listDebugOffices: 'offices',
} as const satisfies Partial<Record<OperationId, string>>;

/** How many mails the development mailbox returns at most (newest first). */
export const MAILBOX_LIMIT = 500;

type ListOperation = keyof typeof lists | keyof typeof debugLists;

export function referenceDataHandlers(
  s: Services,
): Handlers<ListOperation | 'getReferenceLists' | 'listDebugMails'> {
  // One reader for every list: it reads nothing of the request, so it fits each list operation's Handler.
  const read = (name: string, debug: boolean) => {
    return async (_request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
      if (debug && !s.config.debugEndpoints) throw problems.notFound();
      const rows = await s.db.query<{ items: unknown }>('select items from reference_lists where name = $1', [
        name,
      ]);
      const items = rows[0]?.items;
      // PGlite and pg both parse jsonb; send it as the array it is.
      return reply
        .type('application/json')
        .send(typeof items === 'string' ? items : JSON.stringify(items ?? []));
    };
  };
  const handlers = {} as Handlers<ListOperation>;
  for (const [op, name] of Object.entries(lists)) handlers[op as ListOperation] = read(name, false);
  for (const [op, name] of Object.entries(debugLists)) handlers[op as ListOperation] = read(name, true);
  return {
    ...handlers,
    // One read for all the names; the body is written in the order asked, so the same names give the same
    // bytes and the same ETag (apiRoutes.ts) whatever order the database answers in.
    async getReferenceLists(request, reply) {
      const names = requestedLists(request);
      const rows = await s.db.query<{ name: string; items: unknown }>(
        'select name, items from reference_lists where name = any($1::text[])',
        [names],
      );
      const byName = new Map(rows.map((row) => [row.name, row.items]));
      const body = names.map((name) => {
        const items = byName.get(name);
        return `${JSON.stringify(name)}:${typeof items === 'string' ? items : JSON.stringify(items ?? [])}`;
      });
      return reply.type('application/json').send(`{${body.join(',')}}`);
    },
    async listDebugMails() {
      if (!s.config.debugEndpoints) throw problems.notFound();
      const rows = await s.db.query<{ to_address: string; subject: string; body: string; created_at: Date }>(
        // Only the mails that still hold their body (mail.ts drops it at delivery and after a few days).
        'select to_address, subject, body, created_at from outbox where body is not null order by id desc limit $1',
        [MAILBOX_LIMIT],
      );
      return rows.map((row) => ({
        to: row.to_address,
        subject: row.subject,
        text: row.body,
        sentAt: new Date(row.created_at).toISOString(),
      }));
    },
  };
}
