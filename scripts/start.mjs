// `npm start`: build what is missing or stale, then serve the web app and the API on one origin
// (http://localhost:8080 by default; PORT, HOST, BASE_PATH, PUBLIC_URL, DATABASE_URL, SMTP_URL override).
// Without SMTP_URL, outside NODE_ENV=production, it also runs MailDev (a development mail catcher, on
// 127.0.0.1 only) and the server sends every mail to it over SMTP, as it would to a real server; its web
// address is printed with the site's. With NODE_ENV=production the server itself demands SMTP_URL.
import './requireNode.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startMailDev } from './devMailbox.mjs';
import { deskBuildState, webBuildState } from './webBuild.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const webPackage = new URL('../apps/web/package.json', import.meta.url);
const webDir = new URL('../apps/web/', import.meta.url);

// The web app: build it when there is no build or a source is newer than it (scripts/webBuild.mjs): an
// edited screen or an imported translation reaches the site with the next start. The build is switched in
// whole when it is done (apps/web/scripts/build.mjs), so a server already running keeps serving its own. A
// failed build is not fatal: the server serves the previous build, or a page saying the site is not built,
// and the API still runs.
if (existsSync(webPackage)) {
  const scripts = JSON.parse(readFileSync(webPackage, 'utf8')).scripts ?? {};
  const hasSources = existsSync(new URL('index.html', webDir));
  const state = hasSources ? webBuildState(root) : undefined;
  if (scripts.build && state?.stale) {
    console.info(
      state.built
        ? `npm start: rebuilding the web app (${state.newer} is newer than apps/web/dist)…`
        : 'npm start: building the web app (apps/web/dist is missing)…',
    );
    const build = spawnSync('npm', ['run', '--silent', 'build', '-w', '@pre-admission/web'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, WEB_BUILD_QUIET: '1' },
    });
    if (build.status !== 0)
      console.warn(
        state.built
          ? 'npm start: the web app did not build; serving the previous build.'
          : 'npm start: the web app did not build; serving the API and a notice page.',
      );
  } else if (!state?.built) {
    console.info('npm start: the web app is not ready to build yet; serving the API and a notice page.');
  }
}

// The desk's console (apps/desk, served under /desk/): built the same way when missing or stale; a failed
// build leaves the previous one, or none (the server then has no /desk/ pages), and the rest runs.
if (existsSync(new URL('../apps/desk/index.html', import.meta.url))) {
  const state = deskBuildState(root);
  if (state.stale) {
    console.info(
      state.built
        ? `npm start: rebuilding the desk's console (${state.newer} is newer than apps/desk/dist)…`
        : "npm start: building the desk's console (apps/desk/dist is missing)…",
    );
    const build = spawnSync('npm', ['run', '--silent', 'build', '-w', '@pre-admission/desk-app'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) console.warn("npm start: the desk's console did not build; serving the rest.");
  }
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
