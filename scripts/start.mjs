// `npm start`: build what is missing, then serve the web app and the API on one origin
// (http://localhost:8080 by default; PORT, HOST, BASE_PATH, PUBLIC_URL, DATABASE_URL, SMTP_URL override).
// Without SMTP_URL, outside NODE_ENV=production, it also runs MailDev (a development mail catcher, on
// 127.0.0.1 only) and the server sends every mail to it over SMTP, as it would to a real server; its web
// address is printed with the site's. With NODE_ENV=production the server itself demands SMTP_URL.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const webPackage = new URL('../apps/web/package.json', import.meta.url);
const webIndex = new URL('../apps/web/dist/index.html', import.meta.url);
const webDir = new URL('../apps/web/', import.meta.url);

// The web app: build it once if it has a build script and no dist yet. A failed build is not fatal: the
// server then says the site is not built yet, and the API still runs.
if (existsSync(webPackage) && !existsSync(webIndex)) {
  const scripts = JSON.parse(readFileSync(webPackage, 'utf8')).scripts ?? {};
  const hasSources = existsSync(new URL('index.html', webDir));
  if (scripts.build && hasSources) {
    console.info('npm start: building the web app (apps/web/dist is missing)…');
    const build = spawnSync('npm', ['run', 'build', '-w', '@pre-admission/web'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0)
      console.warn('npm start: the web app did not build; serving the API and a notice page.');
  } else {
    console.info('npm start: the web app is not ready to build yet; serving the API and a notice page.');
  }
}

/** The port if it is free on 127.0.0.1, otherwise 0 (any free one). */
function portOrAny(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(0));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(port)));
  });
}

/** MailDev on 127.0.0.1: SMTP on 1025 and the web inbox on 1080 when free, otherwise free ports. */
async function startMailDev() {
  let MailDev;
  try {
    ({ MailDev } = await import('maildev'));
  } catch {
    console.error(
      'npm start: no SMTP_URL and MailDev is not installed (a devDependency: run `npm ci`), so no mail could be read.\n' +
        'Set SMTP_URL to a real SMTP server, or install the development dependencies.',
    );
    process.exit(1);
  }
  const maildev = new MailDev({
    smtp: await portOrAny(1025),
    web: await portOrAny(1080),
    ip: '127.0.0.1',
    webIp: '127.0.0.1',
    silent: true,
  });
  const servers = await maildev.start();
  const web = servers.api.boundAddress;
  return {
    maildev,
    smtpUrl: `smtp://127.0.0.1:${servers.smtp.port}`,
    webUrl: `http://127.0.0.1:${web.port}/`,
  };
}

const env = { ...process.env };
let mailbox;
if (!env.SMTP_URL && env.NODE_ENV !== 'production') {
  mailbox = await startMailDev();
  env.SMTP_URL = mailbox.smtpUrl;
  env.DEV_MAILBOX_URL = mailbox.webUrl;
}

// The reference provider, straight from its TypeScript sources: Node strips the types (no build step).
const server = spawn(process.execPath, ['apps/api/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env,
});
// The server decides how to stop (a second signal forces it); MailDev stops once the server has.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', async (code, signal) => {
  if (mailbox) await mailbox.maildev.stop().catch(() => undefined);
  process.exit(code ?? (signal ? 0 : 1));
});
