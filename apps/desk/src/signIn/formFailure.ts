import type { IntlShape } from 'react-intl';

/**
 * What a sign-in form says for a failure that is no field's: the wait after too many attempts, or that it
 * could not be sent (no answer, a server error). What was typed stays in the form.
 */
export function formNotice(intl: IntlShape, failure: { retryAfter?: number } | 'unexpected'): string {
  return failure === 'unexpected'
    ? intl.formatMessage({ id: 'desk.error.unexpected' })
    : intl.formatMessage({ id: 'desk.error.rateLimited' }, { seconds: failure.retryAfter ?? 60 });
}
