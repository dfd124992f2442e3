// `npm run bench:compare` (a script, not a test): how far the sign-in page `/` and the session check are from
// what the same thing costs at its floor, measured side by side and interleaved in one run (issue 29).
//
// Web: apps/web is built (or BENCH_WEB_DIST taken) and served by the real server as bench:web does; beside it,
// anchors made from the project's own sign-in page as the server serves it (prerendered), served with the server's compression (the
// precompressed .br/.gz beside a file, otherwise Brotli 5 / gzip 6 on the fly: apps/api/src/platform/compression.ts):
//   - static: the prerendered HTML with every script removed, and its CSS: the limit;
//   - react: a bare React 19 page built with the repo's own Vite, rendering the same markup client-side
//     (the prerendered body as a tree of React elements);
//   - baseline (BENCH_BASELINE_DIST=dir): another build of apps/web, served by a second server, for a
//     before/after table from one run.
// (GOV.UK Frontend, the issue's third anchor, is left out: no package is added for it.)
// Round after round (BENCH_ROUNDS, default 3), each column in turn: Lighthouse 13 (mobile preset) and a real
// Chromium load until the network has been quiet for 5 s (bytes, requests, JS, headers, render-blocking CSS,
// reference lists). Then the API (apps/api/scripts/benchCompareApi.ts): the session check against a trivial
// Fastify route, sign-ins (to 16 accounts in turn) against bare scrypt on all cores, on PGlite, or on PostgreSQL when DATABASE_URL is set
// (apps/api/scripts/with-postgres.sh npm run bench:compare). It ends with the issue's goals, each ✓ or ✗.
//
//   npm run bench:compare
//   BENCH_ROUNDS=1 BENCH_API_DURATION=3 npm run bench:compare      # a quick look
//   BENCH_WEB_DIST=dir BENCH_BASELINE_DIST=other npm run bench:compare
//   BENCH_COMPARE_PORT=47110 npm run bench:compare   # listen on that port and the next few, not on free ones
//   BENCH_SKIP=api (or web) npm run bench:compare    # one half only
//   HASHING_CONCURRENCY=1 BENCH_SKIP=web npm run bench:compare   # the server with a fixed hash count
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { JSDOM } from 'jsdom';
import { build } from 'vite';
import {
  chooseEncoding,
  compress,
  COMPRESSION_THRESHOLD,
} from '@pre-admission/api-server/src/platform/compression.ts';
import {
  buildWeb,
  chromePath,
  freePort,
  lighthouseRunRetried,
  loadUntilIdle,
  median,
  root,
  startProjectServer,
} from './bench-shared.mjs';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('BENCH_ROUNDS must be a whole number ≥ 1');
const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
let nextPort = process.env.BENCH_COMPARE_PORT ? Number(process.env.BENCH_COMPARE_PORT) : undefined;
const port = async () => (nextPort === undefined ? freePort() : nextPort++);
const databaseUrl = process.env.DATABASE_URL || undefined;
const loadAtStart = loadavg();
const startedAt = new Date();

// Anchors -------------------------------------------------------------------------------------------------

const types = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};

/**
 * Serves `dirs` (the first that has the file wins; `/` is index.html), compressed as the project's server
 * compresses: a precompressed .br/.gz beside the file when the client accepts it, otherwise on the fly above
 * the server's threshold.
 */
