// The public forms posted without JavaScript (scripts off or failed): sign-in, the registration request and the
// password reset request (issue 27 defect 8). The post is sent on to the form's own API operation, with the
// browser's Origin, cookies and address, so the CSRF check, the limits and the log are the API's own; then a
// success goes where the app would go (303), and a failure answers the page itself with the message the app
// shows and the typed e-mail address kept. The password is never written back, and nothing typed goes in a URL.
import { readFileSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routes, type RouteName } from '@pre-admission/account/routes';
import type { Locale } from '@pre-admission/i18n/choice';

interface NoScriptForm {
  /** The API operation the app's form calls (openapi.yaml). */
  api: string;
  /** The fields it sends, as the form names them. */
  fields: readonly string[];
  /** Where the app goes on success. */
  success: string;
  /**
   * The message per refusal, as the adapter's failure tables say (packages/api/src/operations: signInFailures,
   * requestRegistrationFailures, requestPasswordResetFailures; apps/api/test/noScriptForms.test.ts pins the
   * two together). A 429 is rateLimited everywhere.
   */
  refusals: Readonly<Record<number, string>>;
}

const RATE_LIMITED = 'account.error.rateLimitedNoWait';

const forms: Partial<Record<RouteName, NoScriptForm>> = {
  signIn: {
    api: '/api/applicant/sessions',
    fields: ['email', 'password'],
    success: routes.applications,
    refusals: { 403: 'account.error.wrongPassword', 404: 'account.error.accountNotFound', 429: RATE_LIMITED },
  },
  registrationRequest: {
    api: '/api/applicant/registrations',
    fields: ['email'],
    success: routes.registrationRequestComplete,
    refusals: { 409: 'account.error.emailAlreadyRegistered', 429: RATE_LIMITED },
  },
  passwordResetRequest: {
    api: '/api/applicant/password-reset-requests',
    fields: ['email'],
    success: routes.passwordResetRequestComplete,
    refusals: { 404: 'account.error.emailNotFound', 429: RATE_LIMITED },
  },
};

/** signIn's answer when a second step is under way (openapi.yaml SessionStatus, `signedIn: false`). */
function isSecondStep(body: string): boolean {
  try {
    return (JSON.parse(body) as { signedIn?: unknown }).signedIn === false;
  } catch {
    return false;
  }
}

/** The refusal messages per route, for the test that compares them with the adapter's failure tables. */
export function noScriptRefusals(route: RouteName): Readonly<Record<number, string>> | undefined {
  return forms[route]?.refusals;
}

type Catalogue = Readonly<Record<string, string>>;
const catalogueDir = new URL('./catalogues/', import.meta.resolve('@pre-admission/i18n/choice'));
const catalogues = new Map<Locale, Catalogue>();
/** The source catalogues of the account and ui areas (plain strings: the messages used here have no placeholders). */
function messages(locale: Locale): Catalogue {
  let catalogue = catalogues.get(locale);
  if (!catalogue) {
    catalogue = Object.assign(
      {},
      ...['ui', 'account'].map(
        (area) =>
          JSON.parse(readFileSync(new URL(`${area}.${locale}.json`, catalogueDir), 'utf8')) as Catalogue,
      ),
    ) as Catalogue;
    catalogues.set(locale, catalogue);
  }
  return catalogue;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The page with the failure written in: an error summary at the top of the form (as the app's Form shows
 * one, role="alert" so it is read at once) and the e-mail field holding what was typed.
 */
export function pageWithFailure(html: string, locale: Locale, messageId: string, email: string): string {
  const t = messages(locale);
  const message = t[messageId] ?? t['account.error.generic.text'] ?? messageId;
  // A wait or a failure of ours is not a mistake in what was typed: not headed "check what you entered"
  // (issue 39 item 7, as the app's ErrorSummary).
  const notTheInput =
    messageId === RATE_LIMITED || !(messageId in t) || messageId === 'account.error.generic.text';
  const title = t[notTheInput ? 'ui.errorSummary.titleNotDone' : 'ui.errorSummary.title'] ?? '';
  const summary =
    `<div role="alert" tabindex="-1" data-no-script-summary="">` +
    `<h2>${escapeHtml(title)}</h2><p>${escapeHtml(message)}</p></div>`;
  let written = html.replace(/(<form\b[^>]*>)/, `$1${summary}`);
  written = written.replace(/<input\b[^>]*\bname="email"[^>]*>/, (tag) => {
    const value = ` value="${escapeHtml(email)}"`;
    return /\svalue="[^"]*"/.test(tag)
      ? tag.replace(/\svalue="[^"]*"/, value)
      : tag.replace(/<input\b/, `<input${value}`);
  });
  return written;
}

