/** Placeholder of the runs-page route, replaced by its feature's page. */

/** The page of this route. */
export function Page() {
  return <h1>runs-page</h1>;
}