async function serveAnchor(dirs) {
  const server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname)).replace(/^\/+/, '');
    const name = path === '' ? 'index.html' : path;
    const dir = dirs.find((candidate) => {
      const file = join(candidate, name);
      return file.startsWith(candidate) && existsSync(file) && statSync(file).isFile();
    });
    if (!dir) {
      response.writeHead(404).end();
      return;
    }
    const file = join(dir, name);
    const headers = {
      'content-type': types[extname(file)] ?? 'application/octet-stream',
      vary: 'Accept-Encoding',
    };
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    const suffix = { br: '.br', gzip: '.gz' }[encoding];
    let body = readFileSync(file);
    if (encoding && existsSync(file + suffix)) {
      body = readFileSync(file + suffix);
      headers['content-encoding'] = encoding;
    } else if (
      encoding &&
      body.length >= COMPRESSION_THRESHOLD &&
      /text|json|svg|javascript/.test(headers['content-type'])
    ) {
      body = await compress(encoding, body);
      headers['content-encoding'] = encoding;
    }
    response.writeHead(200, headers).end(body);
  });
  const listening = await port();
  await new Promise((resolve) => server.listen(listening, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${listening}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * The page's stylesheets as one file (the limit needs one request for them), written into `dir` as
 * anchor.css, precompressed as apps/web's build precompresses its files (apps/web/vite.config.ts).
 */
function oneStylesheet(document, webDist, dir) {
  const links = [...document.querySelectorAll('link[rel~="stylesheet"]')];
  const css = links
    .map((link) =>
      readFileSync(join(webDist, new URL(link.getAttribute('href'), 'http://x/').pathname), 'utf8'),
    )
    .join('\n');
  for (const link of links) link.remove();
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'anchor.css'), css);
  precompress(join(dir, 'anchor.css'));
  return links.length;
}

function precompress(file) {
  const content = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
}

/**
 * The sign-in page as the server serves it (prerendered) with every script and script preload removed, and
 * its stylesheets as one.
 */
function staticAnchor(html, webDist, dir) {
  const dom = new JSDOM(html);
  const { document } = dom.window;
  for (const node of document.querySelectorAll(
    'script, link[rel="modulepreload"], link[rel="preload"][as="script"]',
  ))
    node.remove();
  oneStylesheet(document, webDist, dir);
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = '/anchor.css';
  document.head.append(link);
  writeFileSync(join(dir, 'index.html'), dom.serialize());
}

/**
 * A bare React 19 page (the repo's react, react-dom and Vite) whose script renders the prerendered page's body
 * client-side, element for element, under the same stylesheets. Built inside node_modules so that the build
 * resolves react as the project does.
 */
async function reactAnchor(html, webDist, dir) {
  const dom = new JSDOM(html);
  const { document } = dom.window;
  oneStylesheet(document, webDist, dir);
  const toTree = (node) => {
    if (node.nodeType === 3) return node.textContent;
    if (node.nodeType !== 1 || ['SCRIPT', 'NOSCRIPT', 'TEMPLATE'].includes(node.tagName)) return undefined;
    return [
      node.localName,
      Object.fromEntries(
        node.getAttributeNames().map((attribute) => [attribute, node.getAttribute(attribute)]),
      ),
      [...node.childNodes].map(toTree).filter((child) => child !== undefined),
    ];
  };
  const tree = [...document.body.childNodes].map(toTree).filter((child) => child !== undefined);
  const source = mkdtempSync(join(root, 'node_modules', '.bench-compare-react-'));
  try {
    writeFileSync(join(source, 'tree.json'), JSON.stringify(tree));
    writeFileSync(
      join(source, 'index.html'),
      `<!doctype html><html lang="${document.documentElement.lang}"><head><meta charset="utf-8">` +
        `<meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${document.title}</title><link rel="stylesheet" href="/anchor.css"></head>` +
        `<body><div id="root"></div><script type="module" src="./main.js"></script></body></html>`,
    );
    writeFileSync(
      join(source, 'main.js'),
      `import { createElement, Fragment } from 'react';
import { createRoot } from 'react-dom/client';
import tree from './tree.json';
const renamed = { class: 'className', for: 'htmlFor', tabindex: 'tabIndex', autocomplete: 'autoComplete',
  maxlength: 'maxLength', minlength: 'minLength', readonly: 'readOnly', novalidate: 'noValidate',
  value: 'defaultValue', checked: 'defaultChecked', inputmode: 'inputMode', enterkeyhint: 'enterKeyHint',
  autocapitalize: 'autoCapitalize', spellcheck: 'spellCheck', 'accept-charset': 'acceptCharset' };
const booleans = new Set(['required', 'disabled', 'hidden', 'defaultChecked', 'readOnly', 'noValidate', 'autofocus', 'multiple']);
const camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
function props(attributes) {
  const out = {};
  for (const [name, value] of Object.entries(attributes)) {
    const key = renamed[name] ?? name;
    if (key === 'style')
      out.style = Object.fromEntries(value.split(';').filter((d) => d.includes(':'))
        .map((d) => [camel(d.slice(0, d.indexOf(':')).trim()), d.slice(d.indexOf(':') + 1).trim()]));
    else out[key] = booleans.has(key) ? true : value;
  }
  return out;
}
const element = (node, key) => typeof node === 'string' ? node
  : createElement(node[0], { key, ...props(node[1]) }, ...node[2].map((child, i) => element(child, i)));
createRoot(document.getElementById('root')).render(createElement(Fragment, null, ...tree.map(element)));
`,
    );
    await build({
      root: source,
      configFile: false,
      logLevel: 'warn',
      // anchor.css is already in `dir`: the build adds to it rather than emptying it.
      build: { outDir: dir, emptyOutDir: false, assetsDir: 'react-anchor' },
    });
  } finally {
    rmSync(source, { recursive: true, force: true });
  }
  // Precompressed as apps/web's build precompresses its own files (apps/web/vite.config.ts).
  for (const file of execFileSync('find', [
    dir,
    '-type',
    'f',
    '(',
    '-name',
    '*.js',
    '-o',
    '-name',
    '*.html',
    ')',
  ])
    .toString()
    .trim()
    .split('\n'))
    precompress(file);
}

