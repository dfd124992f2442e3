// Issue 25, finding 5: credentials changed unseen. No mail told the owner that the password was changed or
// reset, or told the old address that the email address was changed (ASVS 6.3.6): an attacker who got in
// once could lock the owner out quietly. Now each change writes a notice to the outbox in the transaction
// that makes the change, in both languages and signed by the desk, with nothing in it that signs anyone in,
// and the audit log records it (docs/security.md#change-notices).
import { afterEach, describe, expect, it } from 'vitest';
import { findAccount } from '../../src/account/accounts.ts';
import { purgeExpired } from '../../src/platform/housekeeping.ts';
import { maskEmail, notice, type MailMessage, type NoticeEvent } from '../../src/mail/templates.ts';
import { PASSWORD, serverFixture, uniqueEmail, type Mail } from '../helpers.ts';

const { server, register, signIn, latestToken, mailbox } = serverFixture();

const mailsTo = async (email: string): Promise<Mail[]> =>
  (await mailbox()).filter((mail) => mail.to.toLowerCase() === email.toLowerCase());

/** The one mail to `email` whose subject names the event, in both languages. */
async function noticeTo(email: string, ja: string, en: string): Promise<Mail> {
  const notices = (await mailsTo(email)).filter((mail) => mail.subject.includes(ja));
  expect(notices, `a notice "${ja}" to ${email}`).toHaveLength(1);
  const notice = notices[0]!;
  expect(notice.subject).toContain(en);
  return notice;
}

