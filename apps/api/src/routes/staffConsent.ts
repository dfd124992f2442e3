// The staff's side of the supervisor's consent (openapi.staff.yaml tag `staff-consent`,
// docs/security.md#staff). A supervisor reads and decides the requests naming them; the desk reads every one;
// the office and exchange roles answer 403 `role_refused`. A request out of reach answers exactly as an unknown
// id. Every read is audited (`staff.consent.listed`, `staff.consent.read`, the research plan as
// `staff.document.read`), and so is every decision.
import { z } from 'zod';
import { documentRowsOf } from '../application/files/documents.ts';
import { DatabaseFileStorage } from '../application/files/storage.ts';
import {
  consentDecidingRoles,
  consentReadingRoles,
  decideConsentRequest,
  findStaffRequest,
  listConsentRequests,
  researchPlanOf,
} from '../consent/requests.ts';
import { deskProblems } from '../desk/actions.ts';
import { audit } from '../platform/audit.ts';
import { problems } from '../platform/problem.ts';
import type { Handlers, Services } from '../services.ts';
import { staffIn } from '../staff/access.ts';
import { sendOriginal } from './applicationDocuments.ts';

type Operation =
  'listConsentRequests' | 'getConsentRequest' | 'getConsentResearchPlan' | 'decideConsentRequest';

const listQuery = z
  .object({ status: z.enum(['requested', 'accepted', 'declined', 'expired', 'withdrawn']).optional() })
  .strict();

export function staffConsentHandlers(s: Services): Handlers<Operation> {
  const storage = new DatabaseFileStorage(s.db, s.clock);

  return {
    async listConsentRequests(request) {
      const staff = await staffIn(s, request, consentReadingRoles);
      const parsed = listQuery.safeParse(request.query ?? {});
      if (!parsed.success)
        throw problems.validation(
          parsed.error.issues.map((issue) => ({
            field: issue.code === 'unrecognized_keys' ? 'query' : String(issue.path[0] ?? 'query'),
            code: issue.code === 'unrecognized_keys' ? 'unknown_field' : 'invalid',
          })),
        );
      const requests = await listConsentRequests(s.db, staff, parsed.data.status);
      audit(request, 'consent.listed', { accountId: staff.account.id }, 'staff');
      return { requests };
    },

    async getConsentRequest(request) {
      const staff = await staffIn(s, request, consentReadingRoles);
      const { consentRequestId } = request.params;
      const { request: found } = await findStaffRequest(s.db, staff, consentRequestId);
      audit(
        request,
        'consent.read',
        { accountId: staff.account.id, consentRequestId, applicationId: found.applicationId },
        'staff',
      );
      return found;
    },

    async getConsentResearchPlan(request, reply) {
      const staff = await staffIn(s, request, consentReadingRoles);
      const { consentRequestId } = request.params;
      const { applicationId, documentId } = await researchPlanOf(s.db, staff, consentRequestId);
      const document = (await documentRowsOf(s.db, applicationId)).find((row) => row.id === documentId);
      if (!document) throw deskProblems.documentNotFound();
      audit(
        request,
        'document.read',
        { accountId: staff.account.id, applicationId, documentId, consentRequestId },
        'staff',
      );
      return sendOriginal(reply, storage, document);
    },

    async decideConsentRequest(request) {
      const staff = await staffIn(s, request, consentDecidingRoles);
      const { consentRequestId } = request.params;
      const decided = await decideConsentRequest(s, staff, consentRequestId, request.body);
      const fields = {
        accountId: staff.account.id,
        consentRequestId,
        applicationId: decided.applicationId,
      };
      const accepted = decided.status === 'accepted';
      audit(request, accepted ? 'consent.accepted' : 'consent.declined', fields, 'staff');
      audit(
        request,
        'notice.queued',
        { ...fields, mail: accepted ? 'consentAccepted' : 'consentDeclined' },
        'staff',
      );
      return decided;
    },
  };
}
