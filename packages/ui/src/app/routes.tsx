/**
 * Every page of the app and its URL. Pages load lazily (the builder and its editors are the bulk
 * of the code), so the first load carries the shell and the page asked for. URLs follow the
 * reference platform's (`/projects/:projectId/flows/:flowId`, `/runs/:runId`...); `/flows`,
 * `/runs`, `/connections`, `/flows/:flowId` and `/runs/:runId` open the current project's page, as
 * embedding hosts navigate to them.
 */
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppShell } from './app-shell';
import { HomeRedirect, ProjectItemRedirect, ProjectRedirect } from './project-redirect';
import { RequireSession } from './require-session';
import { NotFoundPage } from './not-found-page';
import { RouteError } from './route-error';

/** A route whose page module loads on first visit; `load` answers `{ Page }`. */
function page(load: () => Promise<{ Page: React.ComponentType }>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: (await load()).Page }) };
}

/** The route table (exported for tests of the URL scheme). */
export const APP_ROUTES: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      { path: '/sign-in', ...page(() => import('../features/auth/sign-in-page')) },
      { path: '/sign-up', ...page(() => import('../features/auth/sign-up-page')) },
      { path: '/forgot-password', ...page(() => import('../features/auth/forgot-password-page')) },
      { path: '/reset-password', ...page(() => import('../features/auth/reset-password-page')) },
      { path: '/verify-email', ...page(() => import('../features/auth/verify-email-page')) },
      { path: '/invitation', ...page(() => import('../features/auth/accept-invitation-page')) },
      // Where Google sign-in (and OAuth2 consent popups) come back: the server's redirect URL.
      { path: '/redirect', ...page(() => import('../features/auth/redirect-page')) },
      {
        element: <RequireSession />,
        children: [
          { path: '/', element: <HomeRedirect /> },
          { path: '/flows', element: <ProjectRedirect to="flows" /> },
          { path: '/runs', element: <ProjectRedirect to="runs" /> },
          { path: '/connections', element: <ProjectRedirect to="connections" /> },
          { path: '/flows/:itemId', element: <ProjectItemRedirect section="flows" /> },
          { path: '/runs/:itemId', element: <ProjectItemRedirect section="runs" /> },
          // The consent to an MCP client's OAuth request: a card like the sign-in page's.
          { path: '/mcp-authorize', ...page(() => import('../features/mcp/mcp-authorize-page')) },
          // The builder fills the window: no side bar.
          {
            path: '/projects/:projectId/flows/:flowId',
            ...page(() => import('../features/builder/builder-page')),
          },
          {
            element: <AppShell />,
            children: [
              { path: '/projects/:projectId', element: <Navigate to="flows" replace /> },
              { path: '/projects/:projectId/flows', ...page(() => import('../features/flows/flows-page')) },
              { path: '/projects/:projectId/runs', ...page(() => import('../features/runs/runs-page')) },
              {
                path: '/projects/:projectId/runs/:runId',
                ...page(() => import('../features/runs/run-page')),
              },
              {
                path: '/projects/:projectId/connections',
                ...page(() => import('../features/settings/connections-page')),
              },
              { path: '/projects/:projectId/mcp', ...page(() => import('../features/mcp/mcp-page')) },
              {
                path: '/projects/:projectId/tables',
                ...page(() => import('../features/tables/tables-page')),
              },
              {
                path: '/projects/:projectId/tables/:tableId',
                ...page(() => import('../features/tables/table-page')),
              },
              {
                path: '/projects/:projectId/releases',
                ...page(() => import('../features/releases/releases-page')),
              },
              {
                path: '/projects/:projectId/templates',
                ...page(() => import('../features/templates/templates-page')),
              },
              {
                path: '/projects/:projectId/members',
                ...page(() => import('../features/settings/members-page')),
              },
              { path: '/platform/users', ...page(() => import('../features/settings/users-page')) },
              { path: '/platform/api-keys', ...page(() => import('../features/settings/api-keys-page')) },
              { path: '/platform/audit-log', ...page(() => import('../features/settings/audit-log-page')) },
              { path: '/platform/embedding', ...page(() => import('../features/settings/embedding-page')) },
              { path: '/platform/pieces', ...page(() => import('../features/pieces/pieces-page')) },
              {
                path: '/platform/ai-providers',
                ...page(() => import('../features/ai-providers/ai-providers-page')),
              },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

/** The browser router of the app. */
export function createAppRouter() {
  return createBrowserRouter(APP_ROUTES);
}
