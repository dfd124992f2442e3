// Finding 16 (part): no __Host- cookie on HTTPS. A sibling subdomain or a plain-http page of the same host
// could plant or shadow the session cookie. Now, served over https, the cookie is __Host- prefixed (Secure,
// Path=/, no Domain); over plain http on localhost it keeps its bare name (docs/security.md#the-session-cookie).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD, register, startServer, uniqueEmail, type TestServer } from '../helpers.ts';

let server: TestServer;
let secure: TestServer;
beforeAll(async () => {
  server = await startServer();
  secure = await startServer(
    { publicUrl: 'https://apply.example.ac.jp', basePath: '/pre-admission' },
    server,
  );
});
afterAll(async () => {
  await secure.close();
  await server.close();
});

const origin = { origin: 'https://apply.example.ac.jp' };

it('over https the session cookie is __Host- prefixed, Secure, Path=/, without Domain, and it works', async () => {
  const email = uniqueEmail('https');
  await register(server, email);
  const signIn = await secure.call('signIn', { body: { email, password: PASSWORD }, headers: origin });
  expect(signIn.status).toBe(200);
  const cookie = signIn.setCookie.find((c) => c.startsWith('__Host-pre_admission_session='));
  expect(cookie, signIn.setCookie.join('\n')).toBeDefined();
  const attributes = cookie!.split(';').map((a) => a.trim().toLowerCase());
  expect(attributes).toEqual(expect.arrayContaining(['secure', 'httponly', 'path=/', 'samesite=lax']));
  expect(attributes.some((a) => a.startsWith('domain='))).toBe(false);

  const pair = cookie!.split(';')[0]!;
  expect((await secure.call('getCurrentSession', { cookie: pair })).status).toBe(200);
  // A bare-named cookie planted by a plain-http page or a sibling subdomain is not the session.
  const planted = `pre_admission_session=${pair.split('=')[1]!}`;
  expect((await secure.call('getCurrentSession', { cookie: planted })).status).toBe(401);
});

it('over plain http on localhost the cookie keeps its bare name (browsers refuse __Host- without Secure)', async () => {
  const email = uniqueEmail('http');
  await register(server, email);
  const signIn = await server.call('signIn', { body: { email, password: PASSWORD } });
  expect(signIn.setCookie.some((c) => c.startsWith('pre_admission_session='))).toBe(true);
  expect(signIn.setCookie.some((c) => c.startsWith('__Host-'))).toBe(false);
});
