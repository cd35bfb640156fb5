/**
 * `@piecework/client`: the typed client of the Piecework REST API, for Node 20+ and browsers
 * (built on ky; only `fetch`, `URL` and `Headers`). One method per endpoint of `ENDPOINTS`
 * (`@piecework/shared`), grouped by area; arguments are the endpoints' schema inputs, results
 * their parsed outputs, so a change of the contract is a type error here.
 *
 * - Arguments: the `:id` first, then the body (POST) or the query (GET).
 * - Listings answer `{data, next, previous}`; {@link paginate} and {@link items} follow the cursors.
 * - Non-2xx answers throw {@link ApiError} (check with {@link isApiError}); network failures and
 *   timeouts propagate as fetch and ky throw them (`TypeError`, ky's `TimeoutError`).
 * - GET is retried on 408, 429, 5xx and network failures (2 times by default); nothing else is.
 *
 * @example
 * ```ts
 * import { createPieceworkClient, isApiError, items } from '@piecework/client';
 *
 * const anonymous = createPieceworkClient({ baseUrl: 'http://localhost:3000' });
 * const session = await anonymous.authentication.signUp({ email, password, firstName, lastName });
 * const client = anonymous.withToken(session.token);
 * const flow = await client.flows.create({ projectId, displayName: 'Welcome email' });
 * await client.flows.update(flow.id, { type: 'CHANGE_NAME', request: { displayName: 'Welcome' } });
 * for await (const each of items(client.flows.list, { projectId })) console.log(each.version.displayName);
 * const found = await client.flows.get(flowId).catch((e) => {
 *   if (isApiError(e, 'ENTITY_NOT_FOUND')) return null;
 *   throw e;
 * });
 * ```
 * @module
 */
export { ApiError, isApiError } from './api-error';
export type { ApiErrorCode, ApiErrorInit } from './api-error';
export type { CallInput, CallInputArgs } from './call-endpoint';
export type { PieceworkClientOptions, RetryOptions } from './client-options';
export { createPieceworkClient } from './create-client';
export type { PieceworkApi, PieceworkClient } from './create-client';
export type { EndpointArgs, EndpointMethod, ParamsArg } from './endpoint-method';
export { CLIENT_OPERATIONS } from './operations';
export type { ClientOperation, Endpoints } from './operations';
export { items, paginate } from './pagination';
export type { CursorQuery, ListMethod, ListQueryArgs } from './pagination';
export type { EndpointResult } from './read-answer';
export { ResponseValidationError } from './response-validation-error';
export { streamHumanInput } from './stream-human-input';
export type { HumanInputSubmission } from './stream-human-input';
export type { ResponseValidationErrorInit } from './response-validation-error';
