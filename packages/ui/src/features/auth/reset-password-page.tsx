/** Placeholder of the reset-password-page route, replaced by its feature's page. */

/** The page of this route. */
export function Page() {
  return <h1>reset-password-page</h1>;
}
