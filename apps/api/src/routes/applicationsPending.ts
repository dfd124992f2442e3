// TRANSITIONAL (issue 38, removed before the stop): the application operations of openapi.yaml whose handlers are
// being built on their branches (routes/applicationDocuments.ts). Each answers 500 so the server starts with the
// new contract meanwhile; each branch deletes the names it implements from this file. The fuzz suite skips the
// operations listed here (test/fuzz/suite.ts): a 500 is all they can answer yet.
import type { Handlers } from '../services.ts';

export const pendingOperations = [
  'uploadApplicationDocument',
  'getApplicationDocument',
  'removeApplicationDocument',
  'getApplicationDocumentPreview',
] as const;

export function pendingApplicationHandlers(): Handlers<(typeof pendingOperations)[number]> {
  const notYet = async () => {
    throw new Error('This application operation is being built (issue 38).');
  };
  return Object.fromEntries(pendingOperations.map((name) => [name, notYet])) as unknown as Handlers<
    (typeof pendingOperations)[number]
  >;
}
