import {
  applicationHandlers,
  applicationStore,
  closedPeriods,
  exampleApplication,
  exampleApplications,
  exampleDocuments,
  examplePeriods,
  MOCK_NOW,
  refusalByFileName,
  summaryOf,
  type ApplicationStoreOptions,
} from './handlers/applications';
import {
  consentHandlers,
  consentStore,
  exampleConsentRequests,
  type ConsentStoreOptions,
} from './handlers/consent';
import { emailChangeAfterConfirmation, emailChangeHandlers } from './handlers/emailChange';
import { passwordChangeAfterConfirmation, passwordHandlers } from './handlers/password';
import { passwordResetHandlers } from './handlers/passwordReset';
import { maintenanceHandlers } from './handlers/maintenance';
import { examplePlan, planHandlers, planStore } from './handlers/plan';
import { referenceDataHandlers } from './handlers/referenceData';
import { registrationHandlers } from './handlers/registrations';
import {
  examplePasskeys,
  exampleRecoveryCodes,
  exampleSetup,
  MOCK_PASSWORD,
  MOCK_TOTP_CODE,
  recentSignIn,
  securityHandlers,
  securityStore,
  type SecurityState,
} from './handlers/security';
import { mockSecondStep, sessionHandlers } from './handlers/sessions';
import { accountDeletion, accountDeletionSucceeds } from './handlers/accountDeletion';

export { http, never, networkError, problem, rateLimited } from './http';
export { schemaExamples, problemExamples } from '../generated/examples';
export {
  accountDeletion,
  accountDeletionSucceeds,
  applicationHandlers,
  applicationStore,
  closedPeriods,
  exampleApplication,
  exampleApplications,
  exampleDocuments,
  examplePeriods,
  MOCK_NOW,
  refusalByFileName,
  summaryOf,
  type ApplicationStoreOptions,
  consentHandlers,
  consentStore,
  exampleConsentRequests,
  type ConsentStoreOptions,
  emailChangeAfterConfirmation,
  emailChangeHandlers,
  examplePlan,
  maintenanceHandlers,
  mockSecondStep,
  passwordChangeAfterConfirmation,
  passwordHandlers,
  passwordResetHandlers,
  planHandlers,
  recentSignIn,
  planStore,
  referenceDataHandlers,
  registrationHandlers,
  sessionHandlers,
  examplePasskeys,
  exampleRecoveryCodes,
  exampleSetup,
  MOCK_PASSWORD,
  MOCK_TOTP_CODE,
  securityHandlers,
  securityStore,
  type SecurityState,
};

/**
 * The happy path of every resource with a signed-out visitor: the default set for Storybook and tests.
 * A story overrides one resource by putting its own handler first (`parameters.msw.handlers`).
 */
export const handlers = [
  sessionHandlers.signedOut,
  sessionHandlers.signInSucceeds,
  sessionHandlers.signOutSucceeds,
  sessionHandlers.finishSignInChecksCode,
  sessionHandlers.passkeyOptions,
  sessionHandlers.passkeySignInSucceeds,
  registrationHandlers.requestSucceeds,
  registrationHandlers.tokenValid,
  registrationHandlers.finishSucceeds,
  registrationHandlers.renewSucceeds,
  passwordResetHandlers.requestSucceeds,
  passwordResetHandlers.tokenValid,
  passwordResetHandlers.finishSucceeds,
  passwordResetHandlers.renewSucceeds,
  emailChangeHandlers.requestSucceeds,
  emailChangeHandlers.activateSucceeds,
  passwordHandlers.changeSucceeds,
  planHandlers.readEmpty,
  planHandlers.saveSucceeds,
  maintenanceHandlers.none,
  securityHandlers.listEmpty,
  securityHandlers.appOff,
  accountDeletionSucceeds,
  applicationHandlers.periodsOpen,
  applicationHandlers.listEmpty,
  // An application's screen reads its consent: by default its programme option does not require it.
  consentHandlers.notRequired,
  ...Object.values(referenceDataHandlers),
];
