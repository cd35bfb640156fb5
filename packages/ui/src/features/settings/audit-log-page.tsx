/** Placeholder of the audit-log-page route, replaced by its feature's page. */

/** The page of this route. */
export function Page() {
  return <h1>audit-log-page</h1>;
}
