// The adapter's shapes of an application (packages/api, openapi.yaml; times as Date), as these screens read them.
export type {
  Application,
  ApplicationDocument,
  ApplicationStatus,
  ApplicationSummary,
  DocumentSlotKind,
  HistoryEntry,
} from '@pre-admission/api';
