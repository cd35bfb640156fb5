/** Placeholder of the members-page route, replaced by its feature's page. */

/** The page of this route. */
export function Page() {
  return <h1>members-page</h1>;
}
