import { lazy, Suspense, useLayoutEffect, useState, useTransition } from 'react';
import { Route, Router, Routes, UNSAFE_createBrowserHistory } from 'react-router';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import { AppLayout } from './layout/app-layout';
import { RouteLoading } from './layout/route-loading';
import { NavigationPendingContext } from './navigation-pending';
import { RedirectSignedInUser, RequireRole } from './route-guards';

/** The browser's history, or a memory one in tests: what the portal's router moves through. */
export type PortalHistory = ReturnType<typeof UNSAFE_createBrowserHistory>;

export function createPortalHistory(): PortalHistory {
  return UNSAFE_createBrowserHistory({ v5Compat: true });
}

/**
 * Every screen is its own lazily loaded chunk (DESIGN §7), so /login does not pay for the
 * clinician screens. Routes are listed here explicitly; there is no file-system routing.
 */
const LoginRoute = lazy(async () => ({ default: (await import('./routes/login')).LoginRoute }));
const ResetPasswordRoute = lazy(async () => ({
  default: (await import('./routes/reset-password')).ResetPasswordRoute,
}));
const HowToDeleteAccountRoute = lazy(async () => ({
  default: (await import('./routes/how-to-delete-account')).HowToDeleteAccountRoute,
}));
const PrivacyPolicyRoute = lazy(async () => ({
  default: (await import('./routes/privacy-policy')).PrivacyPolicyRoute,
}));
const UnauthorizedRoute = lazy(async () => ({
  default: (await import('./routes/unauthorized')).UnauthorizedRoute,
}));
const ParticipantsRoute = lazy(async () => ({
  default: (await import('./routes/participants')).ParticipantsRoute,
}));
const ParticipantDetailsRoute = lazy(async () => ({
  default: (await import('./routes/participant-details')).ParticipantDetailsRoute,
}));
const NudgesRoute = lazy(async () => ({ default: (await import('./routes/nudges')).NudgesRoute }));
const NudgeDetailsRoute = lazy(async () => ({
  default: (await import('./routes/nudge-details')).NudgeDetailsRoute,
}));
const CoachRoute = lazy(async () => ({ default: (await import('./routes/coach')).CoachRoute }));
const FlagsRoute = lazy(async () => ({ default: (await import('./routes/flags')).FlagsRoute }));
const OutcomesRoute = lazy(async () => ({
  default: (await import('./routes/outcomes')).OutcomesRoute,
}));
const MyTasksRoute = lazy(async () => ({
  default: (await import('./routes/my-tasks')).MyTasksRoute,
}));
const AdminHomeRoute = lazy(async () => ({
  default: (await import('./routes/admin-home')).AdminHomeRoute,
}));
const AuditLogRoute = lazy(async () => ({
  default: (await import('./routes/audit-log')).AuditLogRoute,
}));
const FhirClientsRoute = lazy(async () => ({
  default: (await import('./routes/fhir-clients')).FhirClientsRoute,
}));
const ApiDocsRoute = lazy(async () => ({
  default: (await import('./routes/api-docs')).ApiDocsRoute,
}));
const NotFoundRoute = lazy(async () => ({
  default: (await import('./routes/not-found')).NotFoundRoute,
}));

function PortalRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route element={<RedirectSignedInUser />}>
          <Route path={WEB_ROUTES.login} element={<LoginRoute />} />
        </Route>
        <Route path={WEB_ROUTES.resetPassword} element={<ResetPasswordRoute />} />
        <Route path={WEB_ROUTES.howToDeleteAccount} element={<HowToDeleteAccountRoute />} />
        <Route path={WEB_ROUTES.privacyPolicy} element={<PrivacyPolicyRoute />} />
        <Route path={WEB_ROUTES.unauthorized} element={<UnauthorizedRoute />} />
        <Route element={<RequireRole key="clinician" role="CLINICIAN" />}>
          <Route index element={<ParticipantsRoute />} />
          <Route path={WEB_ROUTES.participants} element={<ParticipantsRoute />} />
          <Route
            path={`${WEB_ROUTES.participantDetails}/:patientId`}
            element={<ParticipantDetailsRoute />}
          />
          <Route path={WEB_ROUTES.nudges} element={<NudgesRoute />} />
          <Route path={`${WEB_ROUTES.nudgeDetails}/:id`} element={<NudgeDetailsRoute />} />
          <Route path={WEB_ROUTES.coach} element={<CoachRoute />} />
          <Route path={WEB_ROUTES.flags} element={<FlagsRoute />} />
          <Route path={WEB_ROUTES.outcomes} element={<OutcomesRoute />} />
          <Route path={WEB_ROUTES.myTasks} element={<MyTasksRoute />} />
        </Route>
        <Route element={<RequireRole key="administrator" role="ADMINISTRATOR" />}>
          <Route path={WEB_ROUTES.adminHome} element={<AdminHomeRoute />} />
          <Route path={WEB_ROUTES.auditLog} element={<AuditLogRoute />} />
          <Route path={WEB_ROUTES.fhirClients} element={<FhirClientsRoute />} />
        </Route>
        <Route element={<RequireRole key="staff" role={null} />}>
          <Route path={WEB_ROUTES.apiDocs} element={<ApiDocsRoute />} />
        </Route>
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}

/**
 * The portal's router: BrowserRouter's declarative routing (a far smaller part of react-router
 * than its data routers), keeping the one thing it does not tell, whether a navigation still
 * waits for its screen's code. Navigations are transitions, so the screen on show stays (with
 * the layout's loading bar) until the next one is ready; only the first screen shows
 * RouteLoading in place of the whole page while its code loads.
 */
export function AppRouter({ history }: { history: PortalHistory }) {
  const [{ action, location }, setState] = useState({
    action: history.action,
    location: history.location,
  });
  const [pending, startTransition] = useTransition();
  useLayoutEffect(
    () => history.listen((update) => startTransition(() => setState(update))),
    [history],
  );
  return (
    <NavigationPendingContext value={pending}>
      <Router location={location} navigationType={action} navigator={history}>
        <Suspense fallback={<RouteLoading />}>
          <PortalRoutes />
        </Suspense>
      </Router>
    </NavigationPendingContext>
  );
}
