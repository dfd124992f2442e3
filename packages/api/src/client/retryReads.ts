import type { Middleware } from 'openapi-fetch';
import { NetworkError } from './errors';

/**
 * The pauses before a read that got no answer is sent again (issue 27: a train tunnel, a captive portal
 * that lets go a second later). Two more tries, the second after a longer pause: about two seconds in all
 * before the screen says the site could not be reached.
 */
export const readRetryDelaysMs = [500, 1500] as const;

export interface RetryReadsOptions {
  fetch: (request: Request) => Promise<Response>;
  /** Injected in tests. */
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends a GET that got no answer at all again, with a growing pause. Only a GET: it changes nothing on the
 * server, so sending it twice is safe; a POST, PUT, PATCH or DELETE whose answer was lost may have been
 * carried out, and only the applicant may decide to send it again ("Try again"). A read that got an answer,
 * even a 500, is not sent again: the server saw it, and every read the applicant makes counts as activity
 * for the session (docs/security.md#session-timeout). A request the app itself aborted stays aborted.
 */
export function retryReads({ fetch, sleep = wait }: RetryReadsOptions): Middleware {
  return {
    async onError({ request, error }) {
      if (request.method !== 'GET' || !(error instanceof NetworkError)) return undefined;
      for (const delay of readRetryDelaysMs) {
        if (request.signal.aborted) return undefined;
        await sleep(delay);
        try {
          return await fetch(new Request(request));
        } catch {
          // No answer again: the next pause, or the NetworkError after the last.
        }
      }
      return undefined;
    },
  };
}