export interface FormAnswer {
  /** 303 there (success); `back`: 303 to the page itself (a post that is not the site's own); else the page with `messageId`. */
  redirect?: string;
  back?: boolean;
  status?: number;
  messageId?: string;
  email?: string;
  setCookie?: string[];
  retryAfter?: string;
}

/**
 * Sends the post on to the form's API operation and says what to answer. Undefined when the route has no
 * form answered here.
 */
export async function submitNoScriptForm(
  app: FastifyInstance,
  request: FastifyRequest,
  route: RouteName,
  basePath: string,
  siteOrigin: string,
): Promise<FormAnswer | undefined> {
  const form = forms[route];
  if (!form) return undefined;
  // Only a browser's post that says where it comes from: Sec-Fetch-Site, or an Origin for the API's check. The
  // request id that is the API's second CSRF defence is written here, so a post with neither is not sent on.
  const fetchSite = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  if (fetchSite === undefined && (origin === undefined || origin === 'null')) return { back: true };
  const posted = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
  const body: Record<string, string> = {};
  for (const field of form.fields) body[field] = posted.get(field) ?? '';
  const email = body.email ?? '';
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    // openapi.yaml RequestId: milliseconds since 2021-01-01, a colon, a random integer below 4096.
    'x-request-id': `${Date.now() - Date.UTC(2021, 0, 1)}:${randomInt(4096)}`,
  };
  // The browser's own: the API's CSRF check reads Origin, its limits the address, the language its cookie.
  for (const name of ['origin', 'cookie', 'x-forwarded-for', 'user-agent', 'accept-language'] as const) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  // Under the site's `Referrer-Policy: no-referrer` Chromium posts a form with `Origin: null`, which the CSRF
  // check refuses as it would a sandboxed frame's. Sec-Fetch-Site, which no page can set, says whether the
  // post came from the site itself: then it is the site's origin; otherwise the Origin goes on as it came.
  if (request.headers['sec-fetch-site'] === 'same-origin') headers.origin = siteOrigin;
  const answer = await app.inject({
    method: 'POST',
    url: `${basePath}${form.api}`,
    headers,
    payload: JSON.stringify(body),
    remoteAddress: request.socket.remoteAddress,
  });
  const status = answer.statusCode;
  if (status >= 200 && status < 300) {
    const raw = answer.headers['set-cookie'];
    const setCookie = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    // A password sign-in of an account with a second factor starts no session: the browser takes the
    // second-step cookie to the second-step page (docs/behaviour.md#routes), which needs the app to make
    // the step.
    if (route === 'signIn' && isSecondStep(answer.body))
      return { redirect: `${basePath}${routes.signInSecondStep}`, setCookie };
    return { redirect: `${basePath}${form.success}`, setCookie };
  }
  let type = '';
  try {
    type = String((answer.json() as { type?: unknown }).type ?? '');
  } catch {
    // not JSON: a generic failure
  }
  // Not the site's own post (another origin): nothing is done, back to the page as before.
  if (type.endsWith(':foreign-origin')) return { back: true };
  const refusal = form.refusals[status];
  // A 400 is the address the app's own check would have refused before sending (docs/behaviour.md#validation).
  const messageId =
    refusal ??
    (status === 400
      ? email
        ? 'account.validation.email'
        : 'account.validation.required'
      : 'account.error.generic.text');
  const retryAfter = answer.headers['retry-after'];
  return {
    status: status >= 500 ? 503 : status,
    messageId,
    email,
    ...(typeof retryAfter === 'string' ? { retryAfter } : {}),
  };
}

/** The form-urlencoded body of a page's form, for the not-found handler of the web pages only. */
export function addFormParser(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, text, done) => done(null, new URLSearchParams(String(text))),
  );
}
