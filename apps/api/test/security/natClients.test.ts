// Issue 25, the other way round: everyone behind one NAT (a school, an agency that helps applicants) shared
// the per-client limit of 30 mails an hour, so the 31st applicant from that address could not register. The
// per-client mail limit is now high enough for such a NAT; the per-mailbox and site ceilings stay the
// protection against floods (docs/security.md#limits).
import { expect, it } from 'vitest';
import { serverFixture, uniqueEmail } from '../helpers.ts';

const { server, latestToken } = serverFixture();

const NAT = '192.0.2.44';

it('50 applicants behind one client address can each register', async () => {
  const statuses = [];
  for (let i = 0; i < 50; i += 1) {
    const email = uniqueEmail(`school${i}`);
    const request = await server.call('requestRegistration', { body: { email }, ip: NAT });
    statuses.push(request.status);
    if (request.status !== 202) continue;
    const token = await latestToken(email, 'registrations');
    const finish = await server.call('finishRegistration', {
      params: { token },
      body: { password: 'Passw0rd2026' },
      ip: NAT,
    });
    expect(finish.status).toBe(204);
  }
  expect(statuses).toEqual(Array(50).fill(202));
});

it('behind the same address, one mailbox still gets at most its budget', async () => {
  const email = uniqueEmail('one');
  const statuses = [];
  for (let i = 0; i < 8; i += 1)
    statuses.push((await server.call('requestRegistration', { body: { email }, ip: NAT })).status);
  const { max } = server.config.limits.mailsPerAddress;
  expect(statuses).toEqual([...Array(max).fill(202), ...Array(8 - max).fill(429)]);
});