/** What a notice must never carry: a link of any kind, or anything shaped like a token. */
function expectNothingThatSignsIn(mail: Mail): void {
  expect(mail.text).not.toMatch(/https?:\/\//);
  expect(mail.text).not.toMatch(/\/(registrations|password-reset|change-email-requests)\//);
  // Tokens are 43 base64url characters; no run of 20 such characters belongs in a notice.
  expect(mail.text).not.toMatch(/[A-Za-z0-9_-]{20,}/);
}

/** Japanese first, then English, then the desk's signature with its address. */
function expectBothLanguagesSigned(mail: Mail, ja: string, en: string): void {
  const text = mail.text;
  expect(text.indexOf(ja)).toBeGreaterThanOrEqual(0);
  expect(text.indexOf(en)).toBeGreaterThan(text.indexOf(ja));
  expect(text).toContain('留学生入学前支援窓口 / Pre-admission Support Desk');
  expect(text.lastIndexOf('pre-admission@example.ac.jp')).toBeGreaterThan(text.indexOf(en));
}

interface AuditLine {
  audit?: boolean;
  event?: string;
  accountId?: string | null;
  mail?: string;
  requestId?: string;
}
const auditOf = (requestId: string): [string, string | null, string | undefined][] =>
  server.logs.lines
    .map((line) => JSON.parse(line) as AuditLine)
    .filter((line) => line.audit && line.requestId === requestId)
    .map((line) => [line.event!, line.accountId ?? null, line.mail]);

let request = 0;
const nextRequestId = () => `${800000 + (request += 1)}:${request}`;

describe('change notices (finding 5)', () => {
  it('a password change: the owner is told, in both languages, with nothing that signs in', async () => {
    const email = uniqueEmail('changed');
    await register(email);
    const cookie = await signIn(email);
    const id = nextRequestId();
    const response = await server.call('changePassword', {
      cookie,
      body: { currentPassword: PASSWORD, newPassword: 'Zh4mQw8rTx' },
      headers: { 'x-request-id': id },
    });
    expect(response.status).toBe(204);
    const notice = await noticeTo(email, 'パスワード変更のお知らせ', 'Your password was changed');
    expectBothLanguagesSigned(notice, 'パスワードが変更されました', 'password of your account was changed');
    expectNothingThatSignsIn(notice);
    const account = (await findAccount(server.services.db, email))!;
    expect(auditOf(id)).toEqual([
      ['password.changed', account.id, undefined],
      ['notice.queued', account.id, 'passwordChangedNotice'],
      ['sessions.revoked', account.id, undefined],
    ]);
  });

  it('a password reset: the owner is told, with nothing that signs in', async () => {
    const email = uniqueEmail('reset');
    await register(email);
    expect((await server.call('requestPasswordReset', { body: { email } })).status).toBe(202);
    const token = await latestToken(email, 'password-reset');
    const id = nextRequestId();
    const response = await server.call('finishPasswordReset', {
      params: { token },
      body: { password: 'Vb6nLp2sKd' },
      headers: { 'x-request-id': id },
    });
    expect(response.status).toBe(204);
    const notice = await noticeTo(email, 'パスワード再設定のお知らせ', 'Your password was reset');
    expectBothLanguagesSigned(notice, 'パスワードが再設定されました', 'password of your account was reset');
    expectNothingThatSignsIn(notice);
    expect(notice.text).not.toContain(token);
    const account = (await findAccount(server.services.db, email))!;
    expect(auditOf(id)).toEqual([
      ['password-reset.finished', account.id, undefined],
      ['notice.queued', account.id, 'passwordResetNotice'],
      ['sessions.revoked', account.id, undefined],
    ]);
  });

  it('an email address change: the old address is told, with the new one masked and the desk to contact', async () => {
    const oldEmail = uniqueEmail('taro');
    const newEmail = `ta${uniqueEmail('ken')}`;
    await register(oldEmail);
    const cookie = await signIn(oldEmail);
    expect((await server.call('requestEmailChange', { body: { email: newEmail }, cookie })).status).toBe(202);
    const token = await latestToken(newEmail, 'change-email-requests');
    const before = (await mailsTo(oldEmail)).length;
    const id = nextRequestId();
    const response = await server.call('activateEmailChange', {
      params: { token },
      headers: { 'x-request-id': id },
    });
    expect(response.status).toBe(204);
    expect(await mailsTo(oldEmail)).toHaveLength(before + 1);
    const notice = await noticeTo(
      oldEmail,
      'メールアドレス変更完了のお知らせ',
      'Your email address was changed',
    );
    expectBothLanguagesSigned(
      notice,
      'アカウントのメールアドレスが',
      'email address of your account was changed',
    );
    expectNothingThatSignsIn(notice);
    expect(notice.text).not.toContain(newEmail);
    expect(notice.text).toContain('ta***@ex***.com');
    // What to do if it was not them: the desk, by its address, in both languages.
    expect(notice.text).toMatch(/お心当たりのない場合は[^\n]*窓口（pre-admission@example\.ac\.jp）/);
    expect(notice.text).toMatch(/If this was not you[^\n]*support desk \(pre-admission@example\.ac\.jp\)/);
    // The new address gets no second mail: it has just proved itself.
    expect((await mailsTo(newEmail)).filter((mail) => mail.subject.includes('お知らせ'))).toEqual([]);
    const account = (await findAccount(server.services.db, newEmail))!;
    expect(auditOf(id)).toEqual([
      ['email-change.activated', account.id, undefined],
      ['notice.queued', account.id, 'emailChangedNotice'],
      ['sessions.revoked', account.id, undefined],
    ]);
  });
});

describe('a notice and its change commit together (finding 5)', () => {
  const cleanups: string[] = [];
  afterEach(async () => {
    for (const sql of cleanups.splice(0)) await server.services.db.query(sql);
  });

  /** Makes every write of `table` that matches `when` fail, until the test ends. */
  async function failWrites(name: string, table: string, on: string, when: string): Promise<void> {
    await server.services.db.query(
      `create function ${name}() returns trigger language plpgsql as $$
         begin raise exception 'injected fault in %', tg_table_name; end $$`,
    );
    await server.services.db.query(
      `create trigger ${name} before ${on} on ${table} for each row when (${when}) execute function ${name}()`,
    );
    cleanups.push(`drop trigger ${name} on ${table}`, `drop function ${name}()`);
  }

  it('a change whose notice cannot be written does not happen', async () => {
    const email = uniqueEmail('unnoticed');
    await register(email);
    const cookie = await signIn(email);
    await failWrites('notice_fault', 'outbox', 'insert', `new.to_address = '${email}'`);
    const response = await server.call('changePassword', {
      cookie,
      body: { currentPassword: PASSWORD, newPassword: 'Rt5yXc9mWq' },
    });
    expect(response.status).toBe(500);
    await server.services.db.query(cleanups.shift()!);
    // The old password still signs in and the session still works: nothing of the change was kept.
    expect((await server.call('getCurrentSession', { cookie })).status).toBe(200);
    await signIn(email, PASSWORD);
  });

  it('a change that rolls back sends no notice', async () => {
    const email = uniqueEmail('rolledback');
    await register(email);
    const cookie = await signIn(email);
    const account = (await findAccount(server.services.db, email))!;
    // Ending the sessions comes after the notice in the transaction: it fails, so everything rolls back.
    await failWrites(
      'revoke_fault',
      'sessions',
      'update',
      `new.account_id = '${account.id}' and new.revoked_at is not null`,
    );
    const response = await server.call('changePassword', {
      cookie,
      body: { currentPassword: PASSWORD, newPassword: 'Gf3hJk7pLz' },
    });
    expect(response.status).toBe(500);
    await server.services.mailer.idle();
    expect(await mailsTo(email)).toHaveLength(1); // the registration mail only
    const rows = await server.services.db.query('select 1 from outbox where to_address = $1', [email]);
    expect(rows).toHaveLength(1);
    await signIn(email, PASSWORD);
  });
});

describe('the new address in a notice to the old one', () => {
  it.each([
    ['taro.yamada@example.ac.jp', 'ta***@ex***.ac.jp'],
    ['taro@mail.example.ac.jp', 'ta***@ma***.ac.jp'],
    ['hanako+applications@gmail.com', 'ha***@gm***.com'],
    ['li@qq.com', 'l***@q***.com'],
    ['a@b.io', '***@***.io'],
    ['Wang.Wei@Example.CO.UK', 'Wa***@Ex***.CO.UK'],
    ['学生@example.jp', '学***@ex***.jp'],
  ])('masks %s as %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });

  it('never shows more than half of the local part or of the domain’s name, nor their length', () => {
    for (const local of ['ab', 'abc', 'abcd', 'abcdefghij'])
      for (const domain of ['ab.com', 'abcdefgh.com', 'x.y.ac.jp']) {
        const masked = maskEmail(`${local}@${domain}`);
        const [shownLocal, shownDomain] = masked.split('@') as [string, string];
        expect(shownLocal.replace('***', '').length).toBeLessThanOrEqual(local.length / 2);
        expect(shownDomain).toMatch(/^[a-z]{0,2}\*\*\*\./);
      }
  });
});

describe('the notice template', () => {
  const at = new Date('2026-11-25T19:05:00Z');
  const to = 'owner@example.com';
  // One per event: a new NoticeEvent without a row here does not compile.
  const mails: Record<NoticeEvent, MailMessage> = {
    passwordChanged: notice('passwordChanged', to, at),
    passwordReset: notice('passwordReset', to, at),
    emailChanged: notice('emailChanged', to, at, 'taro.yamada@example.ac.jp'),
    passkeyAdded: notice('passkeyAdded', to, at, 'Pixel 9 (Chrome)'),
    passkeyRemoved: notice('passkeyRemoved', to, at, 'Pixel 9 (Chrome)'),
    authenticatorAppOn: notice('authenticatorAppOn', to, at),
    authenticatorAppOff: notice('authenticatorAppOff', to, at),
    recoveryCodesRenewed: notice('recoveryCodesRenewed', to, at),
    accountDeleted: notice('accountDeleted', to, at),
  };
  it.each(Object.entries(mails))(
    '%s: its own kind, both languages, the time in Japan time, no link',
    (event, mail) => {
      expect(mail.kind).toBe(`${event}Notice`);
      expect(mail.to).toBe(to);
      expect(mail.subject).toMatch(/^【留学生入学前支援サイト】\S.* \/ [A-Z]/);
      expect(mail.text).toContain('日時：2026-11-26 04:05（日本時間）');
      expect(mail.text).toContain('Time: 2026-11-26 04:05 (Japan time, UTC+9)');
      expect(mail.text).toMatch(/窓口（pre-admission@example\.ac\.jp）/);
      expect(mail.text).toMatch(/support desk \(pre-admission@example\.ac\.jp\)/);
      expect(mail.text).not.toMatch(/https?:\/\//);
    },
  );

  it('masks the new address itself: a caller cannot forget to', () => {
    expect(mails.emailChanged.text).not.toContain('taro.yamada');
    expect(mails.emailChanged.text.match(/ta\*\*\*@ex\*\*\*\.ac\.jp/g)).toHaveLength(2);
  });
});

describe('a notice’s body in the outbox', () => {
  // Last in the file: it moves the server's clock by days.
  it('is dropped by housekeeping after 3 days, like every body SMTP did not take', async () => {
    const email = uniqueEmail('kept');
    await register(email);
    const cookie = await signIn(email);
    await server.call('changePassword', {
      cookie,
      body: { currentPassword: PASSWORD, newPassword: 'Nd2wSx6cVb' },
    });
    const bodies = async () =>
      (
        await server.services.db.query<{ kind: string; body: string | null }>(
          `select kind, body from outbox where to_address = $1 and kind = 'passwordChangedNotice'`,
          [email],
        )
      ).map((row) => row.body !== null);
    expect(await bodies()).toEqual([true]);
    server.clock.advance(2 * 24 * 60 * 60_000);
    await purgeExpired(server.services.db, server.clock);
    expect(await bodies()).toEqual([true]);
    server.clock.advance(2 * 24 * 60 * 60_000);
    await purgeExpired(server.services.db, server.clock);
    expect(await bodies()).toEqual([false]);
  });
});
