// `npm run bench:uploads`: ten uploads of the largest file the server takes, in parallel, into one draft
// application (issue 38's benchmark; docs/operations.md#benchmarks). Not a test: it prints a table, with the
// issue's two targets marked ✓ or ✗, and exits non-zero only when the harness fails (an upload that does not
// answer 201, a document not listed, a server that does not start), never on a missed target.
//
// Two servers, each a child process of the same Node, fed by the same client code (node:http, one connection
// per upload, a multipart body of the two fields and the file, as the screens send it):
//   - the real server, started as production starts it (`node apps/api/src/main.ts`, NODE_ENV=production,
//     PGlite in a throwaway directory, or PostgreSQL when DATABASE_URL is set (run it under
//     apps/api/scripts/with-postgres.sh); files stored in the database: the default storage), with programme
//     11's period open around the clock (PERIODS_FILE, as tests/e2e/application.test.ts writes it), posting to
//     uploadApplicationDocument (POST /api/applicant/applications/{id}/documents);
//   - a bare Fastify app with @fastify/multipart and the same multipart limits, whose route pipes each file
//     to a Writable that drops it: the floor of receiving a multipart upload in Node.
// First a warm-up round on each, printed but not counted (a process's first uploads grow it once: see below),
// then round after round (BENCH_ROUNDS, default 3), one after the other, the order swapped each round. A round is
// FILES files of FILE_LIMIT_BYTES each (10 MiB, the per-file limit itself, which the site calls 10 MB: the
// limit is inclusive), so the ten are exactly the per-application limit (100 MiB, also inclusive). Each round
// uploads into a draft of its own account: an application holds 100 MiB at most, an account one draft per
// kind, and uploadsPerAccount allows 100 an hour (docs/security.md#uploads), so neither limit is reached.
// Each 201 is checked, and afterwards the application lists exactly the ten documents, each of the full size.
// REQUEST_TIMEOUT_MS is raised to 600 s for the server: its 15 s default (the whole body must arrive within it,
// docs/hosting.md#timeouts) answers 408 to ten 10 MB bodies sent at once over loopback here.
// UPLOADS_PROFILE_DIR=dir writes a CPU profile of the server's run there.
//
// Memory: VmRSS of /proc/PID/status, once it holds still before the round (as bench:memory takes it), its peak
// during the round (VmHWM after writing 5 to /proc/PID/clear_refs, which resets it, and a 10 ms sample as a
// cross-check) and once it holds still after. Throughput: the files' bytes over the time from the first
// request's start to the last answer's end, in MB/s (1 MB = 1,048,576 B, as the limits count).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { documentSlots } from '@pre-admission/rules';
import { insertAccount } from '../src/account/accounts.ts';
import { hashPassword } from '../src/account/passwords.ts';
import { createSession } from '../src/account/sessions.ts';
import { APPLICATION_LIMIT_BYTES, FILE_LIMIT_BYTES } from '../src/application/files/receive.ts';
import { applicationLists } from '../src/application/lists.ts';
import { startApplication } from '../src/application/operations.ts';
import { systemClock } from '../src/platform/clock.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db.ts';
import { SAVED_PLAN } from '../src/providerStates/states.ts';
import { seedReferenceData } from '../src/reference/referenceData.ts';
import { sessionCookieName } from '../src/services.ts';
import { productionServerEnv } from './productionServerEnv.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FILES = 10;
const FILE_BYTES = FILE_LIMIT_BYTES;
const MB = 1024 * 1024;
if (FILES * FILE_BYTES > APPLICATION_LIMIT_BYTES)
  throw new Error(`${FILES} files of ${FILE_BYTES} B exceed the per-application limit`);

let counter = 0;
const requestId = () => `${Date.now() - Date.UTC(2021, 0, 1)}:${(counter += 1) % 4096}`;
const log = (line: string) => process.stderr.write(`${line}\n`);

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/**
 * A valid one-page PDF of exactly `size` bytes: the page shows an uncompressed RGB image of random pixels (a
 * scan does not compress either, so the database stores it as large as it is), with a correct cross-reference
 * table. Random bytes could spell `/Encrypt` (refused as a password-protected PDF): made again if they do.
 */
