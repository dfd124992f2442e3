// A staff invitation (docs/security.md#staff): the mail in both languages with its link, reading it, setting
// the password with the project's password rules; and the attacks on its link: reused, expired, superseded by
// a newer invitation, its account removed, guessed.
import { describe, expect, it } from 'vitest';
import { PASSWORD, serverFixture, uniqueEmail } from './helpers.ts';
import { invite, staffCommand, staffSignIn } from './staffHelpers.ts';

const { server, mailbox } = serverFixture();

const accept = (token: string, password = PASSWORD) =>
  server.call('acceptStaffInvitation', { params: { token }, body: { password } });

describe('the invitation mail', () => {
  it('names the role and its office in Japanese and English, with a link to the desk page that sets the password', async () => {
    const email = uniqueEmail('office');
    const token = await invite(server, email, 'office', '2');
    const mail = (await mailbox()).find((m) => m.to === email)!;
    expect(mail.subject).toBe('【留学生入学前支援サイト】教職員用アカウントのご案内 / Your staff account');
    expect(mail.text).toContain('役割：情報学部の事務');
    expect(mail.text).toContain('role: the office of the School of Informatics');
    expect(mail.text).toContain('有効期限：3日間');
    expect(mail.text).toContain('valid for 3 days');
    expect(mail.text).toContain(`http://localhost:8080/desk/invitations/${token}`);
    expect(mail.text).toContain('パスキーまたは認証アプリ');
    expect(mail.text.indexOf('役割')).toBeLessThan(mail.text.indexOf('role:'));
  });

  it('names a supervisor by the teacher', async () => {
    const email = uniqueEmail('teacher');
    await invite(server, email, 'supervisor', '102');
    const mail = (await mailbox()).find((m) => m.to === email)!;
    expect(mail.text).toContain('役割：指導教員（佐藤 花子）');
    expect(mail.text).toContain('role: supervisor (Hanako Sato)');
  });
});

describe('reading and accepting it', () => {
  it('reads the address, the role and when the link ends; accepting sets the password, once', async () => {
    const email = uniqueEmail('desk');
    const token = await invite(server, email, 'supervisor', '104');
    const read = await server.call('getStaffInvitation', { params: { token } });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({
      email,
      role: 'supervisor',
      teacherId: 104,
      expiresAt: new Date(server.clock.now().getTime() + 3 * 24 * 60 * 60 * 1000).toISOString(),
    });
    expect((await accept(token)).status).toBe(204);
    await staffSignIn(server, email);
    expect(server.logs.text).toContain('"event":"staff.invitation.accepted"');
    // The link's token is never written to the log (its path is masked: plugins/requestLog.ts).
    expect(server.logs.text).not.toContain(token);
  });

  it('refuses a password against the rules or a common one, and keeps the link live', async () => {
    const email = uniqueEmail('rules');
    const token = await invite(server, email, 'desk');
    const short = await accept(token, 'abc1');
    expect(short.status).toBe(400);
    const common = await accept(token, 'Password123');
    expect(common.status).toBe(400);
    expect(common.body).toMatchObject({ errors: [{ field: 'password', code: 'common_password' }] });
    expect((await server.call('getStaffInvitation', { params: { token } })).status).toBe(200);
    expect((await accept(token)).status).toBe(204);
  });
});

describe('the attacks on its link', () => {
  it('a link used once is refused the second time (404 used), and sets no password again', async () => {
    const email = uniqueEmail('reused');
    const token = await invite(server, email, 'desk');
    expect((await accept(token)).status).toBe(204);
    const again = await accept(token, 'An0therPassw0rd9');
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'used' });
    expect((await server.call('getStaffInvitation', { params: { token } })).body).toMatchObject({
      code: 'used',
    });
    await staffSignIn(server, email, PASSWORD);
  });

  it('two acceptances at once: one sets the password, the other is refused', async () => {
    const email = uniqueEmail('race');
    const token = await invite(server, email, 'desk');
    const answers = await Promise.all([accept(token, 'Ichigo2026ab'), accept(token, 'Mikan2026cd')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 404]);
  });

  it('an expired link is refused (404 expired with when) and sets nothing', async () => {
    const email = uniqueEmail('expired');
    const token = await invite(server, email, 'exchange');
    server.clock.advance(server.config.lifetimes.staffInvitation + 1000);
    const late = await accept(token);
    expect(late.status).toBe(404);
    expect(late.body).toMatchObject({ code: 'expired', expiredAt: expect.any(String) });
    const signIn = await server.call('staffSignIn', { body: { email, password: PASSWORD } });
    expect(signIn.status).toBe(403);
  });

  it('an invitation sent again supersedes the earlier link (404 superseded); the new one works, with the new role', async () => {
    const email = uniqueEmail('again');
    const first = await invite(server, email, 'office', '1');
    const second = await invite(server, email, 'office', '3');
    expect(first).not.toBe(second);
    expect((await accept(first)).body).toMatchObject({ code: 'superseded' });
    expect((await server.call('getStaffInvitation', { params: { token: second } })).body).toMatchObject({
      role: 'office',
      officeId: 3,
    });
    expect((await accept(second)).status).toBe(204);
  });

  it('the link of a removed account is refused', async () => {
    const email = uniqueEmail('removed');
    const token = await invite(server, email, 'desk');
    expect(await staffCommand(server, 'remove', email)).toMatchObject({ exitCode: 0 });
    expect((await accept(token)).status).toBe(404);
  });

  it('a guessed link is unknown; guesses count against the client like any token', async () => {
    const guesses = [];
    for (let i = 0; i < server.config.limits.tokenFailuresPerClient.max + 1; i += 1)
      guesses.push(
        await server.call('getStaffInvitation', { params: { token: `guess${i}` }, ip: '10.42.0.1' }),
      );
    expect(guesses[0]!.body).toMatchObject({ code: 'unknown' });
    expect(guesses.at(-1)!.status).toBe(429);
  });

  it('an invitation cannot be sent again to an account that has accepted it: the command refuses, nothing changes', async () => {
    const email = uniqueEmail('active');
    expect((await accept(await invite(server, email, 'desk'))).status).toBe(204);
    const result = await staffCommand(server, 'invite', email, 'exchange');
    expect(result.exitCode).toBe(1);
    expect(result.line).toContain('already has an active staff account');
    await staffSignIn(server, email);
  });
});
