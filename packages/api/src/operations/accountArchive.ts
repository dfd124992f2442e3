/**
 * The applicant's own copy of everything held about the account (downloadAccountArchive, issue 42): a zip the
 * browser fetches itself, from a link's `href`, with the session cookie of the same origin (the server answers
 * it as an attachment). Its refusals are the server's (404 without a session, 403 `confirmation_required`
 * after an old sign-in): the page asks to confirm before it offers the link (docs/behaviour.md#your-data).
 */
export function accountArchiveUrl(baseUrl: string): string {
  return `${baseUrl}/api/applicant/account/archive`;
}
