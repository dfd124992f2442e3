import { schemaExamples } from '@pre-admission/api/mocks';

/** How the stubbed browser passkey dialog answers (docs/security.md#passkeys; the real one is tests/e2e's). */
export type PasskeyDialog = 'assertion' | 'cancel' | 'pending';

const bytes = (text: string) => new TextEncoder().encode(text).buffer;

/** A credential as `navigator.credentials.get` resolves it, for @simplewebauthn/browser to encode. */
function fakeCredential() {
  return {
    id: schemaExamples.PasskeyAssertion.id,
    rawId: bytes('cred-1'),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: bytes('{"type":"webauthn.get"}'),
      authenticatorData: bytes('authenticator-data'),
      signature: bytes('signature'),
      userHandle: bytes('handle'),
    },
    getClientExtensionResults: () => ({}),
  };
}

/** What the stub saw: every `get`, with whether it was the autofill's (conditional mediation). */
export const passkeyCalls: { mediation?: string }[] = [];

/**
 * Replaces the browser's passkey dialog for a story: `answer` for a dialog the button opens, and the autofill
 * offered only when `autofill` (so the other stories do not start it). Returns the cleanup (a story's
 * `beforeEach`). An aborted request rejects as the browser's does.
 */
export function stubPasskeys({
  answer = 'pending',
  autofill = false,
}: { answer?: PasskeyDialog; autofill?: boolean } = {}) {
  const credentials = navigator.credentials;
  const original = { get: credentials.get, conditional: PublicKeyCredential.isConditionalMediationAvailable };
  passkeyCalls.length = 0;
  credentials.get = (options?: CredentialRequestOptions) => {
    passkeyCalls.push({ mediation: options?.mediation });
    const aborted = () => new DOMException('The operation was aborted.', 'AbortError');
    return new Promise<Credential | null>((resolve, reject) => {
      options?.signal?.addEventListener('abort', () => reject(aborted()));
      if (options?.mediation === 'conditional') return;
      if (answer === 'assertion') resolve(fakeCredential() as unknown as Credential);
      if (answer === 'cancel')
        reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));
    });
  };
  PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(autofill);
  return () => {
    credentials.get = original.get;
    PublicKeyCredential.isConditionalMediationAvailable = original.conditional;
  };
}
