import type { z } from 'zod/mini';
import { ApiError, MalformedResponseError, type Problem } from '../client/errors';

/**
 * What the applicant is shown for one failure (docs/behaviour.md#error-catalogue). The account kit carries it
 * out (packages/account/src/failures/useFailures.ts) and types it there: each `message`, `title` and `text`
 * against the catalogues, each `field` against the fields of the screen's form, so a wrong one fails the
 * typecheck (packages/account/src/failures/catalogue.ts). This package knows neither, so here they are the
 * literal strings the kit checks.
 * - `field`: the message on a form field (and in the error summary, which takes focus);
 * - `invalidLink`: the alert 'URL is invalid' (or the link state's), whose OK returns to `/`;
 * - `sessionLost`: the session is gone; the app is told, and the screen goes to `/`;
 * - `toast`: the error toast (6 s, closable);
 * - `rateLimited`: a message in the error summary with the wait from Retry-After;
 * - `logged`: docs/behaviour.md#error-catalogue says "only logged": logged, plus a short error toast;
 * - `alert`: a message in the link's alert (a renewal's answer; a 429's carries the wait);
 * - `session`: the current-session check's answer becomes that session state;
 * - `refusedFields`: the error summary names each field the problem's `errors` list (the planner's);
 * - `restartSignIn`: the second step of a sign-in is over: back to sign-in, which asks to sign in again and
 *   keeps the address;
 * - `secondFactorRequired`: the operator requires a second factor and the account has none: to the Sign-in
 *   and security page, which says why (docs/security.md#second-factor).
 * The application's screens (packages/planner) say these in their own words, from the failure and what it
 * carries (docs/behaviour.md#applications):
 * - `applicationGone`: the application, or the file, is no longer there (discarded or removed meanwhile, in
 *   another tab): the screen says so and leads back to the applications list;
 * - `applicationState`: the application's state refuses the change (submitted, past its due date, its period
 *   closed): the screen shows the application as it now is and says why; nothing was changed;
 * - `fileRefused`: on the document slot, why the file was not taken and what to do with it; nothing was stored.
 */
export type Shown =
  | { readonly kind: 'field'; readonly field: string; readonly message: string }
  | { readonly kind: 'invalidLink' }
  | { readonly kind: 'sessionLost' }
  | { readonly kind: 'toast'; readonly title: string; readonly text: string }
  | { readonly kind: 'rateLimited' }
  | { readonly kind: 'logged'; readonly title: string; readonly text: string }
  | { readonly kind: 'alert'; readonly message: string }
  | { readonly kind: 'session'; readonly state: 'signedOut' | 'terminated' }
  | { readonly kind: 'refusedFields' }
  | { readonly kind: 'restartSignIn' }
  | { readonly kind: 'secondFactorRequired' }
  | { readonly kind: 'applicationGone' }
  | { readonly kind: 'applicationState' }
  | { readonly kind: 'fileRefused' };

/** A message on one form field. */
export const onField = <const Field extends string, const Message extends string>(
  field: Field,
  message: Message,
) => ({ kind: 'field', field, message }) as const;
/** The error toast. */
export const toast = <const Title extends string, const Text extends string>(title: Title, text: Text) =>
  ({ kind: 'toast', title, text }) as const;
/** An "only logged" failure's short toast. */
export const logged = <const Title extends string, const Text extends string>(title: Title, text: Text) =>
  ({ kind: 'logged', title, text }) as const;
/** A message in the link's alert. */
export const inAlert = <const Message extends string>(message: Message) =>
  ({ kind: 'alert', message }) as const;
export const invalidLink = { kind: 'invalidLink' } as const;
export const sessionLost = { kind: 'sessionLost' } as const;
export const rateLimited = { kind: 'rateLimited' } as const;
export const refusedFields = { kind: 'refusedFields' } as const;
export const restartSignIn = { kind: 'restartSignIn' } as const;
export const secondFactorRequired = { kind: 'secondFactorRequired' } as const;
export const applicationGone = { kind: 'applicationGone' } as const;
export const applicationState = { kind: 'applicationState' } as const;
export const fileRefused = { kind: 'fileRefused' } as const;
/** docs/security.md#second-factor: a signed-in call refused until the account has a second factor. */
export const secondFactorMissing = { failure: 'secondFactorRequired', shows: secondFactorRequired } as const;
/**
 * docs/security.md#recent-sign-in: the change needs a recent sign-in. The screen asks the applicant to confirm
 * it is them and tries again (packages/account's ConfirmationProvider); this toast is for a retry that is
 * refused again all the same.
 */
