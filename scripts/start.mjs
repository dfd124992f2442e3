// `npm start`: start the site. Builds what is missing, then serves the web app and the API on one origin.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const serverEntry = new URL('../apps/api/src/main.ts', import.meta.url);
if (!existsSync(serverEntry)) {
  console.info('The reference provider (apps/api) is not built yet; starting Storybook instead.');
  const child = spawn('npx', ['storybook', 'dev', '--port', '6006', '--no-open'], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  const child = spawn('npm', ['run', 'start', '-w', '@pre-admission/api-server'], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}
