import type { MessageId } from '@pre-admission/i18n';
import { heading, paragraph, Link } from '@pre-admission/ui';
import { useIntl } from 'react-intl';
import { Route, Routes } from 'react-router-dom';
import { DeskLayout } from '../layout/DeskLayout';
import { SecondFactorSetup } from '../signIn/SecondFactorSetup';
import { StaffSecondStep } from '../signIn/StaffSecondStep';
import { StaffInvitation } from '../signIn/StaffInvitation';
import { StaffSignIn } from '../signIn/StaffSignIn';
import { ApplicationPage } from '../applications/ApplicationPage';
import { ApplicationsPage } from '../applications/ApplicationsPage';
import { ConsentRequestPage } from '../consent/ConsentRequestPage';
import { ConsentRequestsPage } from '../consent/ConsentRequestsPage';
import { MailSettingsPage } from '../settings/MailSettingsPage';
import { Home, RequireOnboarding, RequireStaff, SignedOutOnly } from './gates';
import { deskPaths, routePath } from './paths';

function NotFound() {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'desk.console.notFound.title' });
  return (
    <DeskLayout title={title} width="narrow">
      <h1 className={heading}>{title}</h1>
      <p className={paragraph}>{intl.formatMessage({ id: 'desk.console.notFound.body' })}</p>
      <Link href={deskPaths.applications}>{intl.formatMessage({ id: 'desk.console.nav.applications' })}</Link>
    </DeskLayout>
  );
}

/** The console's routes, under `BASE_PATH/desk/` (apps/desk/README.md). */
export function DeskRoutes() {
  const intl = useIntl();
  const page = (id: MessageId) => intl.formatMessage({ id });
  return (
    <Routes>
      <Route index element={<Home />} />
      <Route
        path={routePath(deskPaths.signIn)}
        element={
          <DeskLayout title={page('desk.signIn.title')} width="narrow">
            <SignedOutOnly>
              <StaffSignIn />
            </SignedOutOnly>
          </DeskLayout>
        }
      />
      <Route
        path={routePath(deskPaths.secondStep)}
        element={
          <DeskLayout title={page('desk.secondStep.title')} width="narrow">
            <SignedOutOnly step>
              <StaffSecondStep />
            </SignedOutOnly>
          </DeskLayout>
        }
      />
      <Route
        path={routePath(deskPaths.invitation)}
        element={
          <DeskLayout title={page('desk.invitation.title')} width="narrow">
            <StaffInvitation />
          </DeskLayout>
        }
      />
      <Route
        path={routePath(deskPaths.secondFactor)}
        element={
          <DeskLayout title={page('desk.secondFactor.title')} width="narrow">
            <RequireOnboarding>
              <SecondFactorSetup />
            </RequireOnboarding>
          </DeskLayout>
        }
      />
      <Route
        path={routePath(deskPaths.applications)}
        element={
          <DeskLayout title={page('desk.list.title')}>
            <RequireStaff>
              <ApplicationsPage />
            </RequireStaff>
          </DeskLayout>
        }
      />
      <Route
        path={routePath(deskPaths.application)}
        element={
          <DeskLayout title={page('desk.console.nav.applications')}>
            <RequireStaff>
              <ApplicationPage />
            </RequireStaff>
          </DeskLayout>
        }
      />
      <Route
        path={routePath(deskPaths.consent)}
        element={
          <DeskLayout title={page('desk.consent.title')}>
            <RequireStaff>
              <ConsentRequestsPage />
            </RequireStaff>
          </DeskLayout>
        }
      />
      <Route
        path={routePath(deskPaths.consentRequest)}
        element={
          <DeskLayout title={page('desk.consent.title')}>
            <RequireStaff>
              <ConsentRequestPage />
            </RequireStaff>
          </DeskLayout>
        }
      />
      <Route
        path={routePath(deskPaths.settings)}
        element={
          <DeskLayout title={page('desk.settings.title')} width="narrow">
            <RequireStaff>
              <MailSettingsPage />
            </RequireStaff>
          </DeskLayout>
        }
      />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
