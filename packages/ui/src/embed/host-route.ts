/**
 * The routes the embedding host sees. Inside the app a page lives under its project
 * (`/projects/<id>/flows/<flowId>`); the host knows only Activepieces' project-free
 * form (`/flows/<flowId>`), which the app's `/flows...`, `/runs...` and `/connections` routes open
 * again. Use {@link hostRouteOf} for every `CLIENT_ROUTE_CHANGED` and home-button report.
 */

const PROJECT_PAGE = /^\/projects\/[^/]+(\/.*)?$/;

/** `/projects/p1/flows/f1` + `?step=a` -> `/flows/f1?step=a`; `/projects/p1` -> `/flows`. */
export function hostRouteOf(pathname: string, search = ''): string {
  const match = PROJECT_PAGE.exec(pathname);
  const inner = match === null ? pathname : (match[1] ?? '/flows');
  const path = inner === '/' || inner === '' ? '/flows' : inner;
  return `${path}${search}`;
}
