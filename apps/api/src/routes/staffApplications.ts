// The desk's work on applications (openapi.staff.yaml tag `staff-applications`, docs/security.md#staff). Thin:
// each handler checks the staff member's session, second factor and role as they are now (staffIn), reads the
// reference lists the reach needs, calls ../desk/ and writes the audit line. Every read of an application or a
// file is audited (`staff.application.read`, `staff.document.read`, with `staffId`), and every list read
// (`staff.applications.listed`, an export `staff.applications.exported`); an application out of the role's reach answers exactly as an unknown id.
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { documentRowsOf } from '../application/files/documents.ts';
import { DatabaseFileStorage } from '../application/files/storage.ts';
import { statuses } from '../application/stateMachine.ts';
import { archiveFileName, documentsArchive } from '../desk/archive.ts';
import { exportCsv, exportFileName, exportNames } from '../desk/export.ts';
import {
  addNote,
  deskProblems,
  recordDecision,
  recordScreeningOutcome,
  returnForChanges,
} from '../desk/actions.ts';
import {
  consentFilters,
  findReachable,
  listApplications,
  staffApplicationOf,
  type ConsentFilter,
  type ListQuery,
} from '../desk/applications.ts';
import { decidingRoles, deskLists, readingRoles } from '../desk/reach.ts';
import { audit } from '../platform/audit.ts';
import { problems } from '../platform/problem.ts';
import { limitKeys, take } from '../platform/rateLimits.ts';
import { requestLocale, type Handlers, type Services } from '../services.ts';
import type { SignedInStaff } from '../staff/access.ts';
import { staffIn } from '../staff/access.ts';
import {
  contentDisposition,
  fileHeaders,
  previewOf,
  sendOriginal,
  sendPreview,
} from './applicationDocuments.ts';

type Operation =
  | 'listStaffApplications'
  | 'exportStaffApplications'
  | 'getStaffApplicationDocumentsArchive'
  | 'getStaffApplication'
  | 'getStaffApplicationDocument'
  | 'getStaffApplicationDocumentPreview'
  | 'returnApplicationForChanges'
  | 'recordApplicationDecision'
  | 'recordScreeningOutcome'
  | 'addApplicationNote';

const integer = z
  .string()
  .regex(/^[1-9][0-9]{0,8}$/)
  .transform(Number);

/** listStaffApplications' query, as openapi.staff.yaml declares it; any other parameter is refused. */
const listQuery = z
  .object({
    status: z.enum(statuses as [string, ...string[]]).optional(),
    kind: z.enum(['researchStudent', 'master', 'doctoral', 'exchange']).optional(),
    programme: integer.optional(),
    course: integer.optional(),
    period: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,62}$/)
      .optional(),
    nationality: integer.optional(),
    consent: z.enum(consentFilters as [ConsentFilter, ...ConsentFilter[]]).optional(),
    q: z.string().min(1).max(100).optional(),
    sort: z.enum(['submitted', '-submitted', 'reference', '-reference']).default('-submitted'),
    page: integer.refine((n) => n <= 10_000).default(1),
    pageSize: integer.refine((n) => n <= 100).default(25),
  })
  .strict();

function readListQuery(query: unknown): ListQuery {
  const parsed = listQuery.safeParse(query ?? {});
  if (parsed.success) return parsed.data as ListQuery;
  throw problems.validation(
    parsed.error.issues.map((issue) => ({
      field: issue.code === 'unrecognized_keys' ? 'query' : String(issue.path[0] ?? 'query'),
      code: issue.code === 'unrecognized_keys' ? 'unknown_field' : 'invalid',
    })),
  );
}

