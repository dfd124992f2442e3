// The API: one route per operation of openapi.yaml and openapi.staff.yaml (the server refuses to start if one has no handler),
// each request body checked against its schema, each response checked against the contract when
// `validateResponses` is on. Handlers live in ../routes/, one file per operation group. Encapsulated: its
// hooks apply to these routes only.
import { createHash } from 'node:crypto';
// Shared with the web client's cache (a subpath with no imports of its own: the server runs its sources on Node).
import { REFERENCE_LIST_MAX_AGE } from '@pre-admission/api/referenceCaching';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { chooseEncoding, compress, COMPRESSION_THRESHOLD } from '../platform/compression.ts';
import { fieldErrors, type Operation, type OperationId } from '../platform/contract.ts';
import { problems } from '../platform/problem.ts';
import { applicationHandlers } from '../routes/applications.ts';
import { accountArchiveHandlers } from '../routes/accountArchive.ts';
import { accountDeletionHandlers } from '../routes/accountDeletion.ts';
import { applicationDocumentHandlers, uploadMultipartOptions } from '../routes/applicationDocuments.ts';
import { authenticatorAppHandlers } from '../routes/authenticatorApp.ts';
import { consentHandlers } from '../routes/consent.ts';
import { emailChangeHandlers } from '../routes/emailChange.ts';
import { healthHandlers } from '../routes/health.ts';
import { maintenanceHandlers } from '../routes/maintenance.ts';
import { passkeyHandlers } from '../routes/passkeys.ts';
import { passwordHandlers } from '../routes/password.ts';
import { passwordResetHandlers } from '../routes/passwordReset.ts';
import { planHandlers } from '../routes/plan.ts';
import { referenceDataHandlers, referenceListOperations } from '../routes/referenceData.ts';
import { registrationHandlers } from '../routes/registrations.ts';
import { secondStepHandlers } from '../routes/secondStep.ts';
import { sessionHandlers } from '../routes/sessions.ts';
import { staffAccountHandlers } from '../routes/staffAccounts.ts';
import { staffApplicationHandlers } from '../routes/staffApplications.ts';
import { staffConsentHandlers } from '../routes/staffConsent.ts';
import { staffInvitationHandlers } from '../routes/staffInvitations.ts';
import { staffSecondFactorHandlers } from '../routes/staffSecondFactor.ts';
import { staffSessionHandlers } from '../routes/staffSessions.ts';
import type { Handlers, RouteHandler } from '../services.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The operation of openapi.yaml an API route serves (set by register below). */
    operationId?: OperationId;
  }
}

export interface ApiRoutesOptions {
  /** Handlers still running; shutdown waits for them even when their client has hung up. */
  inflight: Set<Promise<unknown>>;
}

