/**
 * A route is a shared endpoint declaration (`ENDPOINTS.flows.get` from `@piecework/shared`) plus
 * its handler. The declaration registers the Fastify route, validates every request part, and
 * describes the route in OpenAPI; the handler's input and answer are typed by it.
 *
 * @example
 * ```ts
 * route(ENDPOINTS.folders.get, {
 *   logEntity: 'folder',
 *   handler: ({ params, principal }) => folders.get(principal, params.id),
 * });
 * ```
 *
 * {@link rawRoute} binds a handler that takes the body as raw bytes of any content type, with its
 * own size limit (webhooks, resume requests), and may answer with an {@link HttpReply}.
 */
import type { FastifyBaseLogger } from 'fastify';
import type {
  Endpoint,
  EndpointAccess,
  EndpointAuth,
  EndpointInput,
  EndpointOutput,
  ProjectGrant,
} from '@piecework/shared';
import type { z } from 'zod';
import type { Principal } from '../auth/principal';
import type { ProjectRow } from '../storage/rows/identity-rows';
import type { ErrorResponse } from './error-response';
import type { HttpReply } from './http-reply';

/** The entity a route's `:id` names, logged as `<entity>.id` (e.g. `flow.id`). */
export type LogEntity = 'flow' | 'project' | 'folder' | 'connection' | 'flowRun' | 'apiKey' | 'user';

/** Facts of the request beyond its validated parts. */
export interface RequestMeta {
  readonly ip: string;
  readonly requestId: string;
  readonly log: FastifyBaseLogger;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The HTTP method, upper case. */
  readonly method: string;
  /** The query string as parsed (nested with `qs`), before any validation. */
  readonly query: unknown;
  /**
   * Counts this request against the per-IP limit of public submissions (forms and chat pages and
   * their flows' webhooks, AP_HUMAN_INPUT_RATE_LIMIT_*); throws 429 RATE_LIMITED over it. Absent
   * when no limit is set up (in-process calls, a server without rate limits).
   */
  readonly limitPublicSubmission?: () => Promise<void>;
  /**
   * A signal aborted when the client goes away before the answer was sent whole (made on first
   * call, so requests that do not stream pay nothing); absent for in-process calls.
   */
  readonly closedSignal?: () => AbortSignal;
}

/** Whether a route's handler gets a project: always, maybe, or never (see `ProjectGrant`). */
type GrantKind = 'required' | 'optional' | 'none';

/**
 * The project a project-scoped route acts on, loaded and authorized by the one access check
 * (`modules/access/authorize-access.ts`) before the handler runs; typed by the endpoint's declaration.
 */
export type GrantedProject<G extends GrantKind> = G extends 'required'
  ? ProjectRow
  : G extends 'optional'
    ? ProjectRow | undefined
    : undefined;

/** What a handler receives: the validated parts, the caller, its authorized project and the request's facts. */
export interface RouteInput<P, Q, B, A extends EndpointAuth, G extends GrantKind = 'none'> {
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  readonly principal: A extends 'principal' ? Principal : null;
  /** The project the caller was authorized on (see {@link GrantedProject}). */
  readonly project: GrantedProject<G>;
  readonly request: RequestMeta;
}

type AnyEndpoint = Endpoint<
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType | undefined,
  EndpointAuth,
  EndpointAccess
>;

/** The handler of endpoint `E`, typed by its schemas. */
export type RouteHandler<E extends AnyEndpoint> = (
  input: RouteInput<
    EndpointOutput<E['params']>,
    EndpointOutput<E['query']>,
    EndpointOutput<E['body']>,
    E['auth'] extends 'principal' ? 'principal' : 'public',
    ProjectGrant<E['access']>
  >,
) => Promise<E['response'] extends z.ZodType ? EndpointInput<E['response']> : unknown>;

/** An endpoint with its handler, as the app holds it (types erased). */
export interface RouteDefinition {
  readonly endpoint: AnyEndpoint;
  readonly logEntity?: LogEntity | undefined;
  /**
   * Set for raw-body routes: the body reaches the handler as a Buffer, whatever its content type,
   * and a body over `limitBytes` is refused with 413 before it is read whole.
   */
  readonly rawBody?: { readonly limitBytes: number } | undefined;
  /** Rewrites the parsed JSON body before it is validated (an old format into the current one). */
  readonly prepareBody?: ((body: unknown) => unknown) | undefined;
  /**
   * Shapes the route's error answers when they must not be the usual `{code, params}` (SCIM
   * clients read SCIM error messages): given the status and body every error maps to, answers the
   * body to send. Applies to every failure of the route, from authentication to the handler.
   */
  readonly errorBody?: ((answer: ErrorResponse) => unknown) | undefined;
  readonly handler: (
    input: RouteInput<unknown, unknown, unknown, EndpointAuth, GrantKind>,
  ) => Promise<unknown>;
}

/** Binds a handler to an endpoint declaration. */
export function route<E extends AnyEndpoint>(
  endpoint: E,
  options: {
    logEntity?: LogEntity;
    prepareBody?: (body: unknown) => unknown;
    errorBody?: (answer: ErrorResponse) => unknown;
    handler: RouteHandler<E>;
  },
): RouteDefinition {
  return {
    endpoint,
    logEntity: options.logEntity,
    prepareBody: options.prepareBody,
    errorBody: options.errorBody,
    handler: options.handler as unknown as RouteDefinition['handler'],
  };
}

/** The handler of a raw-body route: the body is the request's bytes (empty when there are none). */
export type RawRouteHandler<E extends AnyEndpoint> = (
  input: RouteInput<
    EndpointOutput<E['params']>,
    EndpointOutput<E['query']>,
    Buffer,
    E['auth'] extends 'principal' ? 'principal' : 'public',
    ProjectGrant<E['access']>
  >,
) => Promise<HttpReply>;

/**
 * Binds a handler that takes the body as raw bytes, of any content type, up to `bodyLimitBytes`
 * (a larger body is 413 PAYLOAD_TOO_LARGE: refused on its content-length, or cut off as it
 * streams). The handler answers with an {@link HttpReply}.
 */
export function rawRoute<E extends AnyEndpoint>(
  endpoint: E,
  options: { logEntity?: LogEntity; bodyLimitBytes: number; handler: RawRouteHandler<E> },
): RouteDefinition {
  return {
    endpoint,
    logEntity: options.logEntity,
    rawBody: { limitBytes: options.bodyLimitBytes },
    handler: options.handler as unknown as RouteDefinition['handler'],
  };
}
