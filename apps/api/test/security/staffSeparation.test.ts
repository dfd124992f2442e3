// The attack: a session of one realm used on the other's API (docs/security.md#staff). An applicant who holds a
// session sends it to every staff operation, under its own cookie name and under the staff cookie's; a staff
// member's session goes to every applicant operation the same way. Each must be answered exactly as no cookie
// (or a made-up one) is: the same status and problem, never a success a session would have earned. Every
// operation of both files is swept, so an operation added later is covered without a new test.
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Operation } from '../../src/platform/contract.ts';
import { contract, serverFixture, uniqueEmail, type CallResult } from '../helpers.ts';
import { onboardedStaff, STAFF_SESSION_COOKIE } from '../staffHelpers.ts';

const { server, register, signIn } = serverFixture();

type Schema = Record<string, unknown>;

/** A body the operation's schema accepts, from the contract's own examples, so the session check is reached. */
function exampleOf(schema: Schema | undefined): unknown {
  if (!schema) return undefined;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  const variants = (schema.oneOf ?? schema.anyOf) as Schema[] | undefined;
  if (variants) return exampleOf(variants[0]);
  if (schema.type === 'object') {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const required = (schema.required ?? []) as string[];
    return Object.fromEntries(required.map((name) => [name, exampleOf(properties[name])]));
  }
  return undefined;
}

const bodyOf = (operation: Operation) =>
  exampleOf(
    operation.source.operations.find((op) => op.operationId === operation.operationId)?.requestBody?.content[
      'application/json'
    ]?.schema,
  );

const params = (operation: Operation) =>
  Object.fromEntries(
    [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, name === 'passkeyId' ? '1' : 'x1']),
  );

/** What a client can tell apart in an answer: its status and its problem's type and code. */
const seen = (response: CallResult) => {
  const body = response.body as { type?: string; code?: string } | undefined;
  return { status: response.status, type: body?.type, code: body?.code };
};

let ip = 0;
/** The same request with `cookie` (or none), from a client address of the operation's own. */
const sender = (operation: Operation) => {
  ip += 1;
  const address = `10.40.${Math.floor(ip / 250)}.${(ip % 250) + 1}`;
  return async (cookie?: string) =>
    server.call(operation.operationId, {
      params: params(operation),
      ...(bodyOf(operation) !== undefined ? { body: bodyOf(operation) } : {}),
      ...(cookie !== undefined ? { cookie } : {}),
      ip: address,
    });
};

const madeUp = () => randomBytes(32).toString('base64url');
const idOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

const staffOperations = contract.operations.filter((operation) => operation.document === 'staff');
const applicantOperations = contract.operations.filter((operation) => operation.document === 'applicant');

let applicant: string;
let staff: string;
beforeAll(async () => {
  const email = uniqueEmail('applicant');
  await register(email);
  applicant = await signIn(email);
  staff = (await onboardedStaff(server, 'desk')).cookie;
});

describe("an applicant's session on every staff operation", () => {
  it.each(staffOperations.map((operation) => [operation.operationId, operation] as const))(
    '%s answers it as no session',
    async (_id, operation) => {
      const send = sender(operation);
      const none = await send();
      const withApplicantCookie = await send(applicant);
      expect(seen(withApplicantCookie)).toEqual(seen(none));
      // The applicant's session id where the staff cookie goes: an unknown staff session, as a made-up one.
      const madeUpStaff = await send(`${STAFF_SESSION_COOKIE}=${madeUp()}`);
      const applicantIdAsStaff = await send(`${STAFF_SESSION_COOKIE}=${idOf(applicant)}`);
      expect(seen(applicantIdAsStaff)).toEqual(seen(madeUpStaff));
      if (operation.path !== '/api/staff/sessions' && !operation.path.startsWith('/api/staff/invitations'))
        expect(withApplicantCookie.status).toBeGreaterThanOrEqual(400);
    },
  );

  it('a staff operation that needs a session answers 401 no-session to an applicant', async () => {
    for (const operationId of ['getStaffSession', 'listStaffAccounts', 'startAddingStaffPasskey'] as const) {
      const response = await server.call(operationId, { cookie: applicant });
      expect({ operationId, status: response.status }).toEqual({ operationId, status: 401 });
    }
  });
});

describe("a staff member's session on every applicant operation", () => {
  it.each(applicantOperations.map((operation) => [operation.operationId, operation] as const))(
    '%s answers it as no session',
    async (_id, operation) => {
      const send = sender(operation);
      const none = await send();
      const withStaffCookie = await send(staff);
      expect(seen(withStaffCookie)).toEqual(seen(none));
      // The staff session id where the applicant's cookie goes: an unknown applicant session.
      const madeUpApplicant = await send(`pre_admission_session=${madeUp()}`);
      const staffIdAsApplicant = await send(`pre_admission_session=${idOf(staff)}`);
      expect(seen(staffIdAsApplicant)).toEqual(seen(madeUpApplicant));
    },
  );

  it('an applicant operation that needs a session refuses a staff member', async () => {
    for (const operationId of ['getPlan', 'listPasskeys', 'getAuthenticatorApp'] as const) {
      const response = await server.call(operationId, { cookie: staff });
      expect({ operationId, status: response.status }).toEqual({ operationId, status: 404 });
    }
    expect((await server.call('getCurrentSession', { cookie: staff })).status).toBe(401);
  });
});

describe('after both sweeps', () => {
  it("neither realm's sign-out ended the other's session", async () => {
    expect((await server.call('getCurrentSession', { cookie: applicant })).status).toBe(200);
    expect((await server.call('getStaffSession', { cookie: staff })).status).toBe(200);
  });
});
