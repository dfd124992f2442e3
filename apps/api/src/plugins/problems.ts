// How a request body is read and how every failure becomes RFC 9457 problem+json, for the whole app (API,
// web hosting, dev tools alike): the JSON body parser and the error handler. App-wide, so wrapped with
// fastify-plugin.
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpProblem, problems, sendProblem } from '../platform/problem.ts';

async function register(app: FastifyInstance): Promise<void> {
  // JSON bodies. An empty body with a JSON content type (what a client sends for a PATCH without payload)
  // is no body rather than an error; the operation's own schema decides whether a body was required.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, text, done) => {
    const source = String(text);
    if (source.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(source));
    } catch {
      done(problems.badRequest('The body is not valid JSON.'), undefined);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpProblem) return sendProblem(reply, error);
    const status = error.statusCode ?? 500;
    if (status === 413) return sendProblem(reply, problems.tooLarge());
    if (status === 415)
      return sendProblem(reply, problems.badRequest('The content type must be application/json.'));
    if (status >= 400 && status < 500) {
      const title = status === 400 ? 'The request is malformed.' : 'The request cannot be served.';
      return sendProblem(
        reply,
        new HttpProblem(status, status === 400 ? 'bad-request' : 'client-error', title, {
          detail: error.message,
        }),
      );
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendProblem(reply, problems.internal());
  });
}

export const problemsPlugin = fp(register, { name: 'problems', fastify: '5.x' });
