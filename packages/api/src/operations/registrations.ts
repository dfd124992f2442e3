import * as z from 'zod/mini';
import type { ApiClient } from '../client/createApiClient';
import { MailAcceptedSchema } from './links';
import type { components } from '../generated/schema';
import { dateTime } from './common';
import {
  attempt,
  generic,
  inAlert,
  invalidLink,
  logged,
  noBody,
  commonPasswordRefused,
  onField,
  parseBody,
  rateLimited,
  type FailureTable,
} from './outcome';

export type EmailRequest = components['schemas']['EmailRequest'];
export type FinishRequest = components['schemas']['FinishRequest'];

/** A registration or password-reset request read by its token (docs/behaviour.md#data). */
export const TokenRequestSchema = z.object({ token: z.string(), email: z.string(), createdAt: dateTime });
export type TokenRequest = z.output<typeof TokenRequestSchema>;

/** Registration request (docs/behaviour.md#error-catalogue); other errors are rethrown. */
export const requestRegistrationFailures = {
  409: {
    failure: 'emailAlreadyRegistered',
    shows: onField('email', 'account.error.emailAlreadyRegistered'),
  },
  429: { failure: 'rateLimited', shows: rateLimited },
} as const satisfies FailureTable;

/** Registration and reset token reads: the link's alert (docs/behaviour.md#link-states), then `/`. */
export const tokenFailures = {
  404: { failure: 'invalidToken', shows: invalidLink },
} as const satisfies FailureTable;

/**
 * docs/behaviour.md#error-catalogue only logs finish errors; a used or expired token (404) is still worth telling
 * apart, and a refused common password (400 common_password, docs/security.md#common-passwords) goes on the field.
 */
export const finishRegistrationFailures = {
  '400 common_password': commonPasswordRefused,
  404: { failure: 'invalidToken', shows: logged(generic.title, 'account.error.linkUsed') },
  409: {
    failure: 'emailAlreadyRegistered',
    shows: logged(generic.title, 'account.error.emailAlreadyRegistered'),
  },
} as const satisfies FailureTable;

/**
 * docs/behaviour.md#link-states: renewing an expired link. 404 → the link's state (it was not expired);
 * 409 → an account was made for the address meanwhile (the alert says so); 429 → the wait, in the alert.
 */
export const renewRegistrationFailures = {
  404: { failure: 'invalidToken', shows: inAlert('account.invalidLink.body') },
  409: { failure: 'emailAlreadyRegistered', shows: inAlert('account.error.emailAlreadyRegistered') },
  429: { failure: 'rateLimited', shows: inAlert('account.mailResend.refused') },
} as const satisfies FailureTable;

export function requestRegistration(client: ApiClient, body: EmailRequest) {
  return attempt(requestRegistrationFailures, () =>
    parseBody(client.POST('/api/applicant/registrations', { body }), MailAcceptedSchema),
  );
}

export function getRegistration(client: ApiClient, token: string) {
  return attempt(tokenFailures, () =>
    parseBody(
      client.GET('/api/applicant/registrations/{token}', { params: { path: { token } } }),
      TokenRequestSchema,
    ),
  );
}

export function finishRegistration(client: ApiClient, token: string, body: FinishRequest) {
  return attempt(finishRegistrationFailures, () =>
    noBody(client.PATCH('/api/applicant/registrations/{token}', { params: { path: { token } }, body })),
  );
}

/** A new registration link in place of an expired one, to the same address (which the answer never names). */
export function renewRegistration(client: ApiClient, token: string) {
  return attempt(renewRegistrationFailures, () =>
    parseBody(
      client.POST('/api/applicant/registrations/{token}/renewal', { params: { path: { token } } }),
      MailAcceptedSchema,
    ),
  );
}
