// A real authenticator for the passkey journeys: Chromium's DevTools virtual authenticator (the WebAuthn
// domain of the DevTools protocol), attached to one page. It is a platform authenticator ('internal', CTAP
// 2) that keeps discoverable credentials and verifies its user, and it answers by itself, as a person
// touching the sensor would (automaticPresenceSimulation). The browser talks to it exactly as to a phone or
// a laptop's sensor: the site's code is not told it is virtual.
import type { CDPSession, Page } from 'playwright-core';

/** A credential as the authenticator holds it (WebAuthn.Credential of the DevTools protocol). */
export interface StoredCredential {
  /** Standard Base64 (with padding), as the protocol gives it. */
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  /** PKCS#8, Base64. */
  privateKey: string;
  userHandle?: string;
  signCount: number;
  userName?: string;
  userDisplayName?: string;
  backupEligibility?: boolean;
  backupState?: boolean;
}

export interface AuthenticatorOptions {
  /** Whether the person passes the user verification (fingerprint, PIN); false for the negative tests. */
  isUserVerified?: boolean;
  /** Whether the authenticator answers by itself; false leaves every request waiting, as an absent user. */
  automaticPresenceSimulation?: boolean;
}

/** The id the site and the server use for a credential: Base64URL without padding (WebAuthn's `id`). */
export const base64url = (standard: string): string =>
  standard.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export class VirtualAuthenticator {
  private readonly asserted: string[] = [];
  private readonly added: string[] = [];

  private constructor(
    private readonly cdp: CDPSession,
    readonly id: string,
  ) {
    cdp.on('WebAuthn.credentialAsserted', (event: { credential: StoredCredential }) =>
      this.asserted.push(base64url(event.credential.credentialId)),
    );
    cdp.on('WebAuthn.credentialAdded', (event: { credential: StoredCredential }) =>
      this.added.push(base64url(event.credential.credentialId)),
    );
  }

  /**
   * Gives `page` (its tab: every navigation in it) an authenticator of its own. Another page of the same
   * context has none unless attached too.
   */
  static async attach(page: Page, options: AuthenticatorOptions = {}): Promise<VirtualAuthenticator> {
    const cdp = await page.context().newCDPSession(page);
    // enableUI false: no browser dialog (account chooser) waits for a click that a headless run cannot give.
    await cdp.send('WebAuthn.enable', { enableUI: false });
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        ctap2Version: 'ctap2_1',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: options.isUserVerified ?? true,
        automaticPresenceSimulation: options.automaticPresenceSimulation ?? true,
      },
    });
    return new VirtualAuthenticator(cdp, authenticatorId);
  }

  async credentials(): Promise<StoredCredential[]> {
    const { credentials } = await this.cdp.send('WebAuthn.getCredentials', { authenticatorId: this.id });
    return credentials as StoredCredential[];
  }

  /** The one credential it holds (fails when it holds none or several: the journeys add one at a time). */
  async onlyCredential(): Promise<StoredCredential> {
    const all = await this.credentials();
    if (all.length !== 1) throw new Error(`the authenticator holds ${all.length} credentials, not 1`);
    return all[0]!;
  }

  /** Forgets a credential, as a person deleting the passkey from their phone. */
  async remove(credentialId: string): Promise<void> {
    await this.cdp.send('WebAuthn.removeCredential', { authenticatorId: this.id, credentialId });
  }

  /** Whether the next ceremonies pass user verification (false: the fingerprint is not recognised). */
  async setUserVerified(isUserVerified: boolean): Promise<void> {
    await this.cdp.send('WebAuthn.setUserVerified', { authenticatorId: this.id, isUserVerified });
  }

  async setAutomaticPresence(enabled: boolean): Promise<void> {
    await this.cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId: this.id, enabled });
  }

  /** The ids (Base64URL) of the credentials it has signed an assertion with, oldest first. */
  assertions(): string[] {
    return [...this.asserted];
  }

  /** The ids (Base64URL) of the credentials it has created, oldest first. */
  creations(): string[] {
    return [...this.added];
  }
}
