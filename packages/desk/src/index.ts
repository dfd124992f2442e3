export {
  ApplicationsList,
  type ApplicationsListProps,
  type ListState,
} from './ApplicationsList/ApplicationsList';
export type { FilterLists } from './ApplicationsList/FilterForm';
export { ApplicationView, type ApplicationViewProps } from './ApplicationView/ApplicationView';
export type { DocumentLinks } from './ApplicationView/Documents';
export { ApplicationActions, type ApplicationActionsProps } from './actions/ApplicationActions';
export {
  ConsentRequestsList,
  type ConsentListState,
  type ConsentRequestsListProps,
} from './ConsentRequestsList/ConsentRequestsList';
export { ConsentRequestView, type ConsentRequestViewProps } from './ConsentRequestView/ConsentRequestView';
export { ConsentAnswer, type ConsentAnswerProps } from './actions/ConsentAnswer';
export {
  MailSettings,
  type MailSettingsFailure,
  type MailSettingsProps,
  type MailSettingsState,
} from './MailSettings/MailSettings';
export { nameOf, type DeskLists, type Named } from './lists';
export {
  failureOf,
  rightsOf,
  sortOrders,
  type ActionFailure,
  type ActionResult,
  type ApplicationFilters,
  type ConsentDecision,
  type StaffConsentRequest,
  type DeskRights,
  type SortOrder,
} from './model';
