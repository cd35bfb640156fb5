/** Placeholder of the builder-page route, replaced by its feature's page. */

/** The page of this route. */
export function Page() {
  return <h1>builder-page</h1>;
}
