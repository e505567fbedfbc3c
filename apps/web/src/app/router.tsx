import { createBrowserRouter, RouterProvider } from 'react-router';
import type { DataRouter, RouteObject } from 'react-router';
import { WEB_ROUTES } from '@recovery-portal/contract/paths';
import { AppLayout } from './layout/app-layout';
import { RouteError } from './layout/route-error';
import { RouteLoading } from './layout/route-loading';
import {
  GUARDED_ROUTE_IDS,
  redirectSignedInUser,
  RequireSession,
  requireRole,
  requireSignedIn,
  STAFF_ROUTE_ID,
  useRedirectWhenSessionEnds,
} from './route-guards';

/**
 * Every screen is its own lazily loaded chunk (DESIGN §7), so /login does not pay for the
 * clinician screens. Routes are listed here explicitly; there is no file-system routing.
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      Component: AppLayout,
      HydrateFallback: RouteLoading,
      children: [
        {
          // Inside the layout, so an error page keeps the header.
          ErrorBoundary: RouteError,
          children: [
            {
              path: WEB_ROUTES.login,
              loader: redirectSignedInUser,
              lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }),
            },
            {
              path: WEB_ROUTES.resetPassword,
              lazy: async () => ({
                Component: (await import('./routes/reset-password')).ResetPasswordRoute,
              }),
            },
            {
              path: WEB_ROUTES.howToDeleteAccount,
              lazy: async () => ({
                Component: (await import('./routes/how-to-delete-account')).HowToDeleteAccountRoute,
              }),
            },
            {
              path: WEB_ROUTES.privacyPolicy,
              lazy: async () => ({
                Component: (await import('./routes/privacy-policy')).PrivacyPolicyRoute,
              }),
            },
            {
              path: WEB_ROUTES.unauthorized,
              lazy: async () => ({
                Component: (await import('./routes/unauthorized')).UnauthorizedRoute,
              }),
            },
            {
              id: GUARDED_ROUTE_IDS.CLINICIAN,
              loader: requireRole('CLINICIAN'),
              Component: RequireSession,
              children: [
                {
                  index: true,
                  lazy: async () => ({
                    Component: (await import('./routes/participants')).ParticipantsRoute,
                  }),
                },
                {
                  path: WEB_ROUTES.participants,
                  lazy: async () => ({
                    Component: (await import('./routes/participants')).ParticipantsRoute,
                  }),
                },
                {
                  path: `${WEB_ROUTES.participantDetails}/:patientId`,
                  lazy: async () => ({
                    Component: (await import('./routes/participant-details'))
                      .ParticipantDetailsRoute,
                  }),
                },
                {
                  path: WEB_ROUTES.nudges,
                  lazy: async () => ({
                    Component: (await import('./routes/nudges')).NudgesRoute,
                  }),
                },
                {
                  path: `${WEB_ROUTES.nudgeDetails}/:id`,
                  lazy: async () => ({
                    Component: (await import('./routes/nudge-details')).NudgeDetailsRoute,
                  }),
                },
                {
                  path: WEB_ROUTES.coach,
                  lazy: async () => ({ Component: (await import('./routes/coach')).CoachRoute }),
                },
                {
                  path: WEB_ROUTES.flags,
                  lazy: async () => ({ Component: (await import('./routes/flags')).FlagsRoute }),
                },
                {
                  path: WEB_ROUTES.outcomes,
                  lazy: async () => ({
                    Component: (await import('./routes/outcomes')).OutcomesRoute,
                  }),
                },
                {
                  path: WEB_ROUTES.myTasks,
                  lazy: async () => ({
                    Component: (await import('./routes/my-tasks')).MyTasksRoute,
                  }),
                },
              ],
            },
            {
              id: GUARDED_ROUTE_IDS.ADMINISTRATOR,
              loader: requireRole('ADMINISTRATOR'),
              Component: RequireSession,
              children: [
                {
                  path: WEB_ROUTES.adminHome,
                  lazy: async () => ({
                    Component: (await import('./routes/admin-home')).AdminHomeRoute,
                  }),
                },
                {
                  path: WEB_ROUTES.auditLog,
                  lazy: async () => ({
                    Component: (await import('./routes/audit-log')).AuditLogRoute,
                  }),
                },
                {
                  path: WEB_ROUTES.fhirClients,
                  lazy: async () => ({
                    Component: (await import('./routes/fhir-clients')).FhirClientsRoute,
                  }),
                },
              ],
            },
            {
              id: STAFF_ROUTE_ID,
              loader: requireSignedIn,
              Component: RequireSession,
              children: [
                {
                  path: WEB_ROUTES.apiDocs,
                  lazy: async () => ({
                    Component: (await import('./routes/api-docs')).ApiDocsRoute,
                  }),
                },
              ],
            },
            {
              path: '*',
              lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(): DataRouter {
  return createBrowserRouter(createRoutes());
}

/** The router plus the one behaviour that needs the router object itself. */
export function AppRouter({ router }: { router: DataRouter }) {
  useRedirectWhenSessionEnds(router);
  return <RouterProvider router={router} />;
}
