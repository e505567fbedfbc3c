import {
  lazy,
  Suspense,
  type ComponentType,
  useLayoutEffect,
  useState,
  useTransition,
} from 'react';
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
 * clinician screens: loaded on first render, the screen picked out of its module. Routes are
 * listed here explicitly; there is no file-system routing.
 */
function lazyScreen<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return lazy(async () => ({ default: pick(await load()) }));
}

const LoginRoute = lazyScreen(
  () => import('./routes/login'),
  (screen) => screen.LoginRoute,
);
const ResetPasswordRoute = lazyScreen(
  () => import('./routes/reset-password'),
  (screen) => screen.ResetPasswordRoute,
);
const HowToDeleteAccountRoute = lazyScreen(
  () => import('./routes/how-to-delete-account'),
  (screen) => screen.HowToDeleteAccountRoute,
);
const PrivacyPolicyRoute = lazyScreen(
  () => import('./routes/privacy-policy'),
  (screen) => screen.PrivacyPolicyRoute,
);
const UnauthorizedRoute = lazyScreen(
  () => import('./routes/unauthorized'),
  (screen) => screen.UnauthorizedRoute,
);
const ParticipantsRoute = lazyScreen(
  () => import('./routes/participants'),
  (screen) => screen.ParticipantsRoute,
);
const ParticipantDetailsRoute = lazyScreen(
  () => import('./routes/participant-details'),
  (screen) => screen.ParticipantDetailsRoute,
);
const NudgesRoute = lazyScreen(
  () => import('./routes/nudges'),
  (screen) => screen.NudgesRoute,
);
const NudgeDetailsRoute = lazyScreen(
  () => import('./routes/nudge-details'),
  (screen) => screen.NudgeDetailsRoute,
);
const CoachRoute = lazyScreen(
  () => import('./routes/coach'),
  (screen) => screen.CoachRoute,
);
const FlagsRoute = lazyScreen(
  () => import('./routes/flags'),
  (screen) => screen.FlagsRoute,
);
const OutcomesRoute = lazyScreen(
  () => import('./routes/outcomes'),
  (screen) => screen.OutcomesRoute,
);
const MyTasksRoute = lazyScreen(
  () => import('./routes/my-tasks'),
  (screen) => screen.MyTasksRoute,
);
const AdminHomeRoute = lazyScreen(
  () => import('./routes/admin-home'),
  (screen) => screen.AdminHomeRoute,
);
const AuditLogRoute = lazyScreen(
  () => import('./routes/audit-log'),
  (screen) => screen.AuditLogRoute,
);
const FhirClientsRoute = lazyScreen(
  () => import('./routes/fhir-clients'),
  (screen) => screen.FhirClientsRoute,
);
const ApiDocsRoute = lazyScreen(
  () => import('./routes/api-docs'),
  (screen) => screen.ApiDocsRoute,
);
const NotFoundRoute = lazyScreen(
  () => import('./routes/not-found'),
  (screen) => screen.NotFoundRoute,
);

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
