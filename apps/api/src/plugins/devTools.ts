// Tools for development and contract tests, registered only when configured: the provider-states route
// Pact's verifier calls to set up each interaction's state. (The debug mailbox is an API operation of
// openapi.yaml, handled in ../routes/referenceData.ts.) Encapsulated: it only adds a route.
import type { FastifyInstance } from 'fastify';
import { problems } from '../problem.ts';
import { setUpState, UnknownStateError } from '../providerStates.ts';
import { reset as resetRateLimit } from '../rateLimits.ts';
import { mailKeys } from '../routes/registrations.ts';
import { signInKeys } from '../routes/sessions.ts';

async function register(app: FastifyInstance): Promise<void> {
  const { services } = app;
  if (!services.config.providerStates) return;
  app.post(`${services.config.basePath}/_pact/provider-states`, async (request, reply) => {
    const body = (request.body ?? {}) as { state?: unknown; params?: unknown; action?: unknown };
    if (typeof body.state !== 'string') throw problems.badRequest('state is required');
    // Pact calls this with an empty state for interactions that have none: nothing to set up.
    if (body.action === 'teardown' || body.state.trim() === '') return reply.send({});
    // The verifier's own client address is no part of any state: repeated runs against one provider
    // must not trip the per-client limits (the per-account ones are reset by the states themselves).
    await resetRateLimit(services.db, mailKeys.client(request.ip));
    await resetRateLimit(services.db, signInKeys.client(request.ip));
    try {
      const params = typeof body.params === 'object' && body.params !== null ? body.params : {};
      return await setUpState(services, body.state, params as Record<string, unknown>);
    } catch (error) {
      if (error instanceof UnknownStateError) throw problems.badRequest(error.message);
      throw error;
    }
  });
}

export const devToolsPlugin = register;