function pdfOfSize(size: number): Buffer {
  const head = (length: number) =>
    `%PDF-1.7\n%\xe2\xe3\xcf\xd3\n` +
    `1 0 obj\n<</Type/Catalog/Pages 2 0 R>>\nendobj\n` +
    `2 0 obj\n<</Type/Pages/Kids[3 0 R]/Count 1>>\nendobj\n` +
    `3 0 obj\n<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]/Resources<</XObject<</Im1 4 0 R>>>>/Contents 5 0 R>>\nendobj\n` +
    `4 0 obj\n<</Type/XObject/Subtype/Image/Width ${length / 3}/Height 1/ColorSpace/DeviceRGB/BitsPerComponent 8/Length ${length}>>\nstream\n`;
  const content = 'q 595 0 0 842 0 0 cm /Im1 Do Q';
  const middle = `\nendstream\nendobj\n5 0 obj\n<</Length ${content.length}>>\nstream\n${content}\nendstream\nendobj\n`;
  const tail = (offsets: number[], xref: number, pad: number) =>
    `${' '.repeat(pad)}xref\n0 6\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}` +
    `trailer\n<</Size 6/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  // The image's length is a multiple of 3 (RGB); what the sizes leave over is spaces before `xref`.
  const estimate = size - Buffer.byteLength(head(3 * 1e6), 'latin1') - middle.length - 200;
  const length = estimate - (estimate % 3);
  const headText = head(length);
  const before = Buffer.byteLength(headText, 'latin1') + length + middle.length;
  const offsets = ['1 0 obj', '2 0 obj', '3 0 obj', '4 0 obj'].map((o) => headText.indexOf(o));
  offsets.push(Buffer.byteLength(headText, 'latin1') + length + middle.indexOf('5 0 obj'));
  const fixed = Buffer.byteLength(tail(offsets, 0, 0), 'latin1');
  // startxref's digits depend on the padding only through the offset's width, which is that of `size`.
  const pad = size - before - fixed - (String(size).length - 1);
  if (pad < 0) throw new Error('the PDF does not fit the size');
  const xref = before + pad;
  for (;;) {
    const pixels = randomBytes(length);
    if (pixels.includes('/Encrypt')) continue;
    const file = Buffer.concat([
      Buffer.from(headText, 'latin1'),
      pixels,
      Buffer.from(middle + tail(offsets, xref, pad), 'latin1'),
    ]);
    if (file.length !== size) throw new Error(`the PDF is ${file.length} B, not ${size}`);
    return file;
  }
}

interface Target {
  name: string;
  pid: number;
  url: string;
  headers: Record<string, string>;
  fields: [string, string][];
  /** Checks one answer's body (after its 201), and the whole round once every answer is in. */
  checkAnswer(body: string): string;
  checkRound(ids: string[]): Promise<void>;
}

/** One multipart upload over a connection of its own; resolves with the status and the body. */
function upload(target: Target, file: Buffer): Promise<{ status: number; body: string }> {
  const boundary = `----bench${randomBytes(12).toString('hex')}`;
  const fields = target.fields
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  const preamble = Buffer.from(
    `${fields}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="certificate.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      target.url,
      {
        method: 'POST',
        agent: false,
        headers: {
          ...target.headers,
          'x-request-id': requestId(),
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(preamble.length + file.length + epilogue.length),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    req.on('error', reject);
    req.write(preamble);
    req.write(file);
    req.end(epilogue);
  });
}

/** VmRSS and VmHWM of a process, in MB (1 MB = 1024 kB, as /proc counts). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kB = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: kB('VmRSS') / 1024, peak: kB('VmHWM') / 1024 };
}

/** CPU seconds (user + system) a process has used so far (/proc/PID/stat, 100 ticks a second). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The RSS once three samples 500 ms apart are within 1 MB of each other (30 s at most), as bench:memory. */
async function settled(pid: number): Promise<number> {
  const deadline = Date.now() + 30_000;
  let steady = 0;
  let last = memoryOf(pid).rss;
  while (steady < 3 && Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 500));
    const now = memoryOf(pid).rss;
    steady = Math.abs(now - last) < 1 ? steady + 1 : 0;
    last = now;
  }
  return last;
}

interface Measured {
  seconds: number;
  rssBefore: number;
  rssPeak: number;
  rssPeakSampled: number;
  rssAfter: number;
  cpu: number;
}