// Measuring a load ------------------------------------------------------------------------------------------

/** The reference lists' paths: the operations openapi.yaml tags reference-data. */
function referencePaths() {
  const paths = [];
  let current;
  for (const line of readFileSync(join(root, 'openapi.yaml'), 'utf8').split('\n')) {
    const path = line.match(/^ {2}(\/\S+):\s*$/)?.[1];
    if (path) current = path;
    else if (current && /^\s+tags:.*\breference-data\b/.test(line)) paths.push(current);
  }
  return paths;
}
const referenceLists = referencePaths();

const kind = (response) =>
  response.type === 'document'
    ? 'document'
    : /json/.test(response.contentType)
      ? 'JSON'
      : /javascript/.test(response.contentType) || response.type === 'script'
        ? 'JS'
        : /css/.test(response.contentType)
          ? 'CSS'
          : 'other';

const gzipCache = new Map();
/** The file's size under gzip -9 (the issue's unit for JS), whatever encoding the server chose. */
async function gzipSize(url) {
  if (!gzipCache.has(url)) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    gzipCache.set(url, gzipSync(body, { level: 9 }).length);
  }
  return gzipCache.get(url);
}

async function measureLoad(url) {
  const { responses, renderBlockingCss } = await loadUntilIdle(url);
  const all = responses.map((response) => ({ ...response, kind: kind(response) }));
  const total = all.reduce((sum, r) => sum + r.headerBytes + r.bodyBytes, 0);
  const js = all.filter((r) => r.kind === 'JS');
  const headers = {};
  for (const name of ['document', 'JSON', 'JS', 'CSS']) {
    const of = all.filter((r) => r.kind === name);
    headers[name] = {
      count: of.length,
      median: median(of.map((r) => r.headerBytes)),
      bytes: of.reduce((sum, r) => sum + r.headerBytes, 0),
    };
  }
  const reference = all.filter((r) => referenceLists.some((path) => new URL(r.url).pathname.endsWith(path)));
  return {
    requests: all.length,
    bytes: total,
    headerBytes: all.reduce((sum, r) => sum + r.headerBytes, 0),
    jsFiles: js.length,
    jsWire: js.reduce((sum, r) => sum + r.bodyBytes, 0),
    jsGzip: (await Promise.all(js.map((r) => gzipSize(r.url)))).reduce((a, b) => a + b, 0),
    jsStartupGzip: (await Promise.all(js.filter((r) => r.startup).map((r) => gzipSize(r.url)))).reduce(
      (a, b) => a + b,
      0,
    ),
    renderBlockingCss,
    headers,
    referenceRequests: reference.length,
    referenceBytes: reference.reduce((sum, r) => sum + r.headerBytes + r.bodyBytes, 0),
  };
}

