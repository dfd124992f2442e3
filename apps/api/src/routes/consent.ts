// The applicant's side of the supervisor's consent (openapi.yaml tag `consent`,
// docs/behaviour.md#supervisor-consent). Thin, as routes/applications.ts: each handler finds the session's
// account (any other session state, a staff session included, is 404), takes a slot of the account's write
// limit for a change, calls ../consent/requests.ts and writes the audit line. A request is only ever found
// through the session's account and its application.
import { applicationConsent, requestConsent, withdrawConsentRequest } from '../consent/requests.ts';
import { audit } from '../platform/audit.ts';
import { applicantGuards } from './applicantGuards.ts';
import { requestLocale, type Handlers, type Services } from '../services.ts';

type Operation = 'getApplicationConsent' | 'requestConsent' | 'withdrawConsentRequest';

export function consentHandlers(s: Services): Handlers<Operation> {
  const { signedIn, changing } = applicantGuards(s);

  return {
    async getApplicationConsent(request) {
      const account = await signedIn(request);
      return applicationConsent(s, account.id, request.params.applicationId);
    },

    async requestConsent(request, reply) {
      const account = await changing(request);
      const locale = requestLocale(request);
      const { applicationId } = request.params;
      const { consent, requestId, teacherId, held } = await requestConsent(
        s,
        { accountId: account.id, locale },
        applicationId,
        request.body.message,
      );
      const fields = { accountId: account.id, applicationId, consentRequestId: requestId, teacherId };
      audit(request, 'consent.requested', fields);
      // A request held by its screening is mailed to the supervisors when the desk clears it.
      if (!held) audit(request, 'notice.queued', { ...fields, mail: 'consentRequested' });
      return reply.code(201).send(consent);
    },

    async withdrawConsentRequest(request) {
      const account = await changing(request);
      const { applicationId, consentRequestId } = request.params;
      const consent = await withdrawConsentRequest(s, account.id, applicationId, consentRequestId);
      audit(request, 'consent.withdrawn', { accountId: account.id, applicationId, consentRequestId });
      return consent;
    },
  };
}