/** One round: FILES uploads at once, the answers checked, memory and time measured. */
async function round(target: Target, file: Buffer): Promise<Measured> {
  const rssBefore = await settled(target.pid);
  // Resets VmHWM to the present RSS (Linux 4.0+), so that it then holds the round's own peak.
  let hwmReset = true;
  try {
    writeFileSync(`/proc/${target.pid}/clear_refs`, '5');
  } catch {
    hwmReset = false;
  }
  let rssPeakSampled = rssBefore;
  const sampler = setInterval(() => {
    rssPeakSampled = Math.max(rssPeakSampled, memoryOf(target.pid).rss);
  }, 10);
  const cpuBefore = cpuSeconds(target.pid);
  const start = performance.now();
  let answers;
  try {
    answers = await Promise.all(Array.from({ length: FILES }, () => upload(target, file)));
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - start) / 1000;
  const cpu = cpuSeconds(target.pid) - cpuBefore;
  const rssPeak = hwmReset ? memoryOf(target.pid).peak : rssPeakSampled;
  const ids = answers.map(({ status, body }) => {
    if (status !== 201)
      throw new Error(`${target.name}: an upload answered ${status}: ${body.slice(0, 300)}`);
    return target.checkAnswer(body);
  });
  await target.checkRound(ids);
  const rssAfter = await settled(target.pid);
  return { seconds, rssBefore, rssPeak: Math.max(rssPeak, rssPeakSampled), rssPeakSampled, rssAfter, cpu };
}

