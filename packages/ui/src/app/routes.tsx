/**
 * Every page of the app and its URL. Pages load lazily (the builder and its editors are the bulk
 * of the code), so the first load carries the shell and the page asked for. URLs follow the
 * reference platform's (`/projects/:projectId/flows/:flowId`, `/runs/:runId`...); `/flows`,
 * `/runs`, `/connections`, `/flows/:flowId` and `/runs/:runId` open the current project's page, as
 * embedding hosts navigate to them.
 *
 * The public form and chat pages (`/forms/:flowId`, `/chats/:flowId`) may be framed by any site,
 * so a document opened at one of them gets a router of those two pages only: any other URL there
 * is "not found", never a page of the app.
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

const HUMAN_INPUT_PAGES: RouteObject[] = [
  { path: '/forms/:flowId', ...page(() => import('../features/human-input/form-page')) },
  { path: '/chats/:flowId', ...page(() => import('../features/human-input/chat-page')) },
];

/** Whether `pathname` is a public form or chat page (its document gets {@link HUMAN_INPUT_ROUTES}). */
export function isHumanInputPath(pathname: string): boolean {
  return /^\/(forms|chats)\//.test(pathname);
}

/** The route table of a document opened at a form or chat page: those pages, else "not found". */
export const HUMAN_INPUT_ROUTES: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [...HUMAN_INPUT_PAGES, { path: '*', element: <NotFoundPage standalone /> }],
  },
];

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
      // Public, outside the shell: a form or a chat opened from a link inside the app.
      ...HUMAN_INPUT_PAGES,
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
                path: '/projects/:projectId/stuck-runs',
                ...page(() => import('../features/runs/stuck-runs-page')),
              },
              {
                path: '/projects/:projectId/storage',
                ...page(() => import('../features/runs/storage-page')),
              },
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
                path: '/projects/:projectId/git-sync',
                ...page(() => import('../features/git-sync/git-sync-page')),
              },
              {
                path: '/projects/:projectId/templates',
                ...page(() => import('../features/templates/templates-page')),
              },
              {
                path: '/projects/:projectId/impact',
                ...page(() => import('../features/impact/impact-page')),
              },
              {
                path: '/projects/:projectId/members',
                ...page(() => import('../features/settings/members-page')),
              },
              {
                path: '/projects/:projectId/alerts',
                ...page(() => import('../features/alerts/alerts-page')),
              },
              { path: '/account', ...page(() => import('../features/account/account-page')) },
              { path: '/platform/users', ...page(() => import('../features/settings/users-page')) },
              { path: '/platform/api-keys', ...page(() => import('../features/settings/api-keys-page')) },
              { path: '/platform/impact', ...page(() => import('../features/impact/platform-impact-page')) },
              { path: '/platform/audit-log', ...page(() => import('../features/settings/audit-log-page')) },
              { path: '/platform/embedding', ...page(() => import('../features/settings/embedding-page')) },
              { path: '/platform/pieces', ...page(() => import('../features/pieces/pieces-page')) },
              {
                path: '/platform/event-destinations',
                ...page(() => import('../features/event-destinations/event-destinations-page')),
              },
              {
                path: '/platform/event-destinations/:destinationId',
                ...page(() => import('../features/event-destinations/event-destination-page')),
              },
              {
                path: '/platform/global-connections',
                ...page(() => import('../features/global-connections/global-connections-page')),
              },
              { path: '/platform/plan', ...page(() => import('../features/platform-plan/plan-page')) },
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

/** The browser router of the document: the app's, or the form and chat pages' alone. */
export function createAppRouter() {
  return createBrowserRouter(isHumanInputPath(window.location.pathname) ? HUMAN_INPUT_ROUTES : APP_ROUTES);
}
