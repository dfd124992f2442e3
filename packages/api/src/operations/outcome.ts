import type { z } from 'zod/mini';
import { ApiError, MalformedResponseError } from '../client/errors';

/**
 * What one status means to the screens: a failure code. Each operation module declares a table of these,
 * the adapter's half of docs/behaviour.md#error-catalogue; what the applicant sees for each code (a form
 * field's message, a toast, ...) is the account kit's half (packages/account/src/failures/catalogue.ts).
 */
export interface FailureRule {
  readonly failure: string;
}
/**
 * Keyed by status (`409`), or by status and a field error's code (`'400 common_password'`) where one status
 * carries several meanings: a 400 names per field what is wrong, and only some codes are the screen's to show.
 * A keyed code wins over its bare status; a 400 whose codes the table does not name goes on to the app.
 */
export type FailureTable = Readonly<Partial<Record<number | `${number} ${string}`, FailureRule>>>;

/** The rules of a table, as a union the screens can switch on. */
export type FailureOf<Table extends FailureTable> = NonNullable<Table[keyof Table]>;

export type Outcome<Data, Table extends FailureTable> =
  | { readonly ok: true; readonly data: Data }
  | (FailureOf<Table> & { readonly ok: false; readonly error: ApiError; readonly retryAfter?: number });

/**
 * Problem types of the guards every state-changing call passes before its operation runs (openapi.yaml's
 * `ForeignOrigin` response: a request from another site). Such a refusal is never the operation's own
 * failure, even where the status is one the operation uses (sign-in's 403 is a wrong password).
 */
const guardProblemTypes: ReadonlySet<string> = new Set(['urn:pre-admission:problem:foreign-origin']);

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
      const rule = ruleOf(table, error) as FailureOf<Table> | undefined;
      if (rule && !guardProblemTypes.has(error.problem?.type ?? '')) {
        return { ...rule, ok: false, error, retryAfter: error.retryAfter };
      }
    }
    throw error;
  }
}

/** The rule of a failure: by status and a field error's code first, then by status alone. */
function ruleOf(table: FailureTable, error: ApiError): FailureRule | undefined {
  for (const { code } of error.problem?.errors ?? []) {
    const rule = table[`${error.status} ${code}`];
    if (rule) return rule;
  }
  return table[error.status];
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
