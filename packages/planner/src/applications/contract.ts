import type { ApiError } from '@pre-admission/api';
import type { components } from '@pre-admission/api/schema';

// The contract's shapes of an application (openapi.yaml), as the screens read them.
type Schemas = components['schemas'];
export type Application = Schemas['Application'];
export type ApplicationSummary = Schemas['ApplicationSummary'];
export type ApplicationDocument = Schemas['ApplicationDocument'];
export type ApplicationStatus = Schemas['ApplicationStatus'];
export type HistoryEntry = Schemas['HistoryEntry'];
export type DocumentSlotKind = Schemas['DocumentSlotKind'];

/** An adapter's answer: the data, or a failure of the operation's table with its ApiError (status, problem). */
export type Answer<Data> =
  | { readonly ok: true; readonly data: Data }
  | { readonly ok: false; readonly failure: string; readonly error: ApiError; readonly retryAfter?: number };

/** One file for a document slot (openapi.yaml `DocumentUpload`). */
export interface DocumentUpload {
  slotKind: DocumentSlotKind;
  slotTypeId: number;
  file: File;
}

/** The upload's own controls: its cancel, and the bytes sent so far (XMLHttpRequest's upload progress). */
export interface UploadOptions {
  signal?: AbortSignal;
  onProgress?: (progress: { loaded: number; total: number }) => void;
}

/** The adapter's operations on applications that these screens call. */
export interface ApplicationsApi {
  listApplications(): Promise<Answer<ApplicationSummary[]>>;
  withdrawApplication(applicationId: string, body: { reason: string }): Promise<Answer<Application>>;
  uploadApplicationDocument(
    applicationId: string,
    upload: DocumentUpload,
    options?: UploadOptions,
  ): Promise<Answer<ApplicationDocument>>;
  removeApplicationDocument(applicationId: string, documentId: string): Promise<Answer<void>>;
  /** The original file, as a download (`getApplicationDocument`). */
  applicationDocumentUrl(applicationId: string, documentId: string): string;
  /** An image's re-encoded preview (`getApplicationDocumentPreview`). */
  applicationDocumentPreviewUrl(applicationId: string, documentId: string): string;
}
