import { delay, HttpResponse } from 'msw';
import { createOpenApiHttp } from 'openapi-msw';
import { problemExamples } from '../generated/examples';
import type { components, paths } from '../generated/schema';

/**
 * Typed MSW handlers built from the generated paths. `*` matches any origin and any base path in front of
 * `/api`, so the same handlers serve Storybook, node tests and an app mounted under `/pre-admission/`.
 */
export const http = createOpenApiHttp<paths>({ baseUrl: '*' });

type OperationId = keyof typeof problemExamples;

/** The request id of a mocked 5xx: what the screens ask the applicant to quote. */
export const mockRequestId = '187654321:2048';

/**
 * The contract's example problem body for an operation's error status, sent as application/problem+json;
 * `404:used` names one of the status's named examples (the link states of docs/behaviour.md#link-states).
 */
export function problem<Id extends OperationId>(
  operationId: Id,
  status: keyof (typeof problemExamples)[Id] & string,
  headers: Record<string, string> = {},
  /** Fields over the example's: `instance`, the request id the server logged. */
  extra: Partial<components['schemas']['Problem']> = {},
): HttpResponse<components['schemas']['Problem']> {
  const body = (problemExamples[operationId] as Record<string, components['schemas']['Problem']>)[status];
  if (!body) throw new Error(`openapi.yaml has no example for ${operationId} ${status}`);
  const code = Number(status.split(':')[0]);
  // The server names every problem with the request id it logged; a 5xx shows it to quote to the desk, so
  // a mocked one carries a fixed id (else the browser's own, new on every run, and no screenshot is stable).
  const instance = code >= 500 ? { instance: mockRequestId } : {};
  return HttpResponse.json(
    { ...body, ...instance, ...extra },
    {
      status: code,
      headers: { 'Content-Type': 'application/problem+json', ...headers },
    },
  );
}

/** 429 with Retry-After, as the provider sends it. */
export function rateLimited<Id extends OperationId>(operationId: Id, retryAfterSeconds = 60) {
  return problem(operationId, '429' as keyof (typeof problemExamples)[Id] & string, {
    'Retry-After': String(retryAfterSeconds),
  });
}

/** A request that never answers: for "Submitting" stories that show the pending state. */
export async function never(): Promise<never> {
  await delay('infinite');
  throw new Error('unreachable');
}

/** A failure with no HTTP status (network down): the screen stays and says the site could not be reached. */
export function networkError(): Response {
  return HttpResponse.error();
}
