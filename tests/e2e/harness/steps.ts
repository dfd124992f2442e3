// Steps more than one e2e file takes: a request the server answers with a 5xx, and an e-mail change to an
// address another account has.
import type { Locator, Route } from 'playwright-core';
import type { Applicant } from './applicant.ts';
import { uniqueEmail, type E2E } from './browser.ts';

/** The request id a faked 5xx names, as the server puts it in every problem's `instance`. */
export const fakedRequestId = '187654321:2048';

/** Answers a route with the server's 500 problem, naming `fakedRequestId`. */
export const answerServerError = (route: Route) =>
  route.fulfill({
    status: 500,
    contentType: 'application/problem+json',
    body: JSON.stringify({
      type: 'urn:pre-admission:problem:internal',
      title: 'An unexpected error occurred.',
      status: 500,
      instance: fakedRequestId,
    }),
  });

/** Asks to change the e-mail address to one another account has (409): the error toast shows; returns it. */
export async function requestEmailInUse(
  e2e: E2E,
  a: Applicant,
  { otherLabel, password }: { otherLabel: string; password: string },
): Promise<Locator> {
  const other = uniqueEmail(otherLabel);
  await e2e.server.createAccount(other, password);
  await a.open('/email-change-request');
  await a.field('account.field.newEmail').fill(other);
  await a.button('account.emailChangeRequest.submit').click();
  const toast = a.page.getByText(a.t('account.error.emailChangeFailed'), { exact: true });
  await toast.waitFor();
  return toast;
}
