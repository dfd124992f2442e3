import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from '../generated/schema';
import { ApiError, MalformedResponseError, NetworkError, parseRetryAfter, readProblem } from './errors';
import { serializeQuery } from './querySerializer';
import { createRequestId } from './requestId';
import type { UploadXhr } from './upload';
import { retryReads } from './retryReads';

/**
 * The generated paths with `X-Request-Id` taken out of the header parameters: the middleware sets it on
 * every request, so no call site has to.
 */
type WithoutRequestId<Operation> = Operation extends { parameters: infer Parameters }
  ? Omit<Operation, 'parameters'> & {
      parameters: Omit<Parameters, 'header'> & { header?: never };
    }
  : Operation;
export type ClientPaths = {
  [Path in keyof paths]: { [Method in keyof paths[Path]]: WithoutRequestId<paths[Path][Method]> };
};

export type ApiClient = Client<ClientPaths, 'application/json'>;

export interface ApiClientOptions {
  /** Where the API lives: '' (same origin, the default) or a base path such as '/pre-admission'. */
  baseUrl?: string;
  /** Injected in tests; defaults to the global fetch, looked up at call time so mocks installed later apply. */
  fetch?: (request: Request) => Promise<Response>;
  /** Clock and randomness for the request id (tests). */
  now?: () => number;
  random?: () => number;
  /** The pause before a read is sent again (tests). */
  sleep?: (ms: number) => Promise<void>;
  /** The XMLHttpRequest an upload uses, for its progress (tests; defaults to the global one). */
  xhr?: () => UploadXhr;
}

/** docs/behaviour.md#api-calls: credentials, JSON and a request id on every call. */
export function requestDefaults(options: ApiClientOptions): Middleware {
  return {
    onRequest({ request }) {
      const headers = new Headers(request.headers);
      headers.set('Accept', 'application/json');
      // openapi-fetch sets a Content-Type only when there is a body; a JSON content type on an empty DELETE
      // is refused by strict servers, so we never add one where it left none.
      if (headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
      headers.set('X-Request-Id', createRequestId(options.now?.(), options.random));
      return new Request(request, { headers, credentials: 'include' });
    },
  };
}

/** docs/behaviour.md#api-calls: any status outside 200-299 is a failure; one with no status at all is a different failure. */
export const failures: Middleware = {
  async onResponse({ request, response }) {
    if (!response.ok) {
      const problem = await readProblem(response.clone());
      // The id to quote to the desk: the server's (every problem's `instance`, docs/hosting.md#request-ids),
      // else the one this request carried (a proxy's error page has no problem body).
      const requestId = problem?.instance ?? request.headers.get('X-Request-Id') ?? undefined;
      throw new ApiError(
        response.status,
        problem,
        parseRetryAfter(response.headers.get('Retry-After')),
        undefined,
        requestId,
      );
    }
    const text = await response.clone().text();
    if (text) {
      try {
        JSON.parse(text);
      } catch (cause) {
        throw new MalformedResponseError(response.status, cause);
      }
    }
    return undefined;
  },
  onError({ error }) {
    return error instanceof ApiError || error instanceof NetworkError ? error : new NetworkError(error);
  },
};

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const fetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const client = createClient<ClientPaths>({
    baseUrl: options.baseUrl ?? '',
    fetch,
    querySerializer: serializeQuery,
  });
  applyClientMiddleware(client, options, fetch);
  return client;
}

/**
 * The middleware every client of this package runs (the applicant's and the staff's, src/staff/client.ts).
 * onError runs from the last middleware to the first: `failures` names the failure, then a read that got no
 * answer is sent again, and its answer goes through `failures` like any other.
 */
export function applyClientMiddleware(
  client: { use: (...middleware: Middleware[]) => void },
  options: ApiClientOptions,
  fetch: (request: Request) => Promise<Response>,
): void {
  client.use(requestDefaults(options), retryReads({ fetch, sleep: options.sleep }), failures);
}
