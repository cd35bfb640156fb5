/** Placeholder of the forgot-password-page route, replaced by its feature's page. */

/** The page of this route. */
export function Page() {
  return <h1>forgot-password-page</h1>;
}
