/** Placeholder of the connections-page route, replaced by its feature's page. */

/** The page of this route. */
export function Page() {
  return <h1>connections-page</h1>;
}
