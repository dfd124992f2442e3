// TRANSITIONAL (issue 38, removed before the stop): the application operations of openapi.yaml whose handlers are
// being built on their branches (routes/applications.ts, routes/applicationDocuments.ts). Each answers 500 so the
// server starts with the new contract meanwhile; each branch deletes the names it implements from this file.
import type { Handlers } from '../services.ts';

const pending = [
  'listApplicationPeriods',
  'listApplications',
  'startApplication',
  'getApplication',
  'saveApplicationAnswers',
  'discardApplication',
  'submitApplication',
  'withdrawApplication',
] as const;

export function pendingApplicationHandlers(): Handlers<(typeof pending)[number]> {
  const notYet = async () => {
    throw new Error('This application operation is being built (issue 38).');
  };
  return Object.fromEntries(pending.map((name) => [name, notYet])) as unknown as Handlers<
    (typeof pending)[number]
  >;
}
