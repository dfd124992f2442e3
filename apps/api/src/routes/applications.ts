// The applications (openapi.yaml tag `applications`, docs/behaviour.md#applications): the periods, public, and
// the signed-in applicant's own applications. Thin: each handler finds the session's account, takes a slot of
// the account's write limit for a change, calls ../application/operations.ts and writes the audit line.
// An application is only ever found through the session's account (docs/security.md#applications).
import type { FastifyRequest } from 'fastify';
import { periodState } from '@pre-admission/rules';
import {
  discardApplication,
  getApplication,
  saveApplicationAnswers,
  startApplication,
  submitApplication,
  withdrawApplication,
} from '../application/operations.ts';
import { applicationsOf, summaries } from '../application/repository.ts';
import { audit } from '../platform/audit.ts';
import { applicantGuards } from './applicantGuards.ts';
import { requestLocale, type Handlers, type Services } from '../services.ts';

/** Seconds a browser may reuse the periods: an edit of PERIODS_FILE reaches every page within a minute. */
const PERIODS_MAX_AGE = 60;

type Operation =
  | 'listApplicationPeriods'
  | 'listApplications'
  | 'startApplication'
  | 'getApplication'
  | 'saveApplicationAnswers'
  | 'discardApplication'
  | 'submitApplication'
  | 'withdrawApplication';

export function applicationHandlers(s: Services): Handlers<Operation> {
  const log = (request: FastifyRequest) => ({
    error: (line: string) => request.log.error(line),
    info: (line: string) => request.log.info(line),
  });
  const { signedIn, changing } = applicantGuards(s);

  return {
    async listApplicationPeriods(request, reply) {
      const now = s.clock.now();
      // The same for everyone, and no secret: cacheable (the API is otherwise no-store).
      reply.header('cache-control', `public, max-age=${PERIODS_MAX_AGE}`);
      return s.periods.listed(now, log(request)).map((period) => ({
        id: period.id,
        programId: period.programId,
        opensAt: period.opensAt.toISOString(),
        closesAt: period.closesAt.toISOString(),
        state: periodState(period, now),
      }));
    },

    async listApplications(request) {
      const account = await signedIn(request);
      return { applications: await summaries(s.db, await applicationsOf(s.db, account.id)) };
    },

    async startApplication(request, reply) {
      const account = await changing(request);
      const application = await startApplication(s, account.id, request.body.studentType);
      audit(request, 'application.started', { accountId: account.id, applicationId: application.id });
      return reply.code(201).send(application);
    },

    async getApplication(request) {
      const account = await signedIn(request);
      return getApplication(s, account.id, request.params.applicationId);
    },

    async saveApplicationAnswers(request) {
      const account = await changing(request);
      const { application, sections } = await saveApplicationAnswers(
        s,
        account.id,
        request.params.applicationId,
        request.body,
      );
      audit(request, 'application.saved', { accountId: account.id, applicationId: application.id, sections });
      return application;
    },

    async discardApplication(request, reply) {
      const account = await changing(request);
      const { applicationId } = request.params;
      await discardApplication(s, account.id, applicationId);
      audit(request, 'application.discarded', { accountId: account.id, applicationId });
      return reply.code(204).send();
    },

    async submitApplication(request) {
      const account = await changing(request);
      const locale = requestLocale(request);
      const { application, outcome } = await submitApplication(
        s,
        { accountId: account.id, email: account.email, locale, log: log(request) },
        request.params.applicationId,
      );
      // Already submitted (a double click, a retry): nothing changed, nothing to write.
      if (outcome !== 'already') {
        const fields = { accountId: account.id, applicationId: application.id };
        audit(request, `application.${outcome}`, { ...fields, reference: application.reference! });
        audit(request, 'notice.queued', { ...fields, mail: 'applicationReceipt' });
      }
      return application;
    },

    async withdrawApplication(request) {
      const account = await changing(request);
      const { application, withdrawn } = await withdrawApplication(
        s,
        account.id,
        request.params.applicationId,
        request.body.reason,
      );
      if (withdrawn)
        audit(request, 'application.withdrawn', { accountId: account.id, applicationId: application.id });
      return application;
    },
  };
}
