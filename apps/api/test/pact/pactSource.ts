// What every verification of the front end's pact shares: which pact, which provider, which states.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const PROVIDER = 'pre-admission-api';
export const CONSUMER = 'pre-admission-web';

/** The pact the consumer tests write and commit (packages/api/pact). */
export const pactFile = fileURLToPath(
  new URL(`../../../../pacts/${CONSUMER}-${PROVIDER}.json`, import.meta.url),
);

/** The desk console's pact (`@pre-admission/api/staff`, packages/api/pact/staff). */
export const STAFF_CONSUMER = 'pre-admission-desk';
export const staffPactFile = fileURLToPath(
  new URL(`../../../../pacts/${STAFF_CONSUMER}-${PROVIDER}.json`, import.meta.url),
);

/** Every pact of pacts/: what the provider is verified against. */
export const pactFiles = [pactFile, staffPactFile] as const;

/**
 * The provider states the pact uses, as exact sentences. The verification sets each up through the
 * provider's own state functions (apps/api/src/providerStates/states.ts); a sentence missing here fails the
 * verification test before the Verifier runs.
 */
export const STATES = [
  'an account exists for applicant@example.com',
  'an account exists for taken@example.com',
  'no account exists for nobody@example.com',
  'no account exists for new@example.com',
  'a registration token exists for new@example.com',
  'a password reset token exists for applicant@example.com',
  'an email change token exists for new@example.com',
  'a used registration token exists for new@example.com',
  'an expired registration token exists for new@example.com',
  'a superseded registration token exists for new@example.com',
  'an expired password reset token exists for applicant@example.com',
  'a used email change token exists for new@example.com',
  'a superseded email change token exists for new@example.com',
  'the hourly mail limit is reached for new@example.com',
  'the hourly mail limit is reached for applicant@example.com',
  'the applicant is signed in',
  'the session has been revoked',
  'the session has been idle past its idle time',
  'the applicant has saved a plan',
  'a maintenance stop is announced',
  // Issue 28: passkeys and recent sign-in (apps/api/src/providerStates/passkeyStates.ts).
  'a passkey sign-in is under way',
  'the applicant is signed in and confirmed',
  'the applicant is signed in, not confirmed recently',
  'the applicant has a passkey',
  'adding a passkey is under way',
  'the authenticator app is being set up',
  'the authenticator app is on',
  'a password sign-in waits for its second step',
  'a second factor is required and the account has none',
  // Issue 39, item 2: consecutive second-factor failures.
  'codes are stopped after too many wrong ones',
  // Issue 38: applications (apps/api/src/providerStates/applicationStates.ts).
  'the applicant has a draft application',
  'the applicant has a complete draft application',
  'the applicant has a complete draft application whose period is closed',
  'the applicant has a submitted application',
  'the applicant has an application returned for changes',
  'the applicant has a decided application',
  'the applicant has a withdrawn application',
  'the applicant has a draft application with an uploaded image',
  'another applicant has an application',
  // Issue 40, item 2: the supervisor's consent (applicationStates.ts too).
  'the applicant has a complete draft application whose programme requires consent',
  'the applicant has a consent request waiting',
  'the applicant has a withdrawn consent request',
  // Issue 39, item 12: a reset request in the cooldown of the account's last reset mail.
  'a password reset mail was just sent to applicant@example.com',
  // Issue 40: the desk console's pact (apps/api/src/providerStates/staffStates.ts).
  'a desk member is signed in',
  'a staff member without a second factor is signed in',
  'an office member is signed in',
  'the supervisor is signed in',
  'the staff session has been revoked',
  'a staff member without a second factor has the password Passw0rd2026',
  'a staff invitation exists for invitee@example.ac.jp',
  'a staff sign-in waits for its second step',
  'a staff member without a second factor is setting up the authenticator app',
  'a staff member without a second factor signed in long ago',
  'a staff member without a second factor is adding a passkey',
] as const;

/** Every provider state sentence the pacts name. */
export function statesInPact(files: readonly string[] = pactFiles): string[] {
  const interactions = files.flatMap(
    (file) =>
      (
        JSON.parse(readFileSync(file, 'utf8')) as {
          interactions: { providerStates?: { name: string }[] }[];
        }
      ).interactions,
  );
  return [...new Set(interactions.flatMap((i) => (i.providerStates ?? []).map((s) => s.name)))].sort();
}

/**
 * A requestFilter for pact-js's Verifier. Its proxy forwards a request that has no body (a PATCH to activate
 * an email change) as an empty chunked body, which no browser sends and which a server may refuse as a
 * body without a content type. Marking it `Content-Length: 0` sends what the browser sends.
 */
export function noBodyMeansEmpty(
  request: { headers: Record<string, string | string[] | undefined> },
  _response: unknown,
  next: () => void,
): void {
  if (request.headers['content-length'] === undefined && request.headers['transfer-encoding'] === undefined) {
    request.headers['content-length'] = '0';
  }
  next();
}
