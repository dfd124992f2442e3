import type { UploadXhr } from '../client/upload';

/**
 * A stand-in for XMLHttpRequest in unit tests, injected as the upload's `xhr` (no global is patched): it
 * records what was sent and answers from a function with a Response, after the progress steps it is given.
 * {@link xhrOverFetch} sends it on with fetch instead, for msw/node (whose XMLHttpRequest needs a DOM).
 */
export interface FakeXhr extends UploadXhr {
  readonly sent: {
    method: string;
    url: string;
    headers: Record<string, string>;
    body: FormData | undefined;
  };
  readonly aborted: boolean;
}

export function fakeXhr(
  answer: (sent: FakeXhr['sent']) => Response | 'network-error' | Promise<Response | 'network-error'>,
  { progress = [] as Array<[loaded: number, total: number]> } = {},
): FakeXhr {
  const sent = {
    method: '',
    url: '',
    headers: {} as Record<string, string>,
    body: undefined as FormData | undefined,
  };
  let response: Response | undefined;
  let text = '';
  let aborted = false;
  const xhr = {
    sent,
    get aborted() {
      return aborted;
    },
    withCredentials: false,
    upload: { onprogress: null as ((event: { loaded: number; total: number }) => void) | null },
    onload: null as (() => void) | null,
    onerror: null as (() => void) | null,
    ontimeout: null as (() => void) | null,
    onabort: null as (() => void) | null,
    get status() {
      return response?.status ?? 0;
    },
    get responseText() {
      return text;
    },
    open(method: string, url: string) {
      sent.method = method;
      sent.url = url;
    },
    setRequestHeader(name: string, value: string) {
      sent.headers[name] = value;
    },
    getResponseHeader(name: string) {
      return response?.headers.get(name) ?? null;
    },
    abort() {
      if (aborted || response) return;
      aborted = true;
      queueMicrotask(() => xhr.onabort?.());
    },
    send(body: FormData) {
      sent.body = body;
      void (async () => {
        for (const [loaded, total] of progress) {
          await Promise.resolve();
          if (aborted) return;
          xhr.upload.onprogress?.({ loaded, total });
        }
        const answered = await answer(sent);
        if (aborted) return;
        if (answered === 'network-error') {
          xhr.onerror?.();
          return;
        }
        text = await answered.text();
        response = answered;
        xhr.onload?.();
      })();
    },
  };
  return xhr as unknown as FakeXhr;
}

/** An XMLHttpRequest that sends what it is given with the global fetch: msw/node answers it. */
export const xhrOverFetch = () =>
  fakeXhr(({ method, url, headers, body }) =>
    globalThis.fetch(url, { method, headers, body }).catch(() => 'network-error' as const),
  );
