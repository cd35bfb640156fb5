/** The page of a URL the app does not know. */
import { Link } from 'react-router';

/**
 * "Page not found", with a way back to the app; `standalone` leaves the way back out (a public
 * form or chat page's document, which must not lead into the app).
 */
export function NotFoundPage({ standalone = false }: { standalone?: boolean }) {
  return (
    <main className="page narrow">
      <h1>Page not found</h1>
      <p>Nothing lives at this address.</p>
      {standalone ? null : <Link to="/">Back to your flows</Link>}
    </main>
  );
}
