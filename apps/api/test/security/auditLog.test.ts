// Finding 15 (part): acting unseen. No account action left an audit line. Now each account event writes one
// structured line (audit: true) with the account id, the client address and the request id, and nothing
// secret: the test walks an applicant's whole life through the API, one client address and one request id
// per step, and reads the captured log (docs/security.md#audit-log).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAccount } from '../../src/account/accounts.ts';
import { latestToken, PASSWORD, startServer, uniqueEmail, type TestServer } from '../helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

interface AuditLine {
  audit: true;
  event: string;
  accountId: string | null;
  clientAddress: string;
  requestId: string;
  reqId: string;
  reason?: string;
  sessions?: number;
}

const auditLines = (): AuditLine[] =>
  server.logs.lines
    .map((line) => JSON.parse(line) as Partial<AuditLine>)
    .filter((line): line is AuditLine => line.audit === true);

let step = 0;
/** A request id and a client address of their own for each step, so each line is traced to its step. */
function nextStep(): { requestId: string; ip: string } {
  step += 1;
  return { requestId: `${900000 + step}:${step}`, ip: `192.0.2.${step}` };
}

/** The audit lines the step's request wrote, as [event, accountId] pairs, after checking their fields. */
function linesOf({ requestId, ip }: { requestId: string; ip: string }): [string, string | null][] {
  const lines = auditLines().filter((line) => line.requestId === requestId);
  for (const line of lines) {
    expect(line.clientAddress, line.event).toBe(ip);
    expect(line.reqId, line.event).toBe(requestId);
  }
  return lines.map((line) => [line.event, line.accountId]);
}

describe('the audit log of an applicant’s account', () => {
  it('has one line per account event with account id, client address and request id, and no secret', async () => {
    const email = uniqueEmail('audited');
    const secrets: string[] = [PASSWORD];
    const cookies: string[] = [];
    const call = async (
      op: Parameters<TestServer['call']>[0],
      options: Parameters<TestServer['call']>[1],
      expected: [string, string | null][] | ((accountId: string) => [string, string | null][]),
      status: number,
    ) => {
      const at = nextStep();
      const response = await server.call(op, {
        ...options,
        ip: at.ip,
        headers: { 'x-request-id': at.requestId },
      });
      expect(response.status, op).toBe(status);
      if (response.sessionCookie) cookies.push(response.sessionCookie);
      const account = await findAccount(server.services.db, email);
      const lines = linesOf(at);
      expect(lines, op).toEqual(typeof expected === 'function' ? expected(account!.id) : expected);
      return response;
    };
    const cookieOf = () => `pre_admission_session=${cookies.at(-1)!}`;

    // Registration: requested (no account yet), finished.
    await call('requestRegistration', { body: { email } }, [['registration.requested', null]], 202);
    const registrationToken = await latestToken(server, email, 'registrations');
    secrets.push(registrationToken);
    await call(
      'finishRegistration',
      { params: { token: registrationToken }, body: { password: PASSWORD } },
      (id) => [['registration.finished', id]],
      204,
    );

    // Sign-in: succeeded, failed (wrong password; unknown account), limited.
    await call('signIn', { body: { email, password: PASSWORD } }, (id) => [['sign-in.succeeded', id]], 200);
    const wrong = 'Wr0ngGuess77';
    secrets.push(wrong);
    await call('signIn', { body: { email, password: wrong } }, (id) => [['sign-in.failed', id]], 403);
    await call(
      'signIn',
      { body: { email: uniqueEmail('nobody'), password: wrong } },
      [['sign-in.failed', null]],
      404,
    );
    const attacker = '198.51.100.66';
    const { max } = server.config.limits.signInFailuresPerAccountAndClient;
    for (let i = 0; i < max; i += 1)
      await server.call('signIn', { body: { email, password: wrong }, ip: attacker });
    const limited = nextStep();
    const refused = await server.call('signIn', {
      body: { email, password: wrong },
      ip: attacker,
      headers: { 'x-request-id': limited.requestId },
    });
    expect(refused.status).toBe(429);
    const account = (await findAccount(server.services.db, email))!;
    expect(
      auditLines()
        .filter((l) => l.requestId === limited.requestId)
        .map((l) => [l.event, l.accountId, l.clientAddress]),
    ).toEqual([['sign-in.limited', account.id, attacker]]);

    // Sign-out.
    await call('signOut', { cookie: cookieOf() }, (id) => [['sign-out', id]], 204);

    // Password reset: requested, finished (and every session ended).
    await call('requestPasswordReset', { body: { email } }, (id) => [['password-reset.requested', id]], 202);
    const resetToken = await latestToken(server, email, 'password-reset');
    secrets.push(resetToken);
    const afterReset = 'AfterReset2026';
    secrets.push(afterReset);
    await call(
      'finishPasswordReset',
      { params: { token: resetToken }, body: { password: afterReset } },
      (id) => [
        ['password-reset.finished', id],
        ['notice.queued', id],
        ['sessions.revoked', id],
      ],
      204,
    );

    // Password change (and every session ended).
    await call('signIn', { body: { email, password: afterReset } }, (id) => [['sign-in.succeeded', id]], 200);
    const changed = 'Changed2026pw';
    secrets.push(changed);
    await call(
      'changePassword',
      { cookie: cookieOf(), body: { currentPassword: afterReset, newPassword: changed } },
      (id) => [
        ['password.changed', id],
        ['notice.queued', id],
        ['sessions.revoked', id],
      ],
      204,
    );

    // E-mail change: requested, activated (and every session ended).
    await call('signIn', { body: { email, password: changed } }, (id) => [['sign-in.succeeded', id]], 200);
    const newEmail = uniqueEmail('moved');
    await call(
      'requestEmailChange',
      { cookie: cookieOf(), body: { email: newEmail } },
      (id) => [['email-change.requested', id]],
      202,
    );
    const changeToken = await latestToken(server, newEmail, 'change-email-requests');
    secrets.push(changeToken);
    const activation = nextStep();
    const activated = await server.call('activateEmailChange', {
      params: { token: changeToken },
      ip: activation.ip,
      headers: { 'x-request-id': activation.requestId },
    });
    expect(activated.status).toBe(204);
    expect(linesOf(activation)).toEqual([
      ['email-change.activated', account.id],
      ['notice.queued', account.id],
      ['sessions.revoked', account.id],
    ]);

    // A failed current password in a password change is a failed sign-in of the account.
    await call(
      'signIn',
      { body: { email: newEmail, password: changed } },
      [['sign-in.succeeded', account.id]],
      200,
    );
    await call(
      'changePassword',
      { cookie: cookieOf(), body: { currentPassword: wrong, newPassword: 'Another2026pw' } },
      [['sign-in.failed', account.id]],
      409,
    );

    // Nothing secret anywhere in the log: no password, token, session id or cookie header value.
    const text = server.logs.text;
    for (const secret of [...secrets, ...cookies]) expect(text).not.toContain(secret);
    expect(cookies.length).toBeGreaterThanOrEqual(4);
    // And the audit lines carry only their own fields.
    for (const line of auditLines())
      for (const key of Object.keys(line))
        expect([
          'level',
          'time',
          'pid',
          'hostname',
          'reqId',
          'audit',
          'event',
          'accountId',
          'clientAddress',
          'requestId',
          'reason',
          'sessions',
          'mail',
          'msg',
        ]).toContain(key);
  });
});
