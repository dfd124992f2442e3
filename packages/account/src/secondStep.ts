import type { SecondStepMethod } from '@pre-admission/api';

/**
 * The second step of a password sign-in between two screens (docs/security.md#second-factor): sign-in keeps
 * the address and the methods its answer named for the tab, so that a reload of the second step still knows
 * them; the second step, when it is over, asks sign-in to say so with the address kept. Only the tab's
 * sessionStorage, never the password, and nothing when storage is refused (a reload then starts again).
 */
export interface PendingSecondStep {
  readonly email: string;
  readonly methods: readonly SecondStepMethod[];
}

const PENDING = 'pre-admission.secondStep';
const SIGN_IN_AGAIN = 'pre-admission.signInAgain';
const METHODS: readonly SecondStepMethod[] = ['authenticatorApp', 'recoveryCode', 'passkey'];

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

function write(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Storage full or refused: the screen still works, only a reload forgets.
  }
}

export function savePendingSecondStep(pending: PendingSecondStep): void {
  write(PENDING, JSON.stringify(pending));
}

/** The pending second step, if this tab has one whose record is whole. */
export function readPendingSecondStep(): PendingSecondStep | undefined {
  try {
    const value = JSON.parse(storage()?.getItem(PENDING) ?? 'null') as unknown;
    if (!value || typeof value !== 'object') return undefined;
    const { email, methods } = value as Record<string, unknown>;
    if (typeof email !== 'string' || !Array.isArray(methods)) return undefined;
    const known = methods.filter((method): method is SecondStepMethod => METHODS.includes(method));
    return known.length > 0 ? { email, methods: known } : undefined;
  } catch {
    return undefined;
  }
}

export function clearPendingSecondStep(): void {
  try {
    storage()?.removeItem(PENDING);
  } catch {
    // Nothing kept, nothing to clear.
  }
}

/** The second step is over: sign-in asks to sign in again, with the address of the pending one. */
export function askToSignInAgain(): void {
  const email = readPendingSecondStep()?.email ?? '';
  clearPendingSecondStep();
  write(SIGN_IN_AGAIN, email);
}

/** Whether sign-in should ask to sign in again, and the address to fill in. Read on every render. */
export function signInAgain(): { readonly email: string } | undefined {
  try {
    const email = storage()?.getItem(SIGN_IN_AGAIN);
    return email === null || email === undefined ? undefined : { email };
  } catch {
    return undefined;
  }
}

/** Sign-in said it: the next visit of sign-in is a plain one. */
export function forgetSignInAgain(): void {
  try {
    storage()?.removeItem(SIGN_IN_AGAIN);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