export const confirmationRequired = {
  failure: 'confirmationRequired',
  shows: toast('account.security.error.title', 'account.security.error.confirmAgain'),
} as const;
/** The short toast of an "only logged" failure that names nothing more precise. */
export const generic = { title: 'account.error.generic.title', text: 'account.error.generic.text' } as const;
/**
 * docs/security.md#common-passwords: the server refused a new password (registration, reset, change); the
 * field's message, the one the browser's own check shows on blur.
 */
export const commonPasswordRefused = {
  failure: 'commonPassword',
  shows: onField('newPassword', 'account.validation.commonPassword'),
} as const;

/**
 * One row of an operation's failure table: the failure code the screens switch on and what the applicant is
 * shown. A table is keyed by status, or by status and problem code (`'400 password_rule'`: the problem's
 * `code`, or the `code` of one of its `errors`), which wins over the status alone. A row may add fields of
 * its own (a refused file's `code`), and `carries` what the failure takes from the problem body (the open
 * draft's id, the refused fields): the outcome has its fields, never the function.
 */
export interface FailureRule {
  readonly failure: string;
  readonly shows: Shown;
  readonly code?: string;
  readonly carries?: (problem: Problem | undefined) => object;
}
export type FailureKey = number | `${number} ${string}`;
export type FailureTable = Readonly<Partial<Record<FailureKey, FailureRule>>>;

/** The rules of a table, as a union the screens can switch on. */
export type FailureOf<Table extends FailureTable> = NonNullable<Table[keyof Table]>;

/** A rule as the outcome has it: what it carries from the problem in place of the function. */
type Carried<Rule> = Rule extends { readonly carries: (problem: never) => infer Extra }
  ? Omit<Rule, 'carries'> & Readonly<Extra>
  : Rule;

export type Outcome<Data, Table extends FailureTable> =
  | { readonly ok: true; readonly data: Data }
  | (Carried<FailureOf<Table>> & {
      readonly ok: false;
      readonly error: ApiError;
      readonly retryAfter?: number;
    });

/**
 * Problem types of the guards every state-changing call passes before its operation runs (openapi.yaml's
 * `ForeignOrigin` response: a request from another site). Such a refusal is never the operation's own
 * failure, even where the status is one the operation uses (sign-in's 403 is a wrong password).
 */
const guardProblemTypes: ReadonlySet<string> = new Set(['urn:pre-admission:problem:foreign-origin']);

/** The row for a failure: by status and one of the problem's codes first, then by status alone. */
function ruleFor(table: FailureTable, error: ApiError): FailureRule | undefined {
  const problem = error.problem as { code?: unknown; errors?: ReadonlyArray<{ code?: unknown }> } | undefined;
  const codes = [problem?.code, ...(problem?.errors ?? []).map((item) => item.code)];
  for (const code of codes) {
    const rule = typeof code === 'string' ? table[`${error.status} ${code}`] : undefined;
    if (rule) return rule;
  }
  return table[error.status];
}

/**
 * Runs a call and maps the statuses its table names to failures the screen shows. Any other failure is
 * thrown on to the app's error handling (docs/behaviour.md#error-catalogue: "other errors are rethrown").
 */
export async function attempt<Data, Table extends FailureTable>(
  table: Table,
  call: () => Promise<Data>,
): Promise<Outcome<Data, Table>> {
  try {
    return { ok: true, data: await call() };
  } catch (error) {
    if (error instanceof ApiError && !(error instanceof MalformedResponseError)) {
      const rule = ruleFor(table, error);
      if (rule && !guardProblemTypes.has(error.problem?.type ?? '')) {
        const { carries, ...named } = rule;
        return {
          ...named,
          ...carries?.(error.problem),
          ok: false,
          error,
          retryAfter: error.retryAfter,
        } as Outcome<Data, Table>;
      }
    }
    throw error;
  }
}

/** Checks a success body against its schema; a mismatch is a failure carrying the response's status. */
export async function parseBody<Schema extends z.ZodMiniType>(
  call: Promise<{ data?: unknown; response: Response }>,
  schema: Schema,
): Promise<z.output<Schema>> {
  const { data, response } = await call;
  const result = schema.safeParse(data);
  if (!result.success) throw new MalformedResponseError(response.status, result.error);
  return result.data;
}

/** For calls whose success has no body: only the status matters. */
export async function noBody(call: Promise<{ response: Response }>): Promise<void> {
  await call;
}
