export {
  AccountProvider,
  useAccount,
  type AccountContextValue,
  type AccountProviderProps,
  type AccountSession,
  type MaintenanceWindow,
  type NavigateOptions,
} from './AccountContext';
export { routePatterns, routes, type RouteName } from './routes';
