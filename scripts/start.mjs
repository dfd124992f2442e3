// `npm start`: build what is missing, then serve the web app and the API on one origin
// (http://localhost:8080 by default; PORT, HOST, BASE_PATH, PUBLIC_URL, DATABASE_URL, SMTP_URL override).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
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

// The reference provider, straight from its TypeScript sources through tsx (no build step).
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
