// Once per run: build the web app, start the server on a fresh data directory and a free loopback port, and
// launch one Chromium that every test file connects to. Torn down after the last file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { buildDesk, buildWeb, resultsDir, startServer, type RunningServer } from './processes.ts';
import { chromiumArgs, chromiumPath } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    webDist: string;
    deskDist: string;
    wsEndpoint: string;
  }
}

export default async function setup(project: TestProject) {
  const scratch = mkdtempSync(join(tmpdir(), 'pre-admission-e2e-'));
  let server: RunningServer | undefined;
  let browser: BrowserServer | undefined;
  const teardown = async () => {
    await browser?.close();
    await server?.stop();
    rmSync(scratch, { recursive: true, force: true });
  };
  try {
    // E2E_WEB_DIST reuses a build (a local loop of edit and rerun); CI always builds afresh.
    const webDist = process.env.E2E_WEB_DIST || join(scratch, 'dist');
    if (!process.env.E2E_WEB_DIST) {
      const started = Date.now();
      await buildWeb(webDist);
      console.info(`e2e: built apps/web in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    // The desk's console (apps/desk), served under /desk/; E2E_DESK_DIST reuses a build as E2E_WEB_DIST does.
    const deskDist = process.env.E2E_DESK_DIST || join(scratch, 'desk');
    if (!process.env.E2E_DESK_DIST) {
      const started = Date.now();
      await buildDesk(deskDist);
      console.info(`e2e: built apps/desk in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    server = await startServer({
      webDist,
      deskDist,
      dataDir: join(scratch, 'pglite'),
      logFile: join(resultsDir, 'server.log'),
    });
    browser = await chromium.launchServer({
      executablePath: chromiumPath,
      args: chromiumArgs,
      headless: true,
    });
    project.provide('baseUrl', server.baseUrl);
    project.provide('webDist', webDist);
    project.provide('deskDist', deskDist);
    project.provide('wsEndpoint', browser.wsEndpoint());
    console.info(`e2e: server ${server.baseUrl}, data in ${scratch}`);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
