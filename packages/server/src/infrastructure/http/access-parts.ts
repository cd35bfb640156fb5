/**
 * The validated parts of a request (path parameters, query, body) that the access check reads the
 * project of a call from.
 */
export interface AccessParts {
  readonly params: unknown;
  readonly query: unknown;
  readonly body: unknown;
}
