import { ApiError, failureCause, failureRequestId } from '@pre-admission/api';
import type { MessageId } from '@pre-admission/i18n';
import { documentLimits } from './limits';

/**
 * The refusals of a file the applicant can act on, each with its own message (openapi.yaml `FileRefused`,
 * `FileTooLarge`, `ApplicationConflict`): what is wrong with this file, and what to do.
 */
export const refusalCodes = [
  'empty',
  'heic',
  'word',
  'encrypted_pdf',
  'damaged',
  'too_many_pixels',
  'unsupported_type',
  'file_too_large',
  'application_too_large',
  'too_many_files',
  'not_editable',
] as const;
export type RefusalCode = (typeof refusalCodes)[number];

/**
 * Why an upload or a removal did not happen: a refusal, or `past_due` (the return for changes is over),
 * `not_offered` (the slot is not one the application asks for any more), `not_found` (the application or the
 * file is gone, or the session: the section asks for the application again), `rate_limited`, `network` (no
 * answer), `server` (our side failed).
 */
export type DocumentProblem =
  RefusalCode | 'past_due' | 'not_offered' | 'not_found' | 'rate_limited' | 'network' | 'server';

export interface Failure {
  problem: DocumentProblem;
  /** The server's request id, to quote to the desk (a 5xx). */
  requestId?: string | undefined;
  /** Seconds to wait (a 429's Retry-After). */
  retryAfter?: number | undefined;
}

const isRefusal = (code: unknown): code is RefusalCode =>
  typeof code === 'string' && (refusalCodes as readonly string[]).includes(code);

/**
 * The problem of a failed call, from its status and the problem's `code` (the contract's, not the adapter's
 * failure names, so the messages follow openapi.yaml). `error` is the adapter's ApiError, or what it threw.
 */
export function failureOf(error: unknown): Failure {
  if (!(error instanceof ApiError))
    return { problem: failureCause(error) === 'network' ? 'network' : 'server' };
  const code = error.problem?.code;
  const fields = (error.problem as { errors?: ReadonlyArray<{ code?: unknown }> } | undefined)?.errors ?? [];
  if (isRefusal(code)) return { problem: code };
  switch (error.status) {
    case 400:
      return { problem: fields.some((item) => item.code === 'not_offered') ? 'not_offered' : 'server' };
    case 403:
    case 404:
      return { problem: 'not_found' };
    case 409:
      return { problem: code === 'past_due' ? 'past_due' : 'not_editable' };
    // A 413 without a code is the body's limit: the file is over it.
    case 413:
      return { problem: 'file_too_large' };
    case 415:
      return { problem: 'unsupported_type' };
    case 429:
      return { problem: 'rate_limited', retryAfter: error.retryAfter };
    default:
      return { problem: 'server', requestId: failureRequestId(error) };
  }
}

/**
 * What the section knows before sending a file: an empty file, one over 10 MB, or one that would take the
 * application past 100 MB or 50 files (`used`: the files stored and those waiting before it).
 */
export function refusalBeforeSending(
  file: Pick<File, 'size'>,
  used: { bytes: number; files: number },
): RefusalCode | undefined {
  if (file.size === 0) return 'empty';
  if (file.size > documentLimits.fileBytes) return 'file_too_large';
  if (used.files + 1 > documentLimits.files) return 'too_many_files';
  if (used.bytes + file.size > documentLimits.applicationBytes) return 'application_too_large';
  return undefined;
}

/**
 * Whether sending the same file again can succeed: after a lost connection, a failure on our side or a wait,
 * and once other files are removed (the application's limits). A refusal of the file itself needs another
 * file; a closed slot or a past due date needs nothing sent.
 */
export function canRetry(problem: DocumentProblem): boolean {
  return (
    problem === 'network' ||
    problem === 'server' ||
    problem === 'rate_limited' ||
    problem === 'application_too_large' ||
    problem === 'too_many_files'
  );
}

/** The sentence of a problem: its catalogue id and values, then the site's own failure sentences, if any. */
export interface ProblemMessage {
  id: MessageId;
  values: Record<string, string | number>;
  /** The site's sentences for a failure on the way (ui's `useFailureMessage`): what happened, the desk. */
  then?: { cause: 'network' | 'server'; requestId?: string | undefined };
}

/**
 * docs/behaviour.md#documents: the message of a problem with one file, GOV.UK's way: the file by name, what is
 * wrong, what to do. `limits` are the limits already formatted ("10 MB"). A file's own refusal is the same
 * whether it was found here or by the server; a failure on the way says whether the file was not uploaded or
 * not removed.
 */
export function problemMessage(
  { problem, requestId, retryAfter }: Failure,
  name: string,
  action: 'upload' | 'remove',
  limits: { file: string; application: string },
): ProblemMessage {
  switch (problem) {
    case 'network':
    case 'server':
      return {
        id:
          action === 'upload' ? 'planner.documents.error.notUploaded' : 'planner.documents.error.notRemoved',
        values: { name },
        then: { cause: problem, requestId },
      };
    case 'rate_limited':
      return { id: 'planner.documents.error.rate_limited', values: { name, seconds: retryAfter ?? 60 } };
    case 'file_too_large':
      return { id: 'planner.documents.error.file_too_large', values: { name, limit: limits.file } };
    case 'application_too_large':
      return {
        id: 'planner.documents.error.application_too_large',
        values: { name, limit: limits.application },
      };
    case 'too_many_files':
      return { id: 'planner.documents.error.too_many_files', values: { name, count: documentLimits.files } };
    default:
      return { id: `planner.documents.error.${problem}`, values: { name } };
  }
}
