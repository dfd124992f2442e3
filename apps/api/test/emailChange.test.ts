// E-mail change: request (signed in), mail to the new address and notice to the old, activation.
import { describe, expect, it } from 'vitest';
import { maskEmail } from '../src/mail/templates.ts';
import { PASSWORD, uniqueEmail, serverFixture } from './helpers.ts';

const { server, register, signIn, latestToken, mailbox } = serverFixture();

describe('email change', () => {
  it('mails the link to the new address and a notice to the old; activation changes the address and signs out everywhere', async () => {
    const oldEmail = uniqueEmail('old');
    const newEmail = uniqueEmail('new');
    await register(oldEmail);
    const session = await signIn(oldEmail);
    const other = await signIn(oldEmail);

    const response = await server.call('requestEmailChange', { body: { email: newEmail }, cookie: session });
    expect(response.status).toBe(202);
    const mails = await mailbox();
    const link = mails.find((m) => m.to === newEmail)!;
    const notice = mails.find(
      (m) => m.to === oldEmail && m.subject.includes('メールアドレス変更のお知らせ'),
    )!;
    expect(link.text).toMatch(/http:\/\/localhost:8080\/change-email-requests\/[A-Za-z0-9_-]{43}\n/);
    // The new address partly masked (mail.ts maskEmail): the old mailbox may not be the owner's alone.
    expect(notice.text).toContain(maskEmail(newEmail));
    expect(notice.text).not.toContain(newEmail);
    expect(notice.text).not.toMatch(/change-email-requests\//);

    const token = await latestToken(newEmail, 'change-email-requests');
    const activation = await server.call('activateEmailChange', { params: { token }, cookie: session });
    expect(activation.status).toBe(204);
    expect(activation.sessionCookie).toBe('');
    expect((await server.call('getCurrentSession', { cookie: session })).status).toBe(403);
    expect((await server.call('getCurrentSession', { cookie: other })).status).toBe(403);
    expect((await server.call('signIn', { body: { email: oldEmail, password: PASSWORD } })).status).toBe(404);
    const fresh = await signIn(newEmail);
    expect((await server.call('getCurrentSession', { cookie: fresh })).body).toMatchObject({
      email: newEmail,
    });
    // single use
    expect((await server.call('activateEmailChange', { params: { token } })).status).toBe(404);
  });

  it('404 without a valid session (none, unknown, revoked)', async () => {
    const body = { email: uniqueEmail() };
    expect((await server.call('requestEmailChange', { body })).status).toBe(404);
    const forged = await server.call('requestEmailChange', { body, cookie: 'pre_admission_session=forged' });
    expect(forged.status).toBe(404);
    expect(forged.body).toMatchObject({ type: 'urn:pre-admission:problem:no-session' });
    const email = uniqueEmail();
    await register(email);
    const cookie = await signIn(email);
    await server.call('signOut', { cookie });
    expect((await server.call('requestEmailChange', { body, cookie })).status).toBe(404);
  });

  it('409 when the new address belongs to another account (in any case)', async () => {
    const mine = uniqueEmail();
    const taken = uniqueEmail('taken');
    await register(mine);
    await register(taken);
    const cookie = await signIn(mine);
    const response = await server.call('requestEmailChange', {
      body: { email: taken.toUpperCase() },
      cookie,
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ type: 'urn:pre-admission:problem:email-in-use' });
  });

  // Issue 27, defect 4: "already in use" for the applicant's own address told them nothing they could act on.
  it('400 same_as_current on the email when the new address is your own current one (in any case); no mail', async () => {
    const mine = uniqueEmail('mine');
    await register(mine);
    const cookie = await signIn(mine);
    const mailsTo = async (email: string) => (await mailbox()).filter((mail) => mail.to === email).length;
    const before = await mailsTo(mine);
    for (const email of [mine, mine.toUpperCase()]) {
      const response = await server.call('requestEmailChange', { body: { email }, cookie });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        type: 'urn:pre-admission:problem:validation',
        errors: [{ field: 'email', code: 'same_as_current' }],
      });
    }
    expect(await mailsTo(mine)).toBe(before);
  });

  it('409 at activation when the address was taken in the meantime; the account keeps its address', async () => {
    const mine = uniqueEmail();
    const wanted = uniqueEmail('wanted');
    await register(mine);
    const cookie = await signIn(mine);
    await server.call('requestEmailChange', { body: { email: wanted }, cookie });
    const token = await latestToken(wanted, 'change-email-requests');
    await register(wanted);
    const activation = await server.call('activateEmailChange', { params: { token } });
    expect(activation.status).toBe(409);
    expect((await server.call('getCurrentSession', { cookie })).body).toMatchObject({ email: mine });
  });

  it('the token expires after 24 hours', async () => {
    const mine = uniqueEmail();
    const wanted = uniqueEmail('late');
    await register(mine);
    const cookie = await signIn(mine);
    await server.call('requestEmailChange', { body: { email: wanted }, cookie });
    const token = await latestToken(wanted, 'change-email-requests');
    server.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await server.call('activateEmailChange', { params: { token } })).status).toBe(404);
  });

  it('validates the new address (400)', async () => {
    const mine = uniqueEmail();
    await register(mine);
    const cookie = await signIn(mine);
    const long = `${'a'.repeat(195)}@example.com`;
    for (const [email, code] of [
      ['', 'required'],
      ['no-at-sign', 'invalid_email'],
      [long, 'too_long'],
    ]) {
      const response = await server.call('requestEmailChange', { body: { email }, cookie });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ errors: [{ field: 'email', code }] });
    }
  });
});