async function untilAnswering(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before answering`);
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`${url} did not answer within 60 s`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
  await exited;
  clearTimeout(timer);
}

/** A draft of its own for each round: an account, its session, the saved plan, a master's draft. */
async function drafts(publicUrl: string, dataDir: string) {
  const config = loadConfig({ PUBLIC_URL: publicUrl });
  const db = await openDatabase({ databaseUrl, dataDir, poolSize: 1 });
  try {
    const deps = { config, clock: systemClock };
    // The lists the server seeds at start: the draft's choices and its document slots are read from them.
    await seedReferenceData(db, systemClock);
    const hash = await hashPassword('Passw0rdUploads', config.scrypt);
    const stamp = Date.now().toString(36);
    const made = [];
    for (let i = 0; i <= ROUNDS; i += 1) {
      const account = await insertAccount(db, deps, `uploads.${stamp}.${i}@example.com`, hash);
      if (!account) throw new Error('the account could not be created');
      await db.query('insert into plans (account_id, plan, updated_at) values ($1, $2::jsonb, $3)', [
        account.id,
        JSON.stringify(SAVED_PLAN),
        systemClock.now(),
      ]);
      const application = await startApplication({ db, clock: systemClock }, account.id, 'master');
      const choices = application.answers.choices;
      const slots = documentSlots(await applicationLists(db), 'master', {
        programId: choices.programId,
        teacherId: choices.teacherId,
      });
      const slot = slots?.find((s) => s.required);
      if (!slot) throw new Error("the plan's draft offers no required document slot");
      made.push({
        cookie: `${sessionCookieName(config)}=${await createSession(db, deps, account.id)}`,
        applicationId: application.id,
        slot,
      });
    }
    return made;
  } finally {
    await db.close();
  }
}

/** Programme 11's period (SAVED_PLAN's), open from a month ago to a month ahead, in Japan time. */
function periodsFile(dir: string): string {
  const japan = (offsetDays: number) =>
    new Date(Date.now() + offsetDays * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 16) + '+09:00';
  const file = join(dir, 'periods.json');
  writeFileSync(
    file,
    JSON.stringify([
      { id: 'bench-master', programId: 11, entryYear: 2027, opensAt: japan(-30), closesAt: japan(30) },
    ]),
  );
  return file;
}

/** The bare floor: Fastify, @fastify/multipart with the server's limits, each file piped to nowhere. */
const BARE_APP = `
  import Fastify from 'fastify';
  import multipart from '@fastify/multipart';
  import { Writable } from 'node:stream';
  import { pipeline } from 'node:stream/promises';
  const app = Fastify({ logger: false });
  await app.register(multipart, {
    limits: { fileSize: ${FILE_LIMIT_BYTES + 1}, files: 1, fields: 2, parts: 3, fieldNameSize: 32, fieldSize: 64, headerPairs: 8 },
  });
  app.post('/upload', async (request, reply) => {
    let bytes = 0;
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      await pipeline(part.file, new Writable({ write(chunk, _encoding, done) { bytes += chunk.length; done(); } }));
    }
    return reply.code(201).send({ bytes });
  });
  app.get('/health', async () => ({ ok: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.stdout.write(app.server.address().port + '\\n');
`;

// PostgreSQL when DATABASE_URL is set (apps/api/scripts/with-postgres.sh npm run bench:uploads), else PGlite.
const databaseUrl = process.env.DATABASE_URL || undefined;
const scratch = mkdtempSync(join(tmpdir(), 'api-uploads-'));
const children: ChildProcess[] = [];
const loadAtStart = loadavg();
try {
  log(`bench:uploads: a ${FILE_BYTES} B PDF, ${ROUNDS} rounds of ${FILES} uploads at once`);
  const file = pdfOfSize(FILE_BYTES);

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Production demands an https PUBLIC_URL (its cookie is then __Host-); the uploads speak plain http to the
  // process, as a TLS proxy in front of it would (bench:memory does the same).
  const publicUrl = `https://127.0.0.1:${port}`;
  const dataDir = join(scratch, 'pglite');
  const made = await drafts(publicUrl, dataDir);
  // UPLOADS_PROFILE_DIR: a CPU profile of the server's whole run there (open it in Chrome's DevTools).
  const profile = process.env.UPLOADS_PROFILE_DIR
    ? ['--cpu-prof', '--cpu-prof-dir', process.env.UPLOADS_PROFILE_DIR]
    : [];
  const server = spawn(process.execPath, [...profile, 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...productionServerEnv({
        port,
        publicUrl,
        smtpUrl: 'smtp://127.0.0.1:9',
        ...(databaseUrl ? { databaseUrl } : { dataDir }),
      }),
      PERIODS_FILE: periodsFile(scratch),
      // The whole request must arrive within REQUEST_TIMEOUT_MS (15 s by default, docs/hosting.md#timeouts):
      // ten 10 MB bodies at once over one loopback take longer than that here, and would measure the 408.
      REQUEST_TIMEOUT_MS: '600000',
      WEB_DIST: join(scratch, 'no-web-build'),
    },
  });
  children.push(server);
  await untilAnswering(`${url}/api/health`, server);

  const bare = spawn(process.execPath, ['--input-type=module', '-e', BARE_APP], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(bare);
  const barePort = await new Promise<string>((resolve, reject) => {
    bare.stdout!.once('data', (data: Buffer) => resolve(data.toString().trim()));
    bare.once('exit', (code) => reject(new Error(`the bare Fastify app exited (${code})`)));
  });
  const bareUrl = `http://127.0.0.1:${barePort}`;
  await untilAnswering(`${bareUrl}/health`, bare);

  const bareTarget: Target = {
    name: 'bare Fastify',
    pid: bare.pid!,
    url: `${bareUrl}/upload`,
    headers: {},
    fields: [
      ['slotKind', 'certificate'],
      ['slotTypeId', '1'],
    ],
    checkAnswer(body) {
      const { bytes } = JSON.parse(body) as { bytes: number };
      if (bytes !== FILE_BYTES) throw new Error(`the bare route drained ${bytes} B, not ${FILE_BYTES}`);
      return '';
    },
    async checkRound() {},
  };
  const serverTarget = (r: number): Target => {
    const { cookie, applicationId, slot } = made[r]!;
    const documentsUrl = `${url}/api/applicant/applications/${applicationId}`;
    return {
      name: 'the server',
      pid: server.pid!,
      url: `${documentsUrl}/documents`,
      headers: { cookie },
      fields: [
        ['slotKind', slot.slotKind],
        ['slotTypeId', String(slot.slotTypeId)],
      ],
      checkAnswer(body) {
        const document = JSON.parse(body) as { id: string; size: number; mediaType: string };
        if (document.size !== FILE_BYTES || document.mediaType !== 'application/pdf')
          throw new Error(`the server stored ${document.size} B of ${document.mediaType}`);
        return document.id;
      },
      async checkRound(ids) {
        const response = await fetch(documentsUrl, { headers: { cookie, 'x-request-id': requestId() } });
        if (response.status !== 200) throw new Error(`the application answered ${response.status}`);
        const { documents } = (await response.json()) as { documents: { id: string; size: number }[] };
        const listed = new Map(documents.map((d) => [d.id, d.size]));
        if (documents.length !== FILES || ids.some((id) => listed.get(id) !== FILE_BYTES))
          throw new Error(`the application lists ${documents.length} documents, not the ${FILES} uploaded`);
      },
    };
  };

  // A first round on each, not counted: the first uploads of a process grow it once for good (V8 compiles
  // the WebAssembly functions of PGlite's bytea and WAL paths, hot for the first time, with the memory of the
  // compilers' threads, and the allocator keeps the pages its first burst of buffers used); printed apart.
  const warmUp = { server: await round(serverTarget(ROUNDS), file), bare: await round(bareTarget, file) };
  log(
    `  warm-up: the server ${((FILES * FILE_BYTES) / MB / warmUp.server.seconds).toFixed(1)} MB/s, RSS ${warmUp.server.rssBefore.toFixed(0)} → peak ${warmUp.server.rssPeak.toFixed(0)} → ${warmUp.server.rssAfter.toFixed(0)} MB; bare ${((FILES * FILE_BYTES) / MB / warmUp.bare.seconds).toFixed(1)} MB/s, RSS ${warmUp.bare.rssBefore.toFixed(0)} → peak ${warmUp.bare.rssPeak.toFixed(0)} → ${warmUp.bare.rssAfter.toFixed(0)} MB`,
  );
  const results = { server: [] as Measured[], bare: [] as Measured[] };
  for (let r = 0; r < ROUNDS; r += 1) {
    const order = r % 2 === 0 ? (['server', 'bare'] as const) : (['bare', 'server'] as const);
    for (const which of order) {
      const measured = await round(which === 'server' ? serverTarget(r) : bareTarget, file);
      results[which].push(measured);
      log(
        `  round ${r + 1}, ${which}: ${((FILES * FILE_BYTES) / MB / measured.seconds).toFixed(1)} MB/s, RSS ${measured.rssBefore.toFixed(0)} → peak ${measured.rssPeak.toFixed(0)} → ${measured.rssAfter.toFixed(0)} MB, ${measured.cpu.toFixed(2)} s CPU`,
      );
    }
  }
  const loadAtEnd = loadavg();

  const rate = (m: Measured) => (FILES * FILE_BYTES) / MB / m.seconds;
  const f = (value: number, digits = 0) => value.toFixed(digits);
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  const lines = [
    `bench:uploads, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.versions.node}, load average ${loadAtStart.map((l) => l.toFixed(2)).join(' ')} at the start, ${loadAtEnd.map((l) => l.toFixed(2)).join(' ')} at the end`,
    `${FILES} uploads at once of a ${FILE_BYTES} B PDF (the per-file limit; ${FILES} of them are the per-application limit, ${APPLICATION_LIMIT_BYTES} B); the server: node apps/api/src/main.ts, NODE_ENV=production, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}, files stored in the database; the bare route: Fastify + @fastify/multipart piping to nowhere. MB = 1,048,576 B; RSS growth = peak during the round − RSS before it.`,
    '',
    '| Round | the server MB/s | bare MB/s | ratio | the server RSS before → peak → after (growth) | bare RSS before → peak → after (growth) | CPU s (server / bare) |',
    '|---|---|---|---|---|---|---|',
    ...[warmUp.server, ...results.server].map((s, i) => {
      const b = i === 0 ? warmUp.bare : results.bare[i - 1]!;
      return `| ${i === 0 ? 'warm-up (not counted)' : i} | ${f(rate(s), 1)} | ${f(rate(b), 1)} | ${f((100 * rate(s)) / rate(b))} % | ${f(s.rssBefore)} → ${f(s.rssPeak)} → ${f(s.rssAfter)} MB (+${f(s.rssPeak - s.rssBefore)}) | ${f(b.rssBefore)} → ${f(b.rssPeak)} → ${f(b.rssAfter)} MB (+${f(b.rssPeak - b.rssBefore)}) | ${f(s.cpu, 2)} / ${f(b.cpu, 2)} |`;
    }),
  ];
  const ratios = results.server.map((s, i) => rate(s) / rate(results.bare[i]!));
  const growth = Math.max(...results.server.map((s) => s.rssPeak - s.rssBefore));
  const ratio = median(ratios);
  lines.push(
    '',
    `${growth < 50 ? '✓' : '✗'} the server's RSS grows by less than 50 MB during ${FILES} parallel uploads: at most +${f(growth)} MB over the rounds after the warm-up (+${f(warmUp.server.rssPeak - warmUp.server.rssBefore)} MB in the warm-up; RSS ${f(warmUp.server.rssBefore)} MB before it, ${f(results.server.at(-1)!.rssAfter)} MB after the last round)`,
    `${ratio >= 0.8 ? '✓' : '✗'} throughput at least 80 % of the bare route: ${f(ratio * 100)} % (median of the rounds; ${ratios.map((r) => `${f(r * 100)} %`).join(', ')})`,
  );
  console.info(lines.join('\n'));
} finally {
  for (const child of children) await stop(child);
  rmSync(scratch, { recursive: true, force: true });
}
