// Property-based fuzzing of the operations in openapi.yaml (docs/testing.md#fuzzing): requests generated
// from the contract's request schemas, and hostile ones, sent through app.inject; each answer is checked
// against the invariants in ./invariants.ts. FUZZ_RUNS sets the runs per operation (200), FUZZ_SEED replays.
// Two test files share the operations between them (applicant.test.ts, lists.test.ts), so that Vitest runs
// them on two cores.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Operation } from '../../src/platform/contract.ts';
import { contract } from '../helpers.ts';
import { Fixture, type Outcome } from './harness.ts';
import { violations } from './invariants.ts';
import { requestArbitrary, type FuzzRequest } from './requests.ts';

const runs = Number(process.env.FUZZ_RUNS || 200);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
if (!Number.isSafeInteger(runs) || runs < 1)
  throw new Error(`FUZZ_RUNS must be a positive integer: ${process.env.FUZZ_RUNS}`);
if (!Number.isSafeInteger(seed)) throw new Error(`FUZZ_SEED must be an integer: ${process.env.FUZZ_SEED}`);

/** The operations of applicant.test.ts; lists.test.ts takes all the others. */
export const isApplicantOperation = (operation: Operation): boolean =>
  operation.path.startsWith('/api/applicant/');

/**
 * Operations whose success needs what random bytes cannot make: a passkey's signature over a fresh challenge
 * (passkeySignIn, addPasskey), a code from the authenticator app, behind a second-step cookie or a set-up
 * under way (finishSignIn, enableAuthenticatorApp), the id of a passkey the fuzzer's account holds, which only
 * addPasskey makes (renamePasskey, removePasskey), or the app on, which only enableAuthenticatorApp turns on
 * (disableAuthenticatorApp, renewRecoveryCodes). Their successes are tested with a software authenticator
 * and computed codes: test/passkeys.test.ts, test/authenticatorApp.test.ts, test/security/passkeyAttacks.test.ts,
 * test/security/secondStepAttacks.test.ts. Their refusals are still fuzzed like every operation's.
 */
const UNREACHABLE_SUCCESS: ReadonlySet<string> = new Set([
  'passkeySignIn',
  'addPasskey',
  'finishSignIn',
  'renamePasskey',
  'removePasskey',
  'enableAuthenticatorApp',
  'disableAuthenticatorApp',
  'renewRecoveryCodes',
  // A multipart body with a file whose bytes are a PDF or an image: the generator writes JSON bodies only. Its
  // successes and refusals are tested with real files in test/security/applicationDocuments.test.ts.
  'uploadApplicationDocument',
  // Asking a supervisor needs a draft whose programme option requires consent (operator data), a research plan
  // uploaded (a multipart file) and a teacher with a staff account; withdrawing needs such a request waiting.
  // Their successes and refusals are tested in test/consent/consent.test.ts and test/security/consentAttacks.test.ts.
  'requestConsent',
  'withdrawConsentRequest',
]);

/**
 * The operation a request really reached. A path parameter that is a dot segment (`.`, `..`, `%2e`) is
 * resolved by the URL parser before routing, as a browser resolves it: `GET /applications/.` is the list's
 * path, `GET /applications/{id}/documents/..` the application's. Its answer is that operation's to give.
 */
