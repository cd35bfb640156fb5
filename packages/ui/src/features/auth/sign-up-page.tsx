/** Placeholder of the sign-up-page route, replaced by its feature's page. */

/** The page of this route. */
export function Page() {
  return <h1>sign-up-page</h1>;
}
