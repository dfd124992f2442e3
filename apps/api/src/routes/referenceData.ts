// The read-only lists (docs/behaviour.md#data, #api-calls), the debug lists and the development mailbox.
// The health checks are in ./health.ts.
import type { OperationId } from '../contract.ts';
import { problems } from '../problem.ts';
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

/** The reference lists: the same for everyone, cacheable (docs/hosting.md#compression). */
export const referenceListOperations: ReadonlySet<string> = new Set(Object.keys(lists));

export const debugLists = {
  listDebugAdmins: 'debugAdmins',
  listDebugApprovers: 'debugApprovers',
  listDebugExchangeUsers: 'debugExchangeUsers',
  listDebugOffices: 'offices',
} as const satisfies Partial<Record<OperationId, string>>;

/** How many mails the development mailbox returns at most (newest first). */
export const MAILBOX_LIMIT = 500;

type ListOperation = keyof typeof lists | keyof typeof debugLists;

export function referenceDataHandlers(s: Services): Handlers<ListOperation | 'listDebugMails'> {
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
