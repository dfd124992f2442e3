// Request durations and refusals into the app's Prometheus registry (../metrics.ts). App-wide, so wrapped with
// fastify-plugin: its hooks see every route, the API's and the pages'.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpProblem } from '../platform/problem.ts';
import { limitOf } from '../platform/rateLimits.ts';

async function register(app: FastifyInstance): Promise<void> {
  const { metrics } = app.services;
  app.addHook('onResponse', async (request, reply) => {
    // The routed pattern (`/api/applicant/registrations/:token`), never the URL: a token must not become a
    // label. A request no route matched is one series, whatever its URL.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requestDuration.observe(
      { route, method: request.method, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  app.addHook('onError', async (_request, _reply, error) => {
    if (!(error instanceof HttpProblem)) return;
    if (error.kind === 'busy') metrics.hashingRefusals.inc();
    const limit = limitOf(error);
    if (limit) metrics.rateLimitRefusals.inc({ limit });
  });
}

export const metricsPlugin = fp(register, { name: 'metrics', fastify: '5.x', dependencies: ['services'] });