async function register(app: FastifyInstance, options: ApiRoutesOptions): Promise<void> {
  const { services } = app;
  const { config, contract } = services;

  // Response validation against openapi.yaml (on unless production): a breach is logged and becomes a 500.
  if (config.validateResponses) {
    app.addHook('onSend', async (request, reply, payload) => {
      const operationId = request.routeOptions.config.operationId;
      if (!operationId) return payload;
      let body: unknown = payload === null || payload === undefined || payload === '' ? undefined : payload;
      if (typeof body === 'string') {
        try {
          body = JSON.parse(body);
        } catch {
          // not JSON: checkResponse reports the content type
        }
      }
      const failures = contract.checkResponse(
        operationId,
        reply.statusCode,
        reply.getHeader('content-type') as string | undefined,
        body,
      );
      if (failures.length === 0) return payload;
      request.log.error({ failures }, 'response breaks openapi.yaml');
      reply.code(500).type('application/problem+json');
      reply.removeHeader('retry-after');
      return JSON.stringify({
        type: 'urn:pre-admission:problem:internal',
        title: 'An unexpected error occurred.',
        status: 500,
        instance: String(request.id),
      });
    });
  }

  // Reference lists: an ETag and a short public max-age, 304 on If-None-Match; then compression of every
  // API body when accepted. After the validation hook (it reads the plain JSON), docs/hosting.md#compression.
  app.addHook('onSend', async (request, reply, payload) => {
    const operationId = request.routeOptions.config.operationId;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (operationId && referenceListOperations.has(operationId) && reply.statusCode === 200) {
      const etag = `W/"${createHash('sha256').update(payload).digest('base64url').slice(0, 32)}"`;
      reply.header('etag', etag).header('cache-control', `public, max-age=${REFERENCE_LIST_MAX_AGE}`);
      // The same for everyone: nothing private for Cross-Origin-Resource-Policy to guard (docs/security.md#headers).
      reply.removeHeader('cross-origin-resource-policy');
      const ifNoneMatch = String(request.headers['if-none-match'] ?? '');
      if (ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
        reply.code(304).removeHeader('content-type');
        return '';
      }
    }
    if (reply.getHeader('content-encoding') || Buffer.byteLength(payload) < COMPRESSION_THRESHOLD)
      return payload;
    reply.header('vary', 'Accept-Encoding');
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    reply.header('content-encoding', encoding).removeHeader('content-length');
    return compress(encoding, payload);
  });

  const handlers: Handlers = {
    ...sessionHandlers(services),
    ...secondStepHandlers(services),
    ...authenticatorAppHandlers(services),
    ...passkeyHandlers(services),
    ...registrationHandlers(services),
    ...passwordResetHandlers(services),
    ...emailChangeHandlers(services),
    ...passwordHandlers(services),
    ...planHandlers(services),
    ...referenceDataHandlers(services),
    ...healthHandlers(services),
    ...maintenanceHandlers(services),
    ...applicationHandlers(services),
    ...consentHandlers(services),
    ...applicationDocumentHandlers(services),
    ...accountArchiveHandlers(services),
    ...accountDeletionHandlers(services),
    // openapi.staff.yaml (docs/security.md#staff).
    ...staffInvitationHandlers(services),
    ...staffSessionHandlers(services),
    ...staffSecondFactorHandlers(services),
    ...staffAccountHandlers(services),
    ...staffApplicationHandlers(services),
    ...staffConsentHandlers(services),
  };
  const { inflight } = options;
  for (const operation of contract.operations) {
    // Typed per operation where it is written; registered here behind validateRequest (services.ts RouteTypes).
    const handler = handlers[operation.operationId] as RouteHandler | undefined;
    if (!handler) throw new Error(`no handler for ${operation.operationId}`);
    const route: RouteOptions = {
      method: operation.method.toUpperCase() as 'GET',
      url: config.basePath + operation.path.replace(/\{(\w+)\}/g, ':$1'),
      config: { operationId: operation.operationId, upload: operation.upload },
      // docs/hosting.md#body-limits: over it, 413 problem+json before the body is read further.
      bodyLimit: config.bodyLimits[operation.operationId] ?? config.apiBodyLimit,
      // Only where there is a body to check: a hook that does nothing still costs every request a turn.
      ...(operation.validateBody
        ? { preHandler: async (request: FastifyRequest) => validateRequest(operation, request) }
        : {}),
      // Tracked so that shutdown waits for it even when the client has hung up (the socket closes, the
      // handler still runs and needs the database).
      handler: (request, reply) => {
        const running = handler(request, reply);
        inflight.add(running);
        void running.then(
          () => inflight.delete(running),
          () => inflight.delete(running),
        );
        return running;
      },
    };
    // A multipart body (the uploads) is parsed in a scope of its own route: no other route accepts one.
    // Its limits are the multipart options', not bodyLimit (Fastify applies that to the JSON parser only);
    // validateBody is undefined for it (contract.ts compiles JSON bodies only), so the handler checks the
    // fields itself.
    const multipart = multipartOperations.get(operation.operationId);
    if (multipart)
      await app.register(async (scope) => {
        await scope.register(fastifyMultipart, multipart);
        scope.route(route);
      });
    else app.route(route);
  }
}

/** The operations whose body is multipart/form-data, with their parts' limits. */
const multipartOperations = new Map<OperationId, typeof uploadMultipartOptions>([
  ['uploadApplicationDocument', uploadMultipartOptions],
]);

/** Checks the body against the operation's schema in openapi.yaml: 400 with per-field errors. */
function validateRequest(operation: Operation, request: FastifyRequest): void {
  if (!operation.validateBody) return;
  const body = request.body;
  if (body === undefined || body === null) {
    throw problems.validation([{ field: 'body', code: 'required' }]);
  }
  if (!operation.validateBody(body))
    throw problems.validation(fieldErrors(operation.validateBody.errors, body));
}

export const apiRoutesPlugin = register;
