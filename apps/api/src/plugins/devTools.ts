// Tools for development and contract tests, registered only when configured: the provider-states route
// Pact's verifier calls to set up each interaction's state. (The debug mailbox is an API operation of
// openapi.yaml, handled in ../routes/referenceData.ts.) Encapsulated: it only adds a route.
// The route sets any password and creates sessions, so config.ts refuses it with NODE_ENV=production and
// without PROVIDER_STATES_SECRET, and every request must carry that secret as X-Provider-States-Secret
// (docs/operations.md says how the verifier sends it).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { HttpProblem, problems } from '../platform/problem.ts';
import { limitKeys, reset as resetRateLimit } from '../platform/rateLimits.ts';

export const PROVIDER_STATES_HEADER = 'x-provider-states-secret';

/**
 * The verifier's body, read without trusting its shape (this route is no operation of openapi.yaml, so no
 * schema checked it): a field of the wrong type reads as absent.
 */
const stateRequest = z
  .object({
    state: z.string().optional().catch(undefined),
    action: z.unknown().optional(),
    params: z.record(z.string(), z.unknown()).optional().catch(undefined),
  })
  .catch({});

/** A constant-time comparison (of digests, so that the length of the secret does not show either). */
function sameSecret(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

async function register(app: FastifyInstance): Promise<void> {
  const { services } = app;
  const secret = services.config.providerStatesSecret;
  if (!services.config.providerStates || !secret) return;
  // Loaded only here, once the states are switched on: what production runs never loads the provider states
  // (eslint.config.js refuses a static import of providerStates/ from the rest of the server).
  const { isKnownState, resetStateSettings, setUpState, UnknownStateError } =
    await import('../providerStates/states.ts');
  app.post(`${services.config.basePath}/_pact/provider-states`, async (request, reply) => {
    if (!sameSecret(request.headers[PROVIDER_STATES_HEADER], secret)) {
      request.log.warn('provider-states request without the right X-Provider-States-Secret');
      throw new HttpProblem(403, 'forbidden', 'The X-Provider-States-Secret header is missing or wrong.');
    }
    const body = stateRequest.parse(request.body ?? {});
    if (typeof body.state !== 'string') throw problems.badRequest('state is required');
    // Pact calls this with an empty state for interactions that have none: nothing to set up.
    if (body.action === 'teardown' || body.state.trim() === '') {
      // What a state switched in the settings lasts for its own interaction only.
      resetStateSettings(services);
      return reply.send({});
    }
    // Refused before anything changes, the rate limits included.
    if (!isKnownState(body.state)) throw problems.badRequest(`unknown provider state: ${body.state}`);
    // The verifier's own client address is no part of any state: repeated runs against one provider
    // must not trip the per-client limits (the per-account ones are reset by the states themselves).
    await resetRateLimit(services.db, limitKeys.mailClient(request.ip));
    await resetRateLimit(services.db, limitKeys.signInClient(request.ip));
    await resetRateLimit(services.db, limitKeys.tokenClient(request.ip));
    try {
      return await setUpState(services, body.state, body.params ?? {});
    } catch (error) {
      if (error instanceof UnknownStateError) throw problems.badRequest(error.message);
      throw error;
    }
  });
}

export const devToolsPlugin = register;
