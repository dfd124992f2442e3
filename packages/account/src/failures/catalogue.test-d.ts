// The kit types each row of the adapter's failure tables (packages/api/src/operations/*.ts) against the
// catalogues and the screen's form: a message on a field the form does not have, an id the catalogues do not
// have, or a field message on a screen without a form fails the typecheck (`npm run typecheck`), not a test.
import { describe, expectTypeOf, it } from 'vitest';
import { signInFailures, type Outcome } from '@pre-admission/api';
import type { SignInValues } from '../validation/schemas';
import { catalogueOf, signInCatalogue, type Presentation } from './catalogue';

describe('catalogueOf', () => {
  it('takes a field of the form', () => {
    catalogueOf<SignInValues>()({ 404: { failure: 'x', shows: onEmail } });
  });

  it('refuses a field the form does not have', () => {
    // @ts-expect-error: sign-in's form has no currentPassword
    catalogueOf<SignInValues>()({ 409: { failure: 'x', shows: { ...onEmail, field: 'currentPassword' } } });
  });

  it('refuses a message id the catalogues do not have', () => {
    const shows = { ...onEmail, message: 'account.error.nope' } as const;
    // @ts-expect-error: no such message
    catalogueOf<SignInValues>()({ 404: { failure: 'x', shows } });
  });

  it('refuses a field message on a screen without a form', () => {
    // @ts-expect-error: no form, no field
    catalogueOf()({ 404: { failure: 'x', shows: onEmail } });
  });

  it('presents every failure code of the table', () => {
    type Code = Extract<Outcome<unknown, typeof signInFailures>, { ok: false }>['failure'];
    expectTypeOf<keyof typeof signInCatalogue>().toEqualTypeOf<Code>();
    expectTypeOf(signInCatalogue[signInFailures[403].failure]).toEqualTypeOf<Presentation>();
  });
});

const onEmail = { kind: 'field', field: 'email', message: 'account.error.accountNotFound' } as const;
