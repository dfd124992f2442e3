import { createApi, type UploadXhr } from '@pre-admission/api';

/**
 * A real XMLHttpRequest (its request goes to the story's MSW handlers, through the adapter's upload), whose
 * progress the story reports itself, so that a screenshot never depends on how fast the worker reads the
 * body: 40 % of the file at once. The browser's own progress events are not passed on.
 */
export function storyXhr(): UploadXhr {
  const real = new XMLHttpRequest();
  const upload: UploadXhr['upload'] = { onprogress: null };
  const xhr: UploadXhr = {
    open: (method, url) => real.open(method, url),
    setRequestHeader: (name, value) => real.setRequestHeader(name, value),
    getResponseHeader: (name) => real.getResponseHeader(name),
    send: (body) => {
      real.send(body);
      const file = body.get('file');
      const size = file instanceof File ? file.size : 0;
      setTimeout(() => upload.onprogress?.({ loaded: Math.round(size * 0.4), total: size }), 0);
    },
    abort: () => real.abort(),
    get withCredentials() {
      return real.withCredentials;
    },
    set withCredentials(value) {
      real.withCredentials = value;
    },
    get status() {
      return real.status;
    },
    get responseText() {
      return real.responseText;
    },
    upload,
    onload: null,
    onerror: null,
    ontimeout: null,
    onabort: null,
  };
  real.onload = () => xhr.onload?.();
  real.onerror = () => xhr.onerror?.();
  real.ontimeout = () => xhr.ontimeout?.();
  real.onabort = () => xhr.onabort?.();
  return xhr;
}

/** The adapter over the stories' MSW handlers, its uploads through {@link storyXhr}. */
export const storyApi = () => createApi({ xhr: storyXhr });
