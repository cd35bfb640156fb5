/** Placeholder of the sign-in-page route, replaced by its feature's page. */

/** The page of this route. */
export function Page() {
  return <h1>sign-in-page</h1>;
}
