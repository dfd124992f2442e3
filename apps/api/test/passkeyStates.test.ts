// The provider states of passkeys and recent sign-in (src/providerStates/passkeyStates.ts): what each returns works with the
// real operations, as the consumer's pacts will use it, on a database that already holds other data.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, setUpState } from '../src/providerStates/states.ts';
import { serverFixture, uniqueEmail } from './helpers.ts';

const { server, register } = serverFixture();
const ctx = () => ({ db: server.services.db, config: server.config, clock: server.clock });

beforeAll(async () => {
  await register(uniqueEmail('bystander'));
});

const assertionOf = (state: Record<string, string>) => ({
  id: state.id!,
  rawId: state.rawId!,
  type: 'public-key',
  clientExtensionResults: {},
  response: {
    clientDataJSON: state.clientDataJSON!,
    authenticatorData: state.authenticatorData!,
    signature: state.signature!,
    userHandle: state.userHandle!,
  },
});

describe('passkey provider states', () => {
  it('"a passkey sign-in is under way": the assertion signs in with the challenge cookie, once', async () => {
    const state = await setUpState(ctx(), 'a passkey sign-in is under way');
    expect(state.cookie).toMatch(/^pre_admission_challenge=[A-Za-z0-9_-]{43}$/);
    const response = await server.call('passkeySignIn', { cookie: state.cookie!, body: assertionOf(state) });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ signedIn: true, email: 'applicant@example.com' });
    expect(
      (await server.call('passkeySignIn', { cookie: state.cookie!, body: assertionOf(state) })).status,
    ).toBe(403);
  });

  it('"a passkey sign-in is under way": confirmCookie confirms a session with the assertion', async () => {
    const state = await setUpState(ctx(), 'a passkey sign-in is under way');
    const response = await server.call('confirmSignIn', {
      cookie: state.confirmCookie!,
      body: { passkey: assertionOf(state) },
    });
    expect(response.status).toBe(200);
  });

  it('"the applicant is signed in and confirmed": a sensitive change needs no confirmation', async () => {
    const state = await setUpState(ctx(), 'the applicant is signed in and confirmed');
    expect((await server.call('startAddingPasskey', { cookie: state.cookie! })).status).toBe(200);
  });

  it('"the applicant is signed in, not confirmed recently": 403 confirmation_required, then the password confirms', async () => {
    const state = await setUpState(ctx(), 'the applicant is signed in, not confirmed recently');
    const refused = await server.call('startAddingPasskey', { cookie: state.cookie! });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'confirmation_required' });
    const confirmed = await server.call('confirmSignIn', {
      cookie: state.cookie!,
      body: { password: DEFAULT_PASSWORD },
    });
    expect(confirmed.status).toBe(200);
    expect((await server.call('startAddingPasskey', { cookie: state.cookie! })).status).toBe(200);
  });

  it('"the applicant has a passkey": listed, renamed and removed by its passkeyId', async () => {
    const state = await setUpState(ctx(), 'the applicant has a passkey');
    const list = await server.call('listPasskeys', { cookie: state.cookie! });
    expect((list.body as { passkeys: { id: string }[] }).passkeys.map((p) => p.id)).toEqual([
      state.passkeyId,
    ]);
    const params = { passkeyId: state.passkeyId! };
    expect(
      (await server.call('renamePasskey', { cookie: state.cookie!, params, body: { name: 'N' } })).status,
    ).toBe(200);
    expect((await server.call('removePasskey', { cookie: state.cookie!, params })).status).toBe(204);
  });

  it('"adding a passkey is under way": the attestation is added, and run again on the same data', async () => {
    for (let run = 0; run < 2; run += 1) {
      const state = await setUpState(ctx(), 'adding a passkey is under way');
      const response = await server.call('addPasskey', {
        cookie: state.cookie!,
        body: {
          name: 'Pixel 9 (Chrome)',
          credential: {
            id: state.id!,
            rawId: state.rawId!,
            type: 'public-key',
            clientExtensionResults: {},
            response: { clientDataJSON: state.clientDataJSON!, attestationObject: state.attestationObject! },
          },
        },
      });
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ name: 'Pixel 9 (Chrome)', synced: true, lastUsedAt: null });
    }
  });
});
