// The desk's removal of a lost second factor (docs/operations.md#a-lost-second-factor): the app, its recovery
// codes and the passkeys go, and every session and second step of the account ends.
import { describe, expect, it } from 'vitest';
import { removeSecondFactors } from '../src/account/secondFactors.ts';
import { PASSWORD, serverFixture, uniqueEmail } from './helpers.ts';
import { codeAt, passwordStep, turnAppOn } from './secondFactorHelpers.ts';

const { server, register } = serverFixture();
const deps = () => ({ config: server.config, clock: server.clock });

describe('removeSecondFactors', () => {
  it('removes the app and its codes, ends the sessions and the second step under way; the password signs in alone', async () => {
    const email = uniqueEmail('lostphone');
    await register(email);
    const { secret } = await turnAppOn(server, email);
    const step = await passwordStep(server, email);
    const done = await server.call('finishSignIn', { cookie: step, body: { code: codeAt(server, secret) } });
    const session = `pre_admission_session=${done.sessionCookie}`;
    const waiting = await passwordStep(server, email);

    const removed = await removeSecondFactors(server.services.db, deps(), email.toUpperCase());
    expect(removed).toEqual({ authenticatorApp: true, recoveryCodes: 10, passkeys: 0, sessions: 1 });

    expect((await server.call('getCurrentSession', { cookie: session })).status).toBe(403);
    expect((await server.call('finishSignIn', { cookie: waiting, body: { code: '123456' } })).status).toBe(
      401,
    );
    const signIn = await server.call('signIn', { body: { email, password: PASSWORD } });
    expect(signIn.body).toEqual({ signedIn: true, email });
    expect(
      (await server.call('getAuthenticatorApp', { cookie: `pre_admission_session=${signIn.sessionCookie}` }))
        .body,
    ).toEqual({ on: false, recoveryCodesLeft: 0 });
  });

  it('an address without an account: undefined, nothing changed', async () => {
    expect(await removeSecondFactors(server.services.db, deps(), uniqueEmail('nobody'))).toBeUndefined();
  });
});
