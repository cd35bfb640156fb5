/**
 * The one sequence every call of an endpoint goes through, over HTTP or in-process: validate each
 * part with the endpoint's schemas, run the one access check, run the handler. `build-http-app.ts`
 * runs it for each request; {@link invokeRoute} runs it for callers inside the server (the MCP
 * tools), so they get exactly the validation, permissions and services of the REST API.
 *
 * @example
 * ```ts
 * const page = await invokeRoute(routes, ENDPOINTS.flows.list, {
 *   principal,
 *   query: { projectId },
 *   authorize: (access, who, parts) => authorizeAccess(ctx, access, who, parts),
 *   request,
 * });
 * ```
 */
import type { EndpointAccess, EndpointInput, EndpointOutput } from '@piecework/shared';
import type { AccessParts } from './access-parts';
import type { Principal } from '../auth/principal';
import type { ProjectRow } from '../storage/rows/identity-rows';
import type { RequestMeta, RouteDefinition } from './route';
import { validatePart } from './validate-part';

/** The one access check, as the app and in-process callers are given it. */
export type AuthorizeAccess = (
  access: EndpointAccess,
  principal: Principal | null,
  parts: AccessParts,
) => Promise<ProjectRow | undefined>;

/** One call of a route: the caller and the request's parts, not yet validated. */
export interface RouteCall {
  readonly principal: Principal | null;
  readonly params: unknown;
  readonly query: unknown;
  /** The parsed JSON body, or the raw bytes of a raw-body route. */
  readonly body: unknown;
}

/** What {@link runRoute} needs besides the call. */
export interface RunRouteOptions {
  readonly authorize: AuthorizeAccess;
  /** The request's facts for the handler, given the validated parts (logs name their ids). */
  readonly requestMeta: (parts: AccessParts) => RequestMeta;
}

/**
 * Validates `call`'s parts with `route`'s schemas (a raw-body route takes its bytes as they are),
 * runs the access check and the handler, and answers what the handler answered. A part that does
 * not validate is 400 VALIDATION; a denied call is what `authorize` throws; neither runs the handler.
 */
export async function runRoute(
  route: RouteDefinition,
  call: RouteCall,
  options: RunRouteOptions,
): Promise<unknown> {
  const { endpoint } = route;
  const params = validatePart(endpoint.params, call.params, 'path parameter');
  const query = validatePart(endpoint.query, call.query ?? {}, 'query parameter');
  const body =
    route.rawBody === undefined
      ? validatePart(endpoint.body, route.prepareBody?.(call.body) ?? call.body, 'body')
      : Buffer.isBuffer(call.body)
        ? call.body
        : Buffer.alloc(0);
  const parts = { params, query, body };
  const request = options.requestMeta(parts);
  const project = await options.authorize(endpoint.access, call.principal, parts);
  return route.handler({ ...parts, principal: call.principal, project, request });
}

/** An endpoint declaration as {@link invokeRoute} takes it (any of `ENDPOINTS`). */
interface InvokableEndpoint {
  readonly operationId: string;
  readonly params: unknown;
  readonly query: unknown;
  readonly body: unknown;
  readonly response: unknown;
}

/** The input of {@link invokeRoute}: the caller, the parts the endpoint declares, the check and the request's facts. */
export interface InvokeRouteInput<E extends InvokableEndpoint> {
  readonly principal: Principal;
  readonly params?: EndpointInput<E['params']>;
  readonly query?: EndpointInput<E['query']>;
  readonly body?: EndpointInput<E['body']>;
  readonly authorize: AuthorizeAccess;
  readonly request: RequestMeta;
}

/**
 * Calls `endpoint` in-process as `input.principal`, through the same validation, access check and
 * handler as over HTTP, and answers the handler's result. Throws what the call throws (a
 * PieceworkError for validation, permission and not-found answers), and an Error when no route
 * of `routes` serves `endpoint`.
 */
export async function invokeRoute<E extends InvokableEndpoint>(
  routes: readonly RouteDefinition[],
  endpoint: E,
  input: InvokeRouteInput<E>,
): Promise<EndpointOutput<E['response']>> {
  const route = routes.find((candidate) => candidate.endpoint.operationId === endpoint.operationId);
  if (route === undefined) throw new Error(`No route serves ${endpoint.operationId}`);
  const result = await runRoute(
    route,
    { principal: input.principal, params: input.params, query: input.query, body: input.body },
    { authorize: input.authorize, requestMeta: () => input.request },
  );
  return result as EndpointOutput<E['response']>;
}
