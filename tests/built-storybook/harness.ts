// Shared by the tests of the built Storybook: its stories (storybook-static/index.json), `npm run review --
// --serve` started on a temporary review site that links the built Storybook, and Debian's Chromium.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export const root = join(import.meta.dirname, '../..');
export const storybookStatic = join(root, 'storybook-static');

export interface StoryEntry {
  id: string;
  title: string;
  name: string;
  type: 'story' | 'docs';
  /** The story file, e.g. ./packages/ui/src/components/Button/Button.stories.tsx. */
  importPath: string;
  tags?: string[];
}

/** Every story of the built Storybook, in index order. */
export function builtStories(): StoryEntry[] {
  const file = join(storybookStatic, 'index.json');
  if (!existsSync(file))
    throw new Error(
      `${file} is missing: run npm run build-storybook first (npm run test:built-storybook does)`,
    );
  const index = JSON.parse(readFileSync(file, 'utf8')) as { entries: Record<string, StoryEntry> };
  return Object.values(index.entries).filter((entry) => entry.type === 'story');
}

export interface ReviewSite {
  /** The folder served: storybook-static/, or a temporary review folder whose `storybook/` links it. */
  dir: string;
  /** Where the Storybook is: e.g. http://127.0.0.1:41234/ or http://127.0.0.1:41234/storybook/. */
  storybook: string;
  close: () => Promise<void>;
}

/** Runs scripts/review.mjs with REVIEW_DIR set to `dir`; resolves with its output once it exits. */
export function runReview(dir: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'scripts/review.mjs'), ...args], {
      cwd: root,
      env: { ...process.env, REVIEW_DIR: dir },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += String(chunk)));
    child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`review ${args.join(' ')} exited ${code}:\n${output}`)),
    );
  });
}

/**
 * `npm run review -- --serve` on a free loopback port, serving the built Storybook at the root, or under
 * /storybook/ of a temporary review folder as a reviewer opens it.
 */
export async function startReviewSite({ at }: { at: 'root' | 'sub-path' }): Promise<ReviewSite> {
  builtStories();
  // At the root the served folder is storybook-static itself, as Chromatic and a plain static server have it.
  const dir = at === 'root' ? storybookStatic : mkdtempSync(join(tmpdir(), 'pre-admission-review-'));
  if (at === 'sub-path') symlinkSync(storybookStatic, join(dir, 'storybook'), 'dir');
  const child: ChildProcess = spawn(process.execPath, [join(root, 'scripts/review.mjs'), '--serve'], {
    cwd: root,
    env: { ...process.env, REVIEW_DIR: dir, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const origin = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += String(chunk);
      const match = /serving .* on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (match) resolve(match[1]!);
    });
    child.on('exit', (code) => reject(new Error(`review --serve exited ${code} before serving:\n${output}`)));
  });
  return {
    dir,
    storybook: at === 'root' ? `${origin}/` : `${origin}/storybook/`,
    close: async () => {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
      if (at === 'sub-path') rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
}
