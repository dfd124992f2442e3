// A software passkey authenticator (WebAuthn, ES256 on node:crypto): it makes `none` attestations and
// assertions as a browser hands them over (RegistrationResponseJSON, AuthenticationResponseJSON). The provider
// states use it to give the consumer's pacts valid passkey responses (only reachable with PROVIDER_STATES=1,
// docs/security.md#provider-states); the tests use it, with the knobs below, to play an attacker.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

// A minimal CBOR encoder (RFC 8949): only what an attestation object and a COSE key hold.
type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const out = Buffer.alloc(5);
  out[0] = (major << 5) | 26;
  out.writeUInt32BE(length, 1);
  return out;
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

/** Authenticator data flags (WebAuthn §6.1). */
export const FLAGS = {
  userPresent: 0x01,
  userVerified: 0x04,
  backupEligible: 0x08,
  backedUp: 0x10,
  attested: 0x40,
};

export interface Ceremony {
  /** The challenge of the options, base64url. */
  challenge: string;
  /** The page's origin, as the browser writes it into clientDataJSON. */
  origin: string;
  /** The RP id whose SHA-256 starts the authenticator data. */
  rpId: string;
}

export interface Knobs {
  /** The user-verified flag (default on: the site requires it). */
  userVerified?: boolean;
  /** The signature counter to report (default: one more than the last one). */
  counter?: number;
  /** clientDataJSON's type (default `webauthn.create` or `webauthn.get`). */
  type?: string;
  /** The user handle an assertion names (default the one given at registration). */
  userHandle?: string | undefined;
  /** The backup flags to report instead of the authenticator's own (BE, BS). */
  backup?: { eligible: boolean; backedUp: boolean };
}

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');

export class SoftAuthenticator {
  readonly credentialId: string;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** The counter of the last response made. */
  counter = 0;
  /** The account's user handle, as the creation options gave it (base64url). */
  userHandle: string | undefined;
  readonly options: { synced?: boolean };

  /**
   * `synced`: a passkey its provider backs up (backup eligible and backed up; its counter stays 0, as synced
   * passkeys' counters do). Otherwise a single-device key whose counter rises with every use.
   */
  constructor(options: { synced?: boolean } = {}) {
    this.options = options;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    this.publicKey = publicKey;
    this.credentialId = b64url(randomBytes(16));
  }

  private flags(knobs: Knobs, attested: boolean): number {
    let flags = FLAGS.userPresent;
    if (knobs.userVerified ?? true) flags |= FLAGS.userVerified;
    const backup = knobs.backup ?? { eligible: !!this.options.synced, backedUp: !!this.options.synced };
    if (backup.eligible) flags |= FLAGS.backupEligible;
    if (backup.backedUp) flags |= FLAGS.backedUp;
    if (attested) flags |= FLAGS.attested;
    return flags;
  }

  private nextCounter(knobs: Knobs): number {
    if (knobs.counter !== undefined) return knobs.counter;
    if (this.options.synced) return 0;
    this.counter += 1;
    return this.counter;
  }

  /** The public key as COSE_Key (EC2, ES256): what the server stores for the passkey. */
  publicKeyCose(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return cbor(
      new Map<number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private clientData(type: string, ceremony: Ceremony): Buffer {
    return Buffer.from(
      JSON.stringify({ type, challenge: ceremony.challenge, origin: ceremony.origin, crossOrigin: false }),
    );
  }

  /** navigator.credentials.create: a `none` attestation of a new credential for the ceremony. */
  register(ceremony: Ceremony & { userHandle: string }, knobs: Knobs = {}) {
    this.userHandle = ceremony.userHandle;
    const counter = this.options.synced ? 0 : (knobs.counter ?? 0);
    this.counter = counter;
    const credentialId = Buffer.from(this.credentialId, 'base64url');
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(ceremony.rpId),
      Buffer.from([this.flags(knobs, true)]),
      uint32(counter),
      Buffer.alloc(16), // AAGUID: none given, as with `none` attestation
      idLength,
      credentialId,
      this.publicKeyCose(),
    ]);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(this.clientData(knobs.type ?? 'webauthn.create', ceremony)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** navigator.credentials.get: an assertion over the ceremony's challenge, signed with the key. */
  assert(ceremony: Ceremony, knobs: Knobs = {}) {
    const authData = Buffer.concat([
      sha256(ceremony.rpId),
      Buffer.from([this.flags(knobs, false)]),
      uint32(this.nextCounter(knobs)),
    ]);
    const clientDataJSON = this.clientData(knobs.type ?? 'webauthn.get', ceremony);
    // ECDSA over authenticatorData || SHA-256(clientDataJSON), DER-encoded (WebAuthn §6.3.3).
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    const userHandle = 'userHandle' in knobs ? knobs.userHandle : this.userHandle;
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(userHandle !== undefined ? { userHandle } : {}),
      },
    };
  }
}

function uint32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value);
  return out;
}
