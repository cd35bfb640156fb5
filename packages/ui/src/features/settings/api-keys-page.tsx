/** Placeholder of the api-keys-page route, replaced by its feature's page. */

/** The page of this route. */
export function Page() {
  return <h1>api-keys-page</h1>;
}
