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
