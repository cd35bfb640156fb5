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
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Endpoint, EndpointAuth, EndpointInput, EndpointOutput } from '@piecework/shared';
import type { z } from 'zod';
import type { Principal } from '../auth/principal';

/** The entity a route's `:id` names, logged as `<entity>.id` (e.g. `flow.id`). */
export type LogEntity = 'flow' | 'project' | 'folder' | 'connection' | 'flowRun' | 'apiKey' | 'user';

/** Facts of the request beyond its validated parts. */
export interface RequestMeta {
  readonly ip: string;
  readonly requestId: string;
  readonly log: FastifyBaseLogger;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** What a handler receives: the validated parts, the caller and the request's facts. */
export interface RouteInput<P, Q, B, A extends EndpointAuth> {
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  readonly principal: A extends 'principal' ? Principal : null;
  readonly request: RequestMeta;
}

type AnyEndpoint = Endpoint<
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType | undefined,
  EndpointAuth
>;

/** The handler of endpoint `E`, typed by its schemas. */
export type RouteHandler<E extends AnyEndpoint> = (
  input: RouteInput<
    EndpointOutput<E['params']>,
    EndpointOutput<E['query']>,
    EndpointOutput<E['body']>,
    E['auth'] extends 'principal' ? 'principal' : 'public'
  >,
) => Promise<E['response'] extends z.ZodType ? EndpointInput<E['response']> : unknown>;

/** An endpoint with its handler, as the app holds it (types erased). */
export interface RouteDefinition {
  readonly endpoint: AnyEndpoint;
  readonly logEntity?: LogEntity | undefined;
  readonly handler: (input: RouteInput<unknown, unknown, unknown, EndpointAuth>) => Promise<unknown>;
}

/** Binds a handler to an endpoint declaration. */
export function route<E extends AnyEndpoint>(
  endpoint: E,
  options: { logEntity?: LogEntity; handler: RouteHandler<E> },
): RouteDefinition {
  return {
    endpoint,
    logEntity: options.logEntity,
    handler: options.handler as unknown as RouteDefinition['handler'],
  };
}
