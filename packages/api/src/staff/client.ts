import createClient, { type Client } from 'openapi-fetch';
import { applyClientMiddleware, type ApiClientOptions } from '../client/createApiClient';
import { serializeQuery } from '../client/querySerializer';
import type { paths } from '../generated/staff';

/** The staff paths with `X-Request-Id` taken out of the header parameters: the middleware sets it. */
type WithoutRequestId<Operation> = Operation extends { parameters: infer Parameters }
  ? Omit<Operation, 'parameters'> & {
      parameters: Omit<Parameters, 'header'> & { header?: never };
    }
  : Operation;
export type StaffClientPaths = {
  [Path in keyof paths]: { [Method in keyof paths[Path]]: WithoutRequestId<paths[Path][Method]> };
};

export type StaffApiClient = Client<StaffClientPaths, 'application/json'>;
export type StaffApiClientOptions = Omit<ApiClientOptions, 'xhr'>;

/**
 * The staff API's client (openapi.staff.yaml): the applicant's client's conventions (docs/behaviour.md#api-calls)
 * on the staff paths: a request id, credentials and JSON on every call, any status outside 200-299 an
 * `ApiError`, and reads sent again after a network failure.
 */
export function createStaffApiClient(options: StaffApiClientOptions = {}): StaffApiClient {
  const fetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const client = createClient<StaffClientPaths>({
    baseUrl: options.baseUrl ?? '',
    fetch,
    querySerializer: serializeQuery,
  });
  applyClientMiddleware(client, options, fetch);
  return client;
}
