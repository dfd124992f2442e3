// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  askToSignInAgain,
  forgetSignInAgain,
  readPendingSecondStep,
  savePendingSecondStep,
  signInAgain,
} from './secondStep';

afterEach(() => sessionStorage.clear());

// docs/security.md#second-factor: what sign-in keeps for the second step, for the tab.
describe('the pending second step', () => {
  it('keeps the address and the methods, and asks to sign in again with the address when it is over', () => {
    savePendingSecondStep({ email: 'a@example.com', methods: ['authenticatorApp', 'recoveryCode'] });
    expect(readPendingSecondStep()).toEqual({
      email: 'a@example.com',
      methods: ['authenticatorApp', 'recoveryCode'],
    });
    askToSignInAgain();
    expect(readPendingSecondStep()).toBeUndefined();
    expect(signInAgain()).toEqual({ email: 'a@example.com' });
    forgetSignInAgain();
    expect(signInAgain()).toBeUndefined();
  });

  it.each([
    ['not JSON', '{'],
    ['no methods', JSON.stringify({ email: 'a@example.com', methods: [] })],
    ['only unknown methods', JSON.stringify({ email: 'a@example.com', methods: ['sms'] })],
    ['no address', JSON.stringify({ methods: ['authenticatorApp'] })],
  ])('is none when the record is %s (a reload then goes back to sign-in)', (_name, record) => {
    sessionStorage.setItem('pre-admission.secondStep', record);
    expect(readPendingSecondStep()).toBeUndefined();
  });

  it('drops a method it does not know and keeps the others', () => {
    sessionStorage.setItem(
      'pre-admission.secondStep',
      JSON.stringify({ email: 'a@example.com', methods: ['sms', 'recoveryCode'] }),
    );
    expect(readPendingSecondStep()?.methods).toEqual(['recoveryCode']);
  });
});