export function staffApplicationHandlers(s: Services): Handlers<Operation> {
  const storage = new DatabaseFileStorage(s.db, s.clock);
  const reading = (request: FastifyRequest) => staffIn(s, request, readingRoles);
  /**
   * A staff member of one of these roles, for a write: it also takes a slot of the staff member's write limit
   * (docs/security.md#limits), once their role allows it, so a refused role spends nothing.
   */
  const writing = async (request: FastifyRequest, roles: typeof readingRoles) => {
    const staff = await staffIn(s, request, roles);
    await take(s.db, s.clock, [
      { key: limitKeys.deskWrites(staff.account.id), limit: s.config.limits.deskWritesPerAccount },
    ]);
    return staff;
  };
  const deciding = (request: FastifyRequest) => writing(request, decidingRoles);

  /** The document of an application in the staff member's reach, or 404 as for an unknown one. */
  const reachableDocument = async (staff: SignedInStaff, applicationId: string, documentId: string) => {
    const lists = await deskLists(s.db);
    const application = await findReachable(s.db, staff, lists, applicationId);
    if (!application) throw deskProblems.notFound();
    const document = (await documentRowsOf(s.db, application.id)).find((row) => row.id === documentId);
    if (!document) throw deskProblems.documentNotFound();
    return document;
  };

  return {
    async listStaffApplications(request) {
      const staff = await reading(request);
      const query = readListQuery(request.query);
      const lists = await deskLists(s.db);
      const { applications, total } = await listApplications(s.db, staff, lists, query);
      // Which applications were shown is the query's answer; the line says that a list was read, and by whom.
      audit(request, 'applications.listed', { accountId: staff.account.id }, 'staff');
      return { applications, total, page: query.page, pageSize: query.pageSize };
    },

    async exportStaffApplications(request, reply) {
      // An export reads every row the filters match: it takes a slot of the desk writes limit, as a write.
      const staff = await writing(request, readingRoles);
      const query = readListQuery(request.query);
      const lists = await deskLists(s.db);
      const names = await exportNames(s.db);
      // The staff member's language as the site's pages choose it: the console's locale cookie, then the browser's.
      const locale = requestLocale(request);
      audit(request, 'applications.exported', { accountId: staff.account.id }, 'staff');
      fileHeaders(
        reply,
        'text/csv; charset=utf-8',
        undefined,
        contentDisposition('attachment', exportFileName(s.clock.now())),
      );
      return reply.send(
        Readable.from(exportCsv(s.db, staff, lists, names, query, locale), { objectMode: false }),
      );
    },

    async getStaffApplicationDocumentsArchive(request, reply) {
      const staff = await reading(request);
      const lists = await deskLists(s.db);
      const application = await findReachable(s.db, staff, lists, request.params.applicationId);
      if (!application) throw deskProblems.notFound();
      const documents = await documentRowsOf(s.db, application.id);
      // Every file is there before the first byte is sent: a missing one is a 500, not a zip cut short.
      for (const document of documents)
        if (!(await storage.stat(document.fileId)))
          throw new Error(`document ${document.id} has no stored file ${document.fileId}`);
      for (const document of documents)
        audit(
          request,
          'document.read',
          { accountId: staff.account.id, applicationId: application.id, documentId: document.id },
          'staff',
        );
      fileHeaders(
        reply,
        'application/zip',
        undefined,
        contentDisposition('attachment', archiveFileName(application.reference)),
      );
      return reply.send(Readable.from(documentsArchive(storage, documents)));
    },

    async getStaffApplication(request) {
      const staff = await reading(request);
      const lists = await deskLists(s.db);
      const row = await findReachable(s.db, staff, lists, request.params.applicationId);
      if (!row) throw deskProblems.notFound();
      audit(request, 'application.read', { accountId: staff.account.id, applicationId: row.id }, 'staff');
      return staffApplicationOf(s.db, lists, row, staff);
    },

    async getStaffApplicationDocument(request, reply) {
      const staff = await reading(request);
      const { applicationId, documentId } = request.params;
      const document = await reachableDocument(staff, applicationId, documentId);
      audit(request, 'document.read', { accountId: staff.account.id, applicationId, documentId }, 'staff');
      return sendOriginal(reply, storage, document);
    },

    async getStaffApplicationDocumentPreview(request, reply) {
      const staff = await reading(request);
      const { applicationId, documentId } = request.params;
      const document = await reachableDocument(staff, applicationId, documentId);
      const preview = await previewOf(storage, document);
      if (!preview) throw deskProblems.documentNotFound();
      audit(request, 'document.read', { accountId: staff.account.id, applicationId, documentId }, 'staff');
      return sendPreview(reply, storage, preview);
    },

    async returnApplicationForChanges(request) {
      const staff = await deciding(request);
      const lists = await deskLists(s.db);
      const { application, opened } = await returnForChanges(
        s,
        staff,
        lists,
        request.params.applicationId,
        request.body,
      );
      const fields = { accountId: staff.account.id, applicationId: application.id };
      if (opened) audit(request, 'application.opened', fields, 'staff');
      audit(request, 'application.returned', fields, 'staff');
      audit(request, 'notice.queued', { ...fields, mail: 'applicationReturned' }, 'staff');
      return application;
    },

    async recordApplicationDecision(request) {
      const staff = await deciding(request);
      const lists = await deskLists(s.db);
      const { application, opened } = await recordDecision(
        s,
        staff,
        lists,
        request.params.applicationId,
        request.body,
      );
      const fields = { accountId: staff.account.id, applicationId: application.id };
      if (opened) audit(request, 'application.opened', fields, 'staff');
      audit(request, 'application.decided', fields, 'staff');
      audit(request, 'notice.queued', { ...fields, mail: 'applicationDecided' }, 'staff');
      return application;
    },

    async recordScreeningOutcome(request) {
      // The desk only: the screening is never the supervisor's, and offices and exchange staff do not see it.
      const staff = await writing(request, ['desk']);
      const { applicationId } = request.params;
      const { screening, released } = await recordScreeningOutcome(s, staff, applicationId, request.body);
      const fields = { accountId: staff.account.id, applicationId };
      audit(
        request,
        'screening.outcome-recorded',
        { ...fields, screeningOutcome: request.body.outcome },
        'staff',
      );
      if (released) {
        audit(request, 'consent.released', { ...fields, ...released }, 'staff');
        audit(request, 'notice.queued', { ...fields, ...released, mail: 'consentRequested' }, 'staff');
      }
      return screening;
    },

    async addApplicationNote(request, reply) {
      const staff = await writing(request, readingRoles);
      const lists = await deskLists(s.db);
      const { applicationId } = request.params;
      const note = await addNote(s, staff, lists, applicationId, request.body.text);
      audit(request, 'application.note-added', { accountId: staff.account.id, applicationId }, 'staff');
      return reply.code(201).send(note);
    },
  };
}
