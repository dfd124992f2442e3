// Debian's Chromium (never a downloaded browser) and the flags it needs in a container.
import { execFileSync } from 'node:child_process';

function findChromium(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    return (
      execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim() || '/usr/bin/chromium'
    );
  } catch {
    return '/usr/bin/chromium';
  }
}

export const chromiumPath = findChromium();
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
];
