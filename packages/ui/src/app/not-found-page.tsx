/** The page of a URL the app does not know. */
import { Link } from 'react-router';

/** "Page not found", with a way back. */
export function NotFoundPage() {
  return (
    <main className="page narrow">
      <h1>Page not found</h1>
      <p>Nothing lives at this address.</p>
      <Link to="/">Back to your flows</Link>
    </main>
  );
}