// Printing ---------------------------------------------------------------------------------------------------

const kB = (bytes) => (bytes === undefined ? 'n/a' : `${(bytes / 1000).toFixed(1)} kB`);
const ms = (value) => (value === undefined ? 'n/a' : `${Math.round(value).toLocaleString('en')} ms`);
const times = (value) => (value === undefined || !Number.isFinite(value) ? 'n/a' : `${value.toFixed(2)}×`);
const range = (values, format) => {
  const numbers = values.filter((value) => typeof value === 'number');
  if (numbers.length < 2 || Math.min(...numbers) === Math.max(...numbers)) return '';
  return ` [${format(Math.min(...numbers))}–${format(Math.max(...numbers))}]`;
};
const stat = (values, format) => `${format(median(values))}${range(values, format)}`;
const table = (head, rows) =>
  [head, head.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');

// The run ------------------------------------------------------------------------------------------------

const scratch = mkdtempSync(join(tmpdir(), 'pre-admission-bench-compare-'));
const servers = [];
const out = [];
const say = (line = '') => {
  out.push(line);
  console.info(line);
};
try {
  const webDist = process.env.BENCH_WEB_DIST || join(scratch, 'dist');
  if (!process.env.BENCH_WEB_DIST) {
    console.info('bench:compare: building apps/web');
    await buildWeb(webDist);
  }
  const project = await startProjectServer({
    webDist,
    dataDir: join(scratch, 'pglite'),
    port: await port(),
    databaseUrl,
    // Each sign-in of the API half names its own client (X-Forwarded-For), so no per-client limit answers 429.
    env: { TRUST_PROXY: '1' },
  });
  servers.push(project);
  const columns = [{ name: 'this site', url: `${project.origin}/` }];

  if (!skip.has('web')) {
    // The page as a browser asking for English gets it (Lighthouse's and Playwright's Chromium do).
    const signInPage = await (
      await fetch(`${project.origin}/`, { headers: { 'accept-language': 'en-US,en;q=0.9' } })
    ).text();
    staticAnchor(signInPage, webDist, join(scratch, 'static'));
    const staticServer = await serveAnchor([join(scratch, 'static'), webDist]);
    servers.push(staticServer);
    columns.push({ name: 'static copy', url: `${staticServer.origin}/` });
    console.info('bench:compare: building the bare React anchor');
    await reactAnchor(signInPage, webDist, join(scratch, 'react'));
    const reactServer = await serveAnchor([join(scratch, 'react'), webDist]);
    servers.push(reactServer);
    columns.push({ name: 'bare React', url: `${reactServer.origin}/` });
    if (process.env.BENCH_BASELINE_DIST) {
      const baseline = await startProjectServer({
        webDist: process.env.BENCH_BASELINE_DIST,
        dataDir: join(scratch, 'pglite-baseline'),
        port: await port(),
      });
      servers.push(baseline);
      columns.push({ name: 'baseline build', url: `${baseline.origin}/` });
    }
  }

  const web = new Map(columns.map((column) => [column.name, { lighthouse: [], loads: [] }]));
  if (!skip.has('web')) {
    console.info(`bench:compare: ${rounds} rounds of ${columns.map((c) => c.name).join(', ')}, interleaved`);
    for (let round = 1; round <= rounds; round += 1) {
      for (const column of columns) {
        const result = await lighthouseRunRetried(column.url, {}, (error) =>
          console.info(`  ${column.name}: Lighthouse error ${error}; measuring again`),
        );
        const load = await measureLoad(column.url);
        web.get(column.name).lighthouse.push(result);
        web.get(column.name).loads.push(load);
        console.info(
          `  round ${round}, ${column.name}: ${result.error ? `Lighthouse error ${result.error}, ` : ''}performance ${result.performance?.toFixed(0)}, FCP ${ms(result.fcp)}, LCP ${ms(result.lcp)}; ${kB(load.bytes)} in ${load.requests} requests until idle`,
        );
      }
    }
  }

  let api;
  if (!skip.has('api')) {
    console.info(`bench:compare: the API, ${rounds} rounds interleaved`);
    const trivialPort = nextPort === undefined ? undefined : await port();
    const output = await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['apps/api/scripts/benchCompareApi.ts'], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
        env: {
          ...process.env,
          COMPARE_URL: project.origin,
          COMPARE_SERVER_PID: String(project.child.pid),
          COMPARE_COOKIE: project.cookie,
          COMPARE_SIGN_IN_EMAILS: project.signInEmails.join(' '),
          COMPARE_PASSWORD: project.password,
          COMPARE_TRIVIAL_PORT: trivialPort === undefined ? undefined : String(trivialPort),
          BENCH_ROUNDS: String(rounds),
        },
      });
      let text = '';
      child.stdout.on('data', (data) => (text += data));
      child.once('exit', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`the API bench exited ${code}`)),
      );
    });
    api = JSON.parse(output.trim().split('\n').at(-1));
  }

  // The report -------------------------------------------------------------------------------------------
  const loadAtEnd = loadavg();
  const engine = databaseUrl ? 'PostgreSQL' : 'PGlite';
  say();
  say(
    `bench:compare, ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus().length} cores (${cpus()[0]?.model.trim()}), node ${process.version}, ${engine}, ${rounds} rounds interleaved${skip.has('web') ? '' : `; Lighthouse ${[...new Set([...web.values()].flatMap((w) => w.lighthouse.map((l) => l.version)))].join('/')} (mobile preset) in ${chromePath}`}`,
  );
  say(
    `load average (1, 5, 15 min): at start ${loadAtStart.map((x) => x.toFixed(2)).join(', ')}; at end ${loadAtEnd.map((x) => x.toFixed(2)).join(', ')}`,
  );
  const col = (name) => web.get(name);
  const med = (name, pick) => median((col(name)?.loads.length ? col(name).loads : []).map(pick));
  const lh = (name, key) => median(col(name)?.lighthouse.map((l) => l[key]) ?? []);

  if (!skip.has('web')) {
    say();
    say('Lighthouse (medians [ranges]) and a real Chromium load until 5 s without a request (medians):');
    say();
    say(
      table(
        [
          'Sign-in page `/`',
          'Performance',
          'FCP',
          'LCP',
          'TBT',
          'bytes until idle',
          'requests',
          'JS (gzip -9)',
          'JS files',
          'render-blocking CSS',
          'reference lists',
        ],
        columns.map(({ name }) => {
          const { lighthouse: l, loads } = col(name);
          return [
            name,
            stat(
              l.map((x) => x.performance),
              (v) => v.toFixed(0),
            ),
            stat(
              l.map((x) => x.fcp),
              ms,
            ),
            stat(
              l.map((x) => x.lcp),
              ms,
            ),
            stat(
              l.map((x) => x.tbt),
              ms,
            ),
            stat(
              loads.map((x) => x.bytes),
              kB,
            ),
            stat(
              loads.map((x) => x.requests),
              String,
            ),
            stat(
              loads.map((x) => x.jsGzip),
              kB,
            ),
            stat(
              loads.map((x) => x.jsFiles),
              String,
            ),
            stat(
              loads.map((x) => x.renderBlockingCss),
              String,
            ),
            `${med(name, (x) => x.referenceRequests)} (${kB(med(name, (x) => x.referenceBytes))})`,
          ];
        }),
      ),
    );
    say();
    say('Response headers on the wire, this site `/` (median per response; all headers of that kind):');
    say();
    say(
      table(
        ['Kind', 'responses', 'headers per response', 'headers, all'],
        ['document', 'JSON', 'JS', 'CSS'].map((name) => [
          name,
          String(med('this site', (x) => x.headers[name].count)),
          `${med('this site', (x) => x.headers[name].median) ?? 'n/a'} B`,
          kB(med('this site', (x) => x.headers[name].bytes)),
        ]),
      ),
    );
    say();
    say(
      `Headers: ${kB(med('this site', (x) => x.headerBytes))} of ${kB(med('this site', (x) => x.bytes))}, ${(100 * med('this site', (x) => x.headerBytes / x.bytes) || 0).toFixed(0)} % of all bytes until idle.`,
    );
    say(
      `Ratios: FCP ${times(lh('this site', 'fcp') / lh('static copy', 'fcp'))} the static copy, ${times(lh('this site', 'fcp') / lh('bare React', 'fcp'))} bare React; LCP ${times(lh('this site', 'lcp') / lh('static copy', 'lcp'))} the static copy; bytes until idle ${times(med('this site', (x) => x.bytes) / med('bare React', (x) => x.bytes))} bare React, ${times(med('this site', (x) => x.bytes) / med('static copy', (x) => x.bytes))} the static copy; JS (gzip) ${times(med('this site', (x) => x.jsGzip) / med('bare React', (x) => x.jsGzip))} bare React: ${kB(med('this site', (x) => x.jsStartupGzip))} the start-up set the document names + ${kB(med('this site', (x) => x.jsGzip - x.jsStartupGzip))} fetched by idle work.`,
    );
  }

  if (api) {
    const perSecond = (list) => median(list.map((x) => x.perSecond));
    const cpu = (list) => median(list.map((x) => x.cpuMsPerRequest));
    say();
    say(
      `API at saturation (${api.connections} connections, ${api.duration} s per measurement, sign-ins and hashes ${api.hashSeconds} s; medians [ranges] of ${rounds}), ${engine}; the server hashes ${api.hashing.concurrency} at once${api.hashing.whileServing === undefined ? ' (HASHING_CONCURRENCY)' : `, ${api.hashing.whileServing} while another request is served`}:`,
    );
    say();
    say(
      table(
        ['Route', 'answered per second', 'server CPU per request'],
        [
          [
            'GET /api/applicant/sessions/current (signed in)',
            stat(
              api.sessionCheck.map((x) => x.perSecond),
              (v) => v.toFixed(0),
            ),
            stat(
              api.sessionCheck.map((x) => x.cpuMsPerRequest),
              (v) => `${v.toFixed(3)} ms`,
            ),
          ],
          [
            'trivial Fastify route (small JSON)',
            stat(
              api.trivial.map((x) => x.perSecond),
              (v) => v.toFixed(0),
            ),
            stat(
              api.trivial.map((x) => x.cpuMsPerRequest),
              (v) => `${v.toFixed(3)} ms`,
            ),
          ],
          [
            `POST /api/applicant/sessions (sign-in: ${api.signInAccounts} accounts in turn, a fresh client each, ${api.signInConnections} connections)`,
            stat(
              api.signIn.map((x) => x.perSecond),
              (v) => v.toFixed(1),
            ),
            stat(
              api.signIn.map((x) => x.cpuMsPerRequest),
              (v) => `${v.toFixed(1)} ms`,
            ),
          ],
          [`bare scrypt verifications, ${api.cores} at once`, stat(api.hashes, (v) => v.toFixed(1)), ''],
        ],
      ),
    );
    const refused = api.signIn
      .flatMap((x) => Object.entries(x.other))
      .map(([status, count]) => `${count}× ${status}`);
    if (refused.length) say(`Sign-ins not answered 200: ${refused.join(', ')}`);
    say();
    say(
      `Ratios: session check ${times(cpu(api.sessionCheck) / cpu(api.trivial))} the trivial route's CPU per request (${times(perSecond(api.trivial) / perSecond(api.sessionCheck))} its requests per second); sign-in (${api.signInAccounts} accounts) ${((100 * perSecond(api.signIn)) / median(api.hashes)).toFixed(0)} % of the bare hash rate on all ${api.cores} cores.`,
    );
  }

  // The issue's goals -------------------------------------------------------------------------------------
  const goals = [];
  const goal = (name, figure, target, met) =>
    goals.push([name, figure, target, met === undefined ? '?' : met ? '✓' : '✗']);
  if (!skip.has('web')) {
    const bytesRatio = med('this site', (x) => x.bytes) / med('bare React', (x) => x.bytes);
    goal(
      'sign-in bytes until idle',
      `${kB(med('this site', (x) => x.bytes))} = ${times(bytesRatio)} bare React`,
      '≤ 2.5× bare React',
      bytesRatio <= 2.5,
    );
    const js = med('this site', (x) => x.jsGzip);
    goal(
      'JS until idle (gzip)',
      `${kB(js)} in ${med('this site', (x) => x.jsFiles)} files`,
      '≤ 140 kB',
      js <= 140_000,
    );
    const fcpRatio = lh('this site', 'fcp') / lh('static copy', 'fcp');
    goal(
      'FCP',
      `${ms(lh('this site', 'fcp'))} = ${times(fcpRatio)} the static copy`,
      '≤ 1.2× the static copy',
      fcpRatio <= 1.2,
    );
    const css = med('this site', (x) => x.renderBlockingCss);
    goal('render-blocking CSS', `${css} ${css === 1 ? 'file' : 'files'}`, '≤ 2', css <= 2);
    const headerMax = Math.max(
      ...['JSON', 'JS', 'CSS'].map((name) => med('this site', (x) => x.headers[name].median) ?? 0),
    );
    goal(
      'headers on JSON, JS and CSS',
      `${headerMax} B (largest median of the three)`,
      '≤ 400 B',
      headerMax <= 400,
    );
    const lists = med('this site', (x) => x.referenceRequests);
    goal(
      'reference lists fetched by `/` (shows none)',
      `${lists} requests, ${kB(med('this site', (x) => x.referenceBytes))}`,
      '0',
      lists === 0,
    );
    const score = lh('this site', 'performance');
    goal('Lighthouse performance of `/`', String(score?.toFixed(0)), '100', score === 100);
  }
  if (api) {
    const ratio =
      median(api.sessionCheck.map((x) => x.cpuMsPerRequest)) /
      median(api.trivial.map((x) => x.cpuMsPerRequest));
    const limit = databaseUrl ? 5 : 12;
    goal(`session check CPU (${engine})`, `${times(ratio)} the trivial route`, `≤ ${limit}×`, ratio <= limit);
    const share = median(api.signIn.map((x) => x.perSecond)) / median(api.hashes);
    goal(
      `sign-ins per second (${api.signInAccounts} accounts)`,
      `${(100 * share).toFixed(0)} % of the bare hash rate on ${api.cores} cores`,
      '≥ 85 %',
      share >= 0.85,
    );
  }
  say();
  say(
    "Issue 29's goals (not measured here: revalidation of the lists after max-age, a screen that shows the lists, revocation, bench:abuse's p99):",
  );
  say();
  say(table(['Goal', 'this run', 'target', 'met'], goals));
  if (Math.max(loadAtStart[0], loadAtEnd[0]) > cpus().length)
    say(
      `\nThe machine was loaded (load average above its ${cpus().length} cores): timings and rates shift with the load, and the sign-in goal is meant for a server alone on the machine.`,
    );
  say();
  say(`load average at end: ${loadAtEnd.map((x) => x.toFixed(2)).join(', ')}`);
  if (process.env.BENCH_OUTPUT) writeFileSync(process.env.BENCH_OUTPUT, `${out.join('\n')}\n`);
} finally {
  for (const server of servers.reverse()) await (server.stop ?? server.close)();
  rmSync(scratch, { recursive: true, force: true });
}
