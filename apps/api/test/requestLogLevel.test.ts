// One log line per request, at the level its kind deserves (docs/operations.md#logs): a built static file
// at debug (a page view fetches a dozen: at info they buried the requests that matter), everything else at
// info.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers.ts';
import { writeBuildFile } from './webBuild.ts';

let dist: string;
let verbose: TestServer;
let quiet: TestServer;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeBuildFile(dist, 'index.html', '<!doctype html><base href="/" /><title>shell</title>');
  writeBuildFile(dist, 'assets/index-AbC123.js', 'console.log("app")');
  writeBuildFile(
    dist,
    '.vite/manifest.json',
    JSON.stringify({ 'index.html': { file: 'assets/index-AbC123.js', isEntry: true } }),
  );
  verbose = await startServer({ webDist: dist, logLevel: 'debug' });
  quiet = await startServer({ webDist: dist, logLevel: 'info' }, verbose);
});
afterAll(async () => {
  await quiet.close();
  await verbose.close();
  rmSync(dist, { recursive: true, force: true });
});

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  req?: { url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** The request lines of one request, by its id. */
async function linesOf(server: TestServer, url: string, id: string): Promise<Line[]> {
  const response = await server.app.inject({ method: 'GET', url, headers: { 'x-request-id': id } });
  expect(response.statusCode).toBeLessThan(500);
  return server.logs.lines
    .map((line) => JSON.parse(line) as Line)
    .filter((line) => line.reqId === id && line.req !== undefined);
}

describe('request log lines', () => {
  it('a built static file: one line at debug, with its status and time', async () => {
    const lines = await linesOf(verbose, '/assets/index-AbC123.js', '1000:1');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 20,
      msg: 'request completed',
      req: { url: '/assets/index-AbC123.js' },
    });
    expect(lines[0]!.res?.statusCode).toBe(200);
    expect(lines[0]!.responseTime).toBeGreaterThanOrEqual(0);
  });

  it('an API request and a page: one line each at info', async () => {
    const api = await linesOf(verbose, '/api/applicant/sessions/current', '1000:2');
    expect(api).toHaveLength(1);
    expect(api[0]).toMatchObject({ level: 30, req: { url: '/api/applicant/sessions/current' } });
    expect(api[0]!.res?.statusCode).toBe(401);
    const page = await linesOf(verbose, '/', '1000:3');
    expect(page).toHaveLength(1);
    expect(page[0]!.level).toBe(30);
  });

  it('at LOG_LEVEL=info (the default) a static file leaves no line; an API request does', async () => {
    expect(await linesOf(quiet, '/assets/index-AbC123.js', '1000:4')).toHaveLength(0);
    expect(await linesOf(quiet, '/api/applicant/sessions/current', '1000:5')).toHaveLength(1);
  });
});
