// For `npm run bench:applications` (scripts/bench-web.mjs --applications): prepares, before the server starts
// on the same database, the two applicants whose pages Lighthouse measures, through the provider states the
// pacts use (apps/api/src/providerStates/applicationStates.ts; in-process, the server itself will run without
// them): one with a complete master's draft (its task list, a section, Check your answers), one with a
// submitted application (its receipt, and /applications listing it). Prints one JSON line:
// {"draft": {"cookie", "applicationId"}, "submitted": {"cookie", "applicationId"}}.
// Usage: node apps/api/scripts/applicationPages.ts <PUBLIC_URL> <DATA_DIR>
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db.ts';
import { setUpState } from '../src/providerStates/states.ts';
import { sessionCookieName } from '../src/services.ts';

const [publicUrl, dataDir] = process.argv.slice(2);
if (!publicUrl || !dataDir) {
  console.error('usage: node apps/api/scripts/applicationPages.ts <PUBLIC_URL> <DATA_DIR>');
  process.exit(2);
}
// No site to serve and no mail to send here: the receipt mail the submission queues is sent by the server.
const config = loadConfig({ PUBLIC_URL: publicUrl, WEB_DIST: '/nonexistent', LOG_LEVEL: 'warn' });
const db = await openDatabase({ dataDir, poolSize: 1 });
const server = await buildApp({ config, db });
try {
  const stamp = Date.now().toString(36);
  const made = async (state: string, email: string) => {
    const result = await setUpState(server.services, state, { email, password: 'Passw0rdPages' });
    return {
      cookie: `${sessionCookieName(config)}=${result.sessionId}`,
      applicationId: result.applicationId,
    };
  };
  const draft = await made(
    'the applicant has a complete draft application',
    `pages.${stamp}.draft@example.com`,
  );
  const submitted = await made(
    'the applicant has a submitted application',
    `pages.${stamp}.submitted@example.com`,
  );
  process.stdout.write(`${JSON.stringify({ draft, submitted })}\n`);
} finally {
  await server.close();
}
