export { createApiClient, type ApiClient, type ApiClientOptions } from './client/createApiClient';
export {
  ApiError,
  MalformedResponseError,
  NetworkError,
  failureCause,
  failureLogLevel,
  failureRequestId,
  failureStatus,
  type Problem,
} from './client/errors';
export { createRequestId, REQUEST_ID_EPOCH, REQUEST_ID_RANDOM_BOUND } from './client/requestId';
export { serializeQuery } from './client/querySerializer';
export { readRetryDelaysMs } from './client/retryReads';
export type { FailureKey, FailureOf, FailureRule, FailureTable, Outcome, Shown } from './operations/outcome';
export { generic } from './operations/outcome';
export {
  failureRows,
  failureTables,
  type FailureOperation,
  type FailureRow,
} from './operations/failureTables';
export * from './operations/sessions';
export * from './operations/links';
export * from './operations/registrations';
export * from './operations/passwordReset';
export * from './operations/emailChange';
export * from './operations/password';
export * from './operations/plan';
export * from './operations/security';
export * from './operations/referenceData';
export * from './operations/maintenance';
export * from './operations/debug';
export * from './operations/applications';
export * from './operations/consent';
export * from './operations/applicationDocuments';
export * from './operations/accountArchive';
export type { UploadCallOptions, UploadProgress, UploadXhr } from './client/upload';
export { createApi, type Api } from './createApi';
