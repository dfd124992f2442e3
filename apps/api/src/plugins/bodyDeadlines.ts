// docs/hosting.md#timeouts: how long a request's body may take to arrive, by route. Node's own request timeout
// is one figure for every route; it is set to the longest, an upload's (UPLOAD_TIMEOUT_MS), and this hook holds
// every other request to REQUEST_TIMEOUT_MS as Node did. An upload (an operation whose body is multipart) may
// take longer, but only while it keeps coming: past REQUEST_TIMEOUT_MS, an average under
// UPLOAD_MIN_BYTES_PER_SECOND since its headers is a client holding the connection, and is cut off (issue 38: a
// 10 MB document got through only above about 6 Mbit/s).
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Timeouts } from '../platform/config.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes an upload (a multipart body): UPLOAD_TIMEOUT_MS and a minimum rate, not the request timeout. */
    upload?: boolean;
  }
}

/**
 * Node's own answer to a late request (ERR_HTTP_REQUEST_TIMEOUT: 408, no body), then the connection closed;
 * only the connection closed when an answer has begun (a 408 cannot go in front of it).
 */
function cutOff(request: FastifyRequest, response: ServerResponse, why: string): void {
  const { socket } = request.raw;
  if (request.raw.complete || socket.destroyed) return;
  request.log.info({ reason: why }, 'request body too slow: connection closed');
  if (!response.headersSent && socket.writable)
    socket.write('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  socket.destroy();
}

export function registerBodyDeadlines(app: FastifyInstance, timeouts: Timeouts): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    if (raw.complete) return done();
    const started = Date.now();
    const { socket } = raw;
    const readAtStart = socket.bytesRead;
    let timer: NodeJS.Timeout;
    const stop = () => clearTimeout(timer);
    if (request.routeOptions.config.upload !== true) {
      timer = setTimeout(() => cutOff(request, reply.raw, 'request timeout'), timeouts.requestMs);
    } else {
      // Node's request timeout (UPLOAD_TIMEOUT_MS here) is the ceiling; from REQUEST_TIMEOUT_MS on, the rate.
      const check = () => {
        if (raw.complete || socket.destroyed) return;
        const seconds = (Date.now() - started) / 1000;
        if ((socket.bytesRead - readAtStart) / seconds < timeouts.uploadMinBytesPerSecond)
          return cutOff(request, reply.raw, 'upload under the minimum rate');
        timer = setTimeout(check, timeouts.checkIntervalMs);
      };
      timer = setTimeout(check, timeouts.requestMs);
    }
    timer.unref();
    raw.once('end', stop);
    reply.raw.once('close', stop);
    done();
  });
}
