export { Planner, type PlannerProps, type ReferenceQuery } from './Planner';
export {
  emptyPlan,
  prune,
  searchKey,
  taskNames,
  taskStatuses,
  teacherMatches,
  type PlannerLists,
  type TaskName,
  type TaskStatus,
} from './model';
export { DocumentsSection, type DocumentsSectionProps } from './documents/DocumentsSection';
export type { DocumentsLists } from './documents/slots';
export { ApplicationsOverview, type ApplicationsOverviewProps } from './applications/ApplicationsOverview';
export {
  ApplicationScreen,
  type ApplicationScreenProps,
  type DocumentsSlotProps,
} from './application/ApplicationScreen';
export { isApplicationId, isPageName, pageNames, type PageName } from './application/model';
