/** Placeholder of the run-page route, replaced by its feature's page. */

/** The page of this route. */
export function Page() {
  return <h1>run-page</h1>;
}
