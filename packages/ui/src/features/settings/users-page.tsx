/** Placeholder of the users-page route, replaced by its feature's page. */

/** The page of this route. */
export function Page() {
  return <h1>users-page</h1>;
}
