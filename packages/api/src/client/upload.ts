import { ApiError, MalformedResponseError, NetworkError, parseRetryAfter, type Problem } from './errors';
import { createRequestId } from './requestId';

/** How far a file has gone up: bytes sent of the body's total. */
export interface UploadProgress {
  readonly loaded: number;
  readonly total: number;
}

export interface UploadCallOptions {
  /** Cancels the upload: the call then fails with a NetworkError whose `cause` is the signal's reason. */
  signal?: AbortSignal;
  /** Called as the body goes up (XMLHttpRequest's `upload.onprogress`). */
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * The part of XMLHttpRequest an upload uses, written out so that the package also typechecks without the DOM
 * library (the reference server imports it for the request id).
 */
export interface UploadXhr {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  getResponseHeader(name: string): string | null;
  send(body: FormData): void;
  abort(): void;
  withCredentials: boolean;
  readonly status: number;
  readonly responseText: string;
  readonly upload: { onprogress: ((event: { loaded: number; total: number }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  ontimeout: (() => void) | null;
  onabort: (() => void) | null;
}

export interface UploadTransport {
  /** Where the API lives, as the client's `baseUrl`. */
  baseUrl: string;
  /** Injected in tests; defaults to the global XMLHttpRequest, looked up at call time. */
  xhr?: () => UploadXhr;
  /** Clock and randomness for the request id (tests). */
  now?: () => number;
  random?: () => number;
}

const problemTypes = new Set(['application/problem+json', 'application/json']);

function problemOf(xhr: UploadXhr): Problem | undefined {
  const type = xhr.getResponseHeader('Content-Type')?.split(';')[0]?.trim().toLowerCase();
  if (!type || !problemTypes.has(type)) return undefined;
  try {
    const body: unknown = JSON.parse(xhr.responseText);
    if (body && typeof body === 'object' && 'status' in body && 'title' in body) return body as Problem;
  } catch {
    // An unreadable error body still leaves the status to go by.
  }
  return undefined;
}

const newXhr = (): UploadXhr => {
  const { XMLHttpRequest } = globalThis as unknown as { XMLHttpRequest: new () => UploadXhr };
  return new XMLHttpRequest();
};

/**
 * Sends a multipart body with XMLHttpRequest, which (unlike fetch) reports how far the upload has gone. It
 * keeps the client's rules (docs/behaviour.md#api-calls): Accept JSON and an X-Request-Id on the request, the
 * session cookie of the same origin, any status outside 200-299 an ApiError with its problem, its Retry-After
 * and the request id to quote, a 2xx body that is no JSON a MalformedResponseError, no answer a NetworkError.
 * The browser writes the multipart Content-Type with its boundary itself.
 */
export function sendForm(
  transport: UploadTransport,
  path: string,
  form: FormData,
  { signal, onProgress }: UploadCallOptions = {},
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new NetworkError(signal.reason));
      return;
    }
    const xhr = transport.xhr?.() ?? newXhr();
    const requestId = createRequestId(transport.now?.(), transport.random);
    const abort = () => xhr.abort();
    const settle = () => signal?.removeEventListener('abort', abort);

    xhr.open('POST', `${transport.baseUrl}${path}`);
    // Same-origin cookies only, as a form post would send them; never another site's.
    xhr.withCredentials = false;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-Request-Id', requestId);
    if (onProgress) {
      xhr.upload.onprogress = (event) => onProgress({ loaded: event.loaded, total: event.total });
    }
    xhr.onload = () => {
      settle();
      if (xhr.status < 200 || xhr.status > 299) {
        const problem = problemOf(xhr);
        reject(
          new ApiError(
            xhr.status,
            problem,
            parseRetryAfter(xhr.getResponseHeader('Retry-After')),
            undefined,
            problem?.instance ?? requestId,
          ),
        );
        return;
      }
      try {
        resolve(xhr.responseText ? JSON.parse(xhr.responseText) : undefined);
      } catch (cause) {
        reject(new MalformedResponseError(xhr.status, cause));
      }
    };
    xhr.onerror = () => {
      settle();
      reject(new NetworkError(new Error('The upload got no answer.')));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      settle();
      reject(new NetworkError(signal?.reason ?? new Error('The upload was cancelled.')));
    };
    signal?.addEventListener('abort', abort, { once: true });
    xhr.send(form);
  });
}
