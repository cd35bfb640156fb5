/** Placeholder of the flows-page route, replaced by its feature's page. */

/** The page of this route. */
export function Page() {
  return <h1>flows-page</h1>;
}
