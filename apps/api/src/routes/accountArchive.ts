// Issue 42, the applicant's own copy (openapi.yaml downloadAccountArchive, docs/behaviour.md#your-data): the
// account's session only, with a second factor where the operator asks for one and a recent sign-in (a cookie
// found in an unattended browser must not carry off everything at once: docs/security.md#recent-sign-in), a
// slot of the account's archive limit, an audit line; then the zip, written as the files are read.
import { Readable } from 'node:stream';
import { accountArchiveFileName, accountArchiveZip, readAccountArchive } from '../account/archive.ts';
import { requireRecentSignIn } from '../account/confirmation.ts';
import { refuseWithoutSecondFactor } from '../account/secondFactors.ts';
import { DatabaseFileStorage } from '../application/files/storage.ts';
import { audit } from '../platform/audit.ts';
import { problems } from '../platform/problem.ts';
import { limitKeys, take } from '../platform/rateLimits.ts';
import { lookupSession, requestLocale, type Handlers, type Services } from '../services.ts';
import { contentDisposition, fileHeaders } from './applicationDocuments.ts';

export function accountArchiveHandlers(s: Services): Handlers<'downloadAccountArchive'> {
  const storage = new DatabaseFileStorage(s.db, s.clock);
  return {
    async downloadAccountArchive(request, reply) {
      const session = await lookupSession(s, request);
      if (session.state !== 'valid') throw problems.noSession(404);
      const { account } = session;
      await refuseWithoutSecondFactor(s, account.id);
      requireRecentSignIn(s, session);
      await take(s.db, s.clock, [
        { key: limitKeys.accountArchive(account.id), limit: s.config.limits.accountArchivesPerAccount },
      ]);
      const now = s.clock.now();
      const archive = await readAccountArchive(s.db, account.id, requestLocale(request), now);
      // Every file is there before the first byte is sent: a missing one is a 500, not a zip cut short.
      for (const { document } of archive.files)
        if (!(await storage.stat(document.fileId)))
          throw new Error(`document ${document.id} has no stored file ${document.fileId}`);
      audit(request, 'account.archive.downloaded', { accountId: account.id });
      fileHeaders(
        reply,
        'application/zip',
        undefined,
        contentDisposition('attachment', accountArchiveFileName(now)),
      );
      return reply.send(Readable.from(accountArchiveZip(storage, archive, now)));
    },
  };
}
