// Issue 29: every response of a first visit carried ~1.05 kB of headers (the page's CSP, Permissions-Policy,
// Cross-Origin-Opener-Policy and the rest on JSON, JS and CSS too): ~31 % of the visit's bytes. What only
// means something on a document goes on documents; a response that is not a document keeps what protects it
// and fits in 400 bytes of headers, as counted on the wire (docs/security.md#headers).
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, signIn, startServer, uniqueEmail, type TestServer } from '../helpers.ts';
import { writeBuildFile, writePrerenderedPrivacy } from '../webBuild.ts';

const BUDGET = 400;
// Vite's hashed names: eight characters of hash, as in apps/web's build.
const SCRIPT = 'assets/index-Dk3x9aQ1.js';
const STYLE = 'assets/index-B9xYz1Qa.css';

let server: TestServer;
let dist: string;
let origin: string;
// One connection for all requests, as a browser keeps one: the keep-alive headers are counted as sent.
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeBuildFile(dist, 'index.html', '<!doctype html><base href="/" /><title>shell</title>');
  writePrerenderedPrivacy(dist, (lang) => `<!doctype html><html lang="${lang}"><title>privacy</title>`);
  const script = 'export const a = 1;\n'.repeat(50);
  const style = 'body { margin: 0 }\n'.repeat(50);
  writeBuildFile(dist, SCRIPT, script);
  writeBuildFile(dist, `${SCRIPT}.br`, brotliCompressSync(script));
  writeBuildFile(dist, STYLE, style);
  writeBuildFile(dist, `${STYLE}.br`, brotliCompressSync(style));
  writeBuildFile(
    dist,
    '.vite/manifest.json',
    JSON.stringify({ 'index.html': { file: SCRIPT, css: [STYLE], isEntry: true } }),
  );
  server = await startServer({ webDist: dist });
  origin = await server.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  agent.destroy();
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

interface WireResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** Every header line's bytes as sent: name, ": ", value, CRLF. */
  headerBytes: number;
  lines: string[];
}

/** A GET as a browser sends it (its encodings and languages), over a real socket. */
function get(path: string, headers: Record<string, string> = {}): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${origin}${path}`,
      {
        agent,
        headers: {
          accept: '*/*',
          'accept-encoding': 'gzip, deflate, br, zstd',
          'accept-language': 'en',
          ...headers,
        },
      },
      (response) => {
        const lines: string[] = [];
        for (let i = 0; i < response.rawHeaders.length; i += 2)
          lines.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`);
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            headerBytes: lines.reduce((sum, line) => sum + Buffer.byteLength(`${line}\r\n`), 0),
            lines,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

describe('headers that are not a document’s', () => {
  let cookie: string;
  beforeAll(async () => {
    const email = uniqueEmail();
    await register(server, email);
    cookie = await signIn(server, email);
  });

  it.each([
    ['the session check, signed out', '/api/applicant/sessions/current', false],
    ['the session check, signed in', '/api/applicant/sessions/current', true],
    ['a reference list', '/api/countries', false],
    ['a hashed script', `/${SCRIPT}`, false],
    ['a stylesheet', `/${STYLE}`, false],
  ] as const)(`%s fits in ${BUDGET} bytes of headers and keeps nosniff`, async (_name, path, signedIn) => {
    const response = await get(path, signedIn ? { cookie } : {});
    expect(response.status).toBe(signedIn || !path.includes('sessions') ? 200 : 401);
    expect(response.headerBytes, response.lines.join('\n')).toBeLessThanOrEqual(BUDGET);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // Nothing of these may be framed or run as a page: the short policy says so (OWASP REST Security).
    if (path.startsWith('/api/')) {
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    // An account's answer is never stored and not for another site to pull in; a reference list is public.
    if (path.includes('sessions')) {
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });
});

describe('documents', () => {
  it.each([
    ['the entry page', '/', 200],
    ['a prerendered page', '/privacy', 200],
    ['the not-found page', '/no/such/page', 404],
  ] as const)('%s keeps the full set', async (_name, path, status) => {
    const response = await get(path, { accept: 'text/html' });
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self' 'nonce-",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ])
      expect(csp).toContain(directive);
    expect(String(response.headers['permissions-policy'])).toContain('camera=()');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});
