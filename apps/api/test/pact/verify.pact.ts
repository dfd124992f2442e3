// Provider verification: the committed pacts (pacts/: the applicant's site's and the desk console's) against the reference provider, started in this
// process on a fresh embedded database (PGlite in memory). State handlers are keyed by the exact state
// sentences and set the states up through the provider's own state functions.
import type { AddressInfo } from 'node:net';
import { Verifier } from '@pact-foundation/pact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.ts';
import { loadConfig } from '../../src/platform/config.ts';
import { openDatabase } from '../../src/platform/db.ts';
import { resetStateSettings, setUpState } from '../../src/providerStates/states.ts';
import type { StateParams } from '../../src/providerStates/types.ts';
import { noBodyMeansEmpty, pactFiles, PROVIDER, STATES, statesInPact } from './pactSource.ts';

let server: App;
let baseUrl: string;

beforeAll(async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://localhost:8080',
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  const db = await openDatabase({ dataDir: 'memory://' });
  server = await buildApp({ config, db });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await server?.close();
});

function stateHandlers() {
  return Object.fromEntries(
    STATES.map((sentence) => [
      sentence,
      {
        setup: (params?: unknown) => setUpState(server.services, sentence, (params ?? {}) as StateParams),
        // What a state switched in the settings (REQUIRE_SECOND_FACTOR) lasts for its interaction only.
        teardown: async () => resetStateSettings(server.services),
      },
    ]),
  );
}

describe(`${PROVIDER} honours the pacts of pre-admission-web and pre-admission-desk`, () => {
  it('has a state handler for every provider state the pact names', () => {
    expect(statesInPact().filter((state) => !(STATES as readonly string[]).includes(state))).toEqual([]);
  });

  it('verifies every interaction', async () => {
    const verifier = new Verifier({
      provider: PROVIDER,
      providerBaseUrl: baseUrl,
      pactUrls: [...pactFiles],
      stateHandlers: stateHandlers(),
      requestFilter: noBodyMeansEmpty,
      logLevel: 'warn',
    });
    await expect(verifier.verifyProvider()).resolves.not.toThrow();
  });
});
