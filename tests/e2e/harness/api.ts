// Direct calls to the server for a test's preconditions (an account, a token, a signed-in context), so that
// the browser spends its time on the behaviour under test. State-changing calls carry X-Request-Id (docs/behaviour.md#api-calls).
import type { BrowserContext } from 'playwright-core';
import type { Mailbox } from './mailbox.ts';

let counter = 0;
export const requestId = (): string => `${Date.now() - Date.UTC(2021, 0, 1)}:${(counter += 1) % 4096}`;

export class Server {
  constructor(
    readonly baseUrl: string,
    readonly mailbox: Mailbox,
  ) {}

  async call(method: string, path: string, body?: unknown, cookie?: string): Promise<Response> {
    const headers: Record<string, string> = { 'x-request-id': requestId(), accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (cookie) headers.cookie = cookie;
    return fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  private async expectStatus(response: Response, status: number, what: string): Promise<void> {
    if (response.status !== status) {
      throw new Error(`${what}: expected ${status}, got ${response.status} ${await response.text()}`);
    }
  }

  /** Starts a registration and returns the token path from the mail (/registrations/{token}). */
  async registrationLink(email: string): Promise<string> {
    const seen = await this.mailbox.count(email);
    await this.expectStatus(
      await this.call('POST', '/api/applicant/registrations', { email }),
      202,
      'register',
    );
    return (await this.mailbox.next(email, seen)).path;
  }

  async passwordResetLink(email: string): Promise<string> {
    const seen = await this.mailbox.count(email);
    const response = await this.call('POST', '/api/applicant/password-reset-requests', { email });
    await this.expectStatus(response, 202, 'request a reset');
    return (await this.mailbox.next(email, seen)).path;
  }

  async createAccount(email: string, password: string): Promise<void> {
    const path = await this.registrationLink(email);
    const token = path.split('/').pop()!;
    const response = await this.call('PATCH', `/api/applicant/registrations/${token}`, { password });
    await this.expectStatus(response, 204, 'finish registration');
  }

  /** Signs the browser context in (its cookie jar gets the session cookie). */
  async signIn(context: BrowserContext, email: string, password: string): Promise<void> {
    const response = await context.request.post(`${this.baseUrl}/api/applicant/sessions`, {
      headers: { 'x-request-id': requestId() },
      data: { email, password },
    });
    if (!response.ok()) throw new Error(`sign in: ${response.status()} ${await response.text()}`);
  }

  /** The email-change link mailed to newEmail, requested from a signed-in context. */
  async emailChangeLink(context: BrowserContext, newEmail: string): Promise<string> {
    const seen = await this.mailbox.count(newEmail);
    const response = await context.request.post(`${this.baseUrl}/api/applicant/email-change-requests`, {
      headers: { 'x-request-id': requestId() },
      data: { email: newEmail },
    });
    if (response.status() !== 202)
      throw new Error(`email change: ${response.status()} ${await response.text()}`);
    return (await this.mailbox.next(newEmail, seen)).path;
  }
}
