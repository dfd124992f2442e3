// What must hold for every fuzzed request, whatever it was (docs/testing.md#fuzzing). Each check returns the
// ways the outcome breaks it; an empty list is a pass.
import { contract } from '../helpers.ts';
import type { Operation } from '../../src/platform/contract.ts';
import type { Outcome } from './harness.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const REQUEST_ID = /^[0-9]{1,15}:[0-9]{1,4}$/;

/** The reference lists answer the same 100 kB again and again: each distinct response is validated once. */
const validated = new Map<string, string[]>();

function contractProblems(operation: Operation, outcome: Outcome): string[] {
  const key = `${operation.operationId} ${outcome.status} ${outcome.contentType} ${outcome.text}`;
  let problems = validated.get(key);
  if (!problems) {
    problems = contract.checkResponse(
      operation.operationId,
      outcome.status,
      outcome.contentType,
      outcome.body,
    );
    validated.set(key, problems);
  }
  return problems;
}

const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort().join();

export function violations(operation: Operation, outcome: Outcome): string[] {
  const found: string[] = [];
  const { status, sent } = outcome;
  const refused = status >= 400 && status < 500;

  if (status >= 500) found.push(`answered ${status} (never a 5xx): ${outcome.text.slice(0, 300)}`);
  // Listed for the operation: openapi.yaml lists the guards' statuses (400, 403, 413) on every
  // state-changing operation; contract.ts's cross-cutting rule is not enough here (docs/testing.md#fuzzing).
  if (!operation.responses.has(status) && status < 500)
    found.push(`answered ${status}, which openapi.yaml does not list for ${operation.operationId}`);
  found.push(...contractProblems(operation, outcome));
  if (status === 429 || status === 503) {
    const retryAfter = Number(outcome.headers['retry-after']);
    if (!Number.isInteger(retryAfter) || retryAfter < 1)
      found.push(`${status} without a Retry-After of whole seconds`);
  }

  if (refused && outcome.changes.length > 0)
    found.push(`refused (${status}) but changed the database: ${describeChanges(outcome)}`);
  if (sent.method === 'GET' && outcome.changes.length > 0)
    found.push(`a GET changed the database (${status}): ${describeChanges(outcome)}`);

  const accepted = status >= 200 && status < 300;
  if (accepted && operation.validateBody) {
    if (!sent.parsed?.ok) found.push(`accepted (${status}) a body that is not JSON`);
    else if (!operation.validateBody(sent.parsed.value))
      found.push(`accepted (${status}) a body the schema refuses`);
  }
  const requestId = sent.headers['x-request-id'];
  if (accepted && STATE_CHANGING.has(sent.method) && (requestId === undefined || !REQUEST_ID.test(requestId)))
    found.push(`accepted (${status}) a state-changing request without a well-formed X-Request-Id`);

  const polluted = Object.getOwnPropertyNames(Object.prototype).sort().join() !== prototypeKeys;
  if (polluted || ({} as Record<string, unknown>).polluted !== undefined)
    found.push('Object.prototype was polluted');

  for (const secret of outcome.secrets)
    if (outcome.logLines.some((line) => line.includes(secret)))
      found.push(`a password, token or session id of the request was logged: ${secret.slice(0, 6)}…`);
  return found;
}

function describeChanges(outcome: Outcome): string {
  return outcome.changes
    .map((c) => `${c.operation} ${c.table_name} ${c.row_data?.slice(0, 200) ?? ''}`)
    .join('; ');
}
