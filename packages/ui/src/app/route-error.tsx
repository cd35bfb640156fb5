/** What a route shows when its page failed to load or threw while rendering. */
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { errorMessage } from '../api/error-message';

/** The error boundary of every route. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${String(error.status)} ${error.statusText}`
    : errorMessage(error);
  return (
    <main className="page narrow" role="alert">
      <h1>Something went wrong</h1>
      <p>{message}</p>
      <button type="button" className="btn" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </main>
  );
}
