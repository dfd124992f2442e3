import type { PasskeyAssertion, PasskeySignInOptions } from '@pre-admission/api';
import type * as SimpleWebAuthn from '@simplewebauthn/browser';

type Browser = typeof SimpleWebAuthn;
let loaded: Browser | undefined;

/**
 * @simplewebauthn/browser, loaded only when a passkey is used (the button, or the autofill started after the
 * page is up): the sign-in page's first paint does not carry it (tests/budget).
 */
async function browser(): Promise<Browser> {
  return (loaded ??= await import('@simplewebauthn/browser'));
}

/** How the browser's passkey dialog ended. */
export type Ceremony =
  | { readonly outcome: 'assertion'; readonly assertion: PasskeyAssertion }
  /** The applicant closed the dialog, or it timed out, or the authenticator could not answer: not an error. */
  | { readonly outcome: 'cancelled' }
  /** This page stopped it (a new ceremony, or the screen went away): nothing to say. */
  | { readonly outcome: 'aborted' };

/** Whether the browser has WebAuthn at all (the recommended browsers do): without it, no passkey button. */
export const supportsPasskeys = (): boolean =>
  typeof globalThis.PublicKeyCredential === 'function' &&
  typeof globalThis.navigator?.credentials?.get === 'function';

/** Whether the browser offers passkeys in the email field's autofill (conditional mediation). */
export async function supportsPasskeyAutofill(): Promise<boolean> {
  if (!supportsPasskeys()) return false;
  const available = globalThis.PublicKeyCredential.isConditionalMediationAvailable;
  try {
    return typeof available === 'function' && (await available.call(globalThis.PublicKeyCredential));
  } catch {
    return false;
  }
}

/**
 * Asks the browser for a passkey over the server's options: its dialog, or with `autofill` the email field's
 * suggestions. A new ceremony stops the one before it (the library's abort service): the button stops the
 * autofill. A failure that is not the dialog's (a bug, a wrong RP id) is thrown on.
 */
export async function passkeyCeremony(
  optionsJSON: PasskeySignInOptions,
  { autofill = false }: { autofill?: boolean } = {},
): Promise<Ceremony> {
  const { startAuthentication, WebAuthnError } = await browser();
  try {
    const response = await startAuthentication({
      optionsJSON: { ...optionsJSON, allowCredentials: [] },
      useBrowserAutofill: autofill,
    });
    const { id, rawId, type, authenticatorAttachment, response: signed } = response;
    return {
      outcome: 'assertion',
      assertion: {
        id,
        rawId,
        type,
        ...(authenticatorAttachment ? { authenticatorAttachment } : {}),
        clientExtensionResults: {},
        response: {
          clientDataJSON: signed.clientDataJSON,
          authenticatorData: signed.authenticatorData,
          signature: signed.signature,
          ...(signed.userHandle ? { userHandle: signed.userHandle } : {}),
        },
      },
    };
  } catch (error) {
    if (error instanceof WebAuthnError)
      return { outcome: error.code === 'ERROR_CEREMONY_ABORTED' ? 'aborted' : 'cancelled' };
    // The dialog closed by the applicant is a NotAllowedError, which the library wraps; an abort of ours
    // before the library saw it is an AbortError.
    if (error instanceof DOMException && error.name === 'AbortError') return { outcome: 'aborted' };
    throw error;
  }
}

/** Stops a ceremony under way (the screen goes away): its promise ends as 'aborted'. */
export function cancelPasskeyCeremony(): void {
  loaded?.WebAuthnAbortService.cancelCeremony();
}
