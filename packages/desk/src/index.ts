export {
  ApplicationsList,
  type ApplicationsListProps,
  type ListState,
} from './ApplicationsList/ApplicationsList';
export type { FilterLists } from './ApplicationsList/FilterForm';
export { ApplicationView, type ApplicationViewProps } from './ApplicationView/ApplicationView';
export type { DocumentLinks } from './ApplicationView/Documents';
export { ApplicationActions, type ApplicationActionsProps } from './actions/ApplicationActions';
export { nameOf, type DeskLists, type Named } from './lists';
export {
  failureOf,
  rightsOf,
  sortOrders,
  type ActionFailure,
  type ActionResult,
  type ApplicationFilters,
  type DeskRights,
  type SortOrder,
} from './model';
