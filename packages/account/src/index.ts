export {
  AccountProvider,
  isMaintenanceNoticeVisible,
  useAccount,
  type AccountContextValue,
  type AccountProviderProps,
  type AccountSession,
  type MaintenanceWindow,
  type NavigateOptions,
  type PasswordCheck,
} from './AccountContext';
export { routePatterns, routes, type RouteName } from './routes';

export {
  SessionTimeoutDialog,
  announcementFor,
  type SessionTimeoutDialogProps,
} from './components/SessionTimeoutDialog';

export { SignIn } from './screens/SignIn';
export { SignInSecondStep } from './screens/SignInSecondStep';
export { RegistrationRequest } from './screens/RegistrationRequest';
export { RegistrationRequestComplete } from './screens/RegistrationRequestComplete';
export { Registration, type RegistrationProps } from './screens/Registration';
export { RegistrationComplete } from './screens/RegistrationComplete';
export { PasswordResetRequest } from './screens/PasswordResetRequest';
export { PasswordResetRequestComplete } from './screens/PasswordResetRequestComplete';
export { PasswordReset, type PasswordResetProps } from './screens/PasswordReset';
export { PasswordResetComplete } from './screens/PasswordResetComplete';
export { EmailChangeRequest } from './screens/EmailChangeRequest';
export { EmailChangeRequestComplete } from './screens/EmailChangeRequestComplete';
export { EmailChangeActivation, type EmailChangeActivationProps } from './screens/EmailChangeActivation';
export { PasswordChange } from './screens/PasswordChange';
export { PasswordChangeComplete } from './screens/PasswordChangeComplete';
export { SignInSecurity } from './screens/SignInSecurity';
export { Privacy } from './screens/Privacy';

export * as schemas from './validation/schemas';
export * as errorCatalogue from './failures/catalogue';