function reached(operation: Operation, outcome: Outcome): Operation {
  const raw = outcome.sent.url.split('?')[0]!;
  let resolved: string;
  try {
    resolved = new URL(raw, 'http://localhost').pathname;
  } catch {
    return operation;
  }
  if (resolved === raw) return operation;
  const method = outcome.sent.method.toLowerCase();
  const matches = (template: string) =>
    new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}/?$`).test(resolved);
  return contract.operations.find((other) => other.method === method && matches(other.path)) ?? operation;
}

/** Answers per operation and status (`*`: a guard status openapi.yaml does not list for the operation). */
const statistics = new Map<string, Map<string, number>>();

function tally(operation: Operation, outcome: Outcome): void {
  const byStatus = statistics.get(operation.operationId) ?? new Map<string, number>();
  statistics.set(operation.operationId, byStatus);
  let key = String(outcome.status);
  if (!operation.responses.has(outcome.status)) {
    const type = (outcome.body as { type?: string } | undefined)?.type?.replace(
      'urn:pre-admission:problem:',
      '',
    );
    key = `${key}* ${type}`;
  }
  byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
}

function printStatistics(started: { wall: number; cpu: NodeJS.CpuUsage }): void {
  const cpu = process.cpuUsage(started.cpu);
  const lines = [...statistics].map(
    ([id, byStatus]) =>
      `${id}: ${[...byStatus]
        .sort()
        .map(([k, n]) => `${k}=${n}`)
        .join(' ')}`,
  );
  lines.push(
    `wall ${((performance.now() - started.wall) / 1000).toFixed(1)} s, cpu ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s`,
  );
  console.info(lines.join('\n'));
}

/** What a failure prints besides fast-check's counterexample: the answer, and how to replay the run. */
function report(outcome: Outcome, found: string[]): string {
  const { sent } = outcome;
  const payload =
    sent.payload === undefined
      ? '(none)'
      : String(sent.payload).slice(0, 300) + (String(sent.payload).length > 300 ? '…' : '');
  return [
    ...found,
    `request: ${sent.method} ${sent.url.slice(0, 300)}`,
    `headers: ${JSON.stringify(sent.headers).slice(0, 300)}`,
    `body: ${payload}`,
    `answer: ${outcome.status} ${outcome.contentType ?? ''} ${outcome.text.slice(0, 300)}`,
  ].join('\n');
}

/** Fuzzes every operation of openapi.yaml the predicate selects, on a server of its own. */
export function fuzzOperations(title: string, selected: (operation: Operation) => boolean): void {
  const operations = contract.operations.filter(selected);
  let fixture: Fixture;
  let started: { wall: number; cpu: NodeJS.CpuUsage };
  beforeAll(async () => {
    started = { wall: performance.now(), cpu: process.cpuUsage() };
    fixture = await Fixture.start();
  });
  afterAll(async () => {
    await fixture.close();
    if (process.env.FUZZ_STATS) printStatistics(started);
  });

  describe(`fuzzing ${title} (${runs} runs each, FUZZ_SEED=${seed})`, () => {
    for (const operation of operations) {
      it(
        `${operation.operationId} (${operation.method.toUpperCase()} ${operation.path})`,
        async () => {
          const property = fc.asyncProperty(
            requestArbitrary(contract, operation),
            async (request: FuzzRequest) => {
              const outcome = await fixture.send(operation, request);
              tally(operation, outcome);
              const found = violations(reached(operation, outcome), outcome);
              if (found.length > 0) throw new Error(report(outcome, found));
            },
          );
          try {
            await fc.assert(property, { numRuns: runs, seed });
          } catch (error) {
            // fast-check's message carries the counterexample and its own seed; this says how to rerun it.
            const replay = `Replay: FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npx vitest run --project api apps/api/test/fuzz -t '${operation.operationId} '`;
            throw new Error(`${replay}\n${(error as Error).message}`, { cause: error });
          }
        },
        Math.max(120_000, runs * 1_500),
      );
    }

    // A generator that only ever produced refusals would pass everything above and test little: at the
    // default number of runs, each operation must have been answered with a success it lists, but those
    // whose success needs a proof no generator can forge (UNREACHABLE_SUCCESS).
    it.skipIf(runs < 200)('reached a success answer of every operation', () => {
      const missed = operations
        .filter((operation) => !UNREACHABLE_SUCCESS.has(operation.operationId))
        .filter((operation) => {
          const successes = [...operation.responses.keys()].filter((status) => status < 300).map(String);
          const seen = statistics.get(operation.operationId) ?? new Map<string, number>();
          return !successes.some((status) => (seen.get(status) ?? 0) > 0);
        })
        .map((operation) => operation.operationId);
      expect(missed).toEqual([]);
    });
  });
}
