/** Placeholder of the accept-invitation-page route, replaced by its feature's page. */

/** The page of this route. */
export function Page() {
  return <h1>accept-invitation-page</h1>;
}
