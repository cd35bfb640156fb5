/** Placeholder of the verify-email-page route, replaced by its feature's page. */

/** The page of this route. */
export function Page() {
  return <h1>verify-email-page</h1>;
}
