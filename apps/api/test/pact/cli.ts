// `npm run pact:verify -- --provider-base-url URL [--provider-states-setup-url URL]`: verifies the
// front end's pacts against any running provider. Without --pact-broker-url it verifies the committed
// pacts/ files (the applicant site's and the desk console's; --pact names one); with it, the pacts a Pact Broker holds for the provider (and can publish the results).
// PROVIDER_STATES_SECRET, when set, goes to the provider-states URL as the X-Provider-States-Secret header
// (the reference provider refuses provider-state requests without it; docs/operations.md).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { Verifier, type VerifierOptions } from '@pact-foundation/pact';
import { noBodyMeansEmpty, pactFiles, PROVIDER } from './pactSource.ts';

const usage = `Usage: npm run pact:verify -- --provider-base-url URL [options]

  --provider-base-url URL           where the provider under test answers (required)
  --provider-states-setup-url URL   its provider-states endpoint (the reference provider:
                                    URL/_pact/provider-states, started with PROVIDER_STATES=1 and
                                    PROVIDER_STATES_SECRET; this script sends the same variable as
                                    the X-Provider-States-Secret header)
  --pact FILE                       a pact file to verify (repeatable; default: both of pacts/,
                                    ${pactFiles.join('\n                                    ')})
  --pact-broker-url URL             verify the pacts a Pact Broker holds instead (token: PACT_BROKER_TOKEN)
  --provider-version VERSION        with a broker: the provider version (e.g. the git sha)
  --provider-branch BRANCH          with a broker: the provider's branch
  --publish                         with a broker: publish the verification results
  --log-level LEVEL                 trace, debug, info, warn (default) or error`;

const { values } = parseArgs({
  options: {
    'provider-base-url': { type: 'string' },
    'provider-states-setup-url': { type: 'string' },
    pact: { type: 'string', multiple: true },
    'pact-broker-url': { type: 'string' },
    'provider-version': { type: 'string' },
    'provider-branch': { type: 'string' },
    publish: { type: 'boolean', default: false },
    'log-level': { type: 'string', default: 'warn' },
    help: { type: 'boolean', default: false },
  },
});

if (values.help || !values['provider-base-url']) {
  console.info(usage);
  process.exit(values.help ? 0 : 2);
}

const brokerUrl = values['pact-broker-url'];
if (values.publish && (!brokerUrl || !values['provider-version'])) {
  console.error('--publish needs --pact-broker-url and --provider-version.');
  process.exit(2);
}
if (!values['provider-states-setup-url']) {
  console.warn('No --provider-states-setup-url: interactions with provider states run without their setup.');
} else if (!process.env.PROVIDER_STATES_SECRET) {
  console.warn(
    'PROVIDER_STATES_SECRET is not set: the reference provider refuses provider-state requests without it.',
  );
}
const statesSecret = process.env.PROVIDER_STATES_SECRET;

/**
 * Relays the Verifier's state changes to the provider's setup URL. The Pact verifier also calls the setup URL
 * for an interaction without a provider state, with an empty state name; there is nothing to set up then,
 * so the relay answers it itself instead of asking the provider about a state it cannot know.
 */
async function startStateRelay(target: string): Promise<{ url: string; close: () => void }> {
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    let state: unknown;
    try {
      state = (JSON.parse(body || '{}') as { state?: unknown }).state;
    } catch {
      state = undefined;
    }
    if (typeof state !== 'string' || state.trim() === '') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      return;
    }
    try {
      const upstream = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(statesSecret ? { 'x-provider-states-secret': statesSecret } : {}),
        },
        body,
      });
      const text = await upstream.text();
      if (!upstream.ok) console.error(`Provider state "${state}": ${upstream.status} ${text}`);
      response
        .writeHead(upstream.status, {
          'content-type': upstream.headers.get('content-type') ?? 'application/json',
        })
        .end(text);
    } catch (error) {
      console.error(`Provider state "${state}": ${target} did not answer (${String(error)})`);
      response.writeHead(502, { 'content-type': 'text/plain' }).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

const statesUrl = values['provider-states-setup-url'];
const relay = statesUrl ? await startStateRelay(statesUrl) : undefined;

const options: VerifierOptions = {
  provider: PROVIDER,
  providerBaseUrl: values['provider-base-url'],
  logLevel: values['log-level'] as VerifierOptions['logLevel'],
  requestFilter: noBodyMeansEmpty,
  ...(relay ? { providerStatesSetupUrl: relay.url, providerStatesSetupTeardown: true } : {}),
  ...(brokerUrl
    ? {
        pactBrokerUrl: brokerUrl,
        pactBrokerToken: process.env.PACT_BROKER_TOKEN,
        consumerVersionSelectors: [{ mainBranch: true }, { deployedOrReleased: true }],
        publishVerificationResult: values.publish,
        providerVersion: values['provider-version'],
        providerVersionBranch: values['provider-branch'],
      }
    : { pactUrls: values.pact ?? [...pactFiles] }),
};

try {
  await new Verifier(options).verifyProvider();
  console.info('Pact verification passed.');
} catch (error) {
  console.error(`Pact verification failed${error instanceof Error ? '' : `: ${String(error)}`}.`);
  process.exitCode = 1;
} finally {
  relay?.close();
}
