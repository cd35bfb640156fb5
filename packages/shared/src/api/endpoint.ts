import { z } from 'zod';
import { Id } from '../common/id';
import type { EndpointAccess } from './endpoint-access';

/** HTTP methods an endpoint may answer; `ALL` answers every method (webhooks). */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'ALL';

/** `public`: no token needed; `principal`: a bearer token (API key or session) is required. */
export type EndpointAuth = 'public' | 'principal';

/** The {@link EndpointAuth} an access declaration implies: a token for everything but `public`. */
export type AuthOf<X extends EndpointAccess> = [X] extends [{ kind: 'public' }] ? 'public' : 'principal';

/**
 * One REST endpoint, declared once: the server registers and validates it, the client calls it,
 * and the OpenAPI description is generated from it, so none of them can drift from the others.
 * Paths are below `/api` and use `:name` parameters.
 */
export interface Endpoint<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | undefined = z.ZodType | undefined,
  A extends EndpointAuth = EndpointAuth,
  X extends EndpointAccess = EndpointAccess,
> {
  readonly method: HttpMethod;
  readonly path: string;
  /** `area.action`, e.g. `flows.get`: the client method and the OpenAPI operationId. */
  readonly operationId: string;
  readonly summary: string;
  /** Derived from {@link access}: whether a bearer token is required. */
  readonly auth: A;
  /** Who may call it; enforced by one check in the server before the handler runs. */
  readonly access: X;
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  /** The success status; the answer's schema (undefined: no body, or a free-form one). */
  readonly status: number;
  readonly response: R;
  /**
   * The media type of the body and the answer when it is not `application/json` (SCIM's
   * `application/scim+json`); the server answers with it and accepts it besides JSON.
   */
  readonly mediaType?: string | undefined;
}

/** Declares an endpoint with who may call it (`access`); omitted parts are `undefined`. */
export function endpoint<
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
  const X extends EndpointAccess = EndpointAccess,
>(spec: {
  method: HttpMethod;
  path: string;
  operationId: string;
  summary: string;
  access: X;
  params?: P;
  query?: Q;
  body?: B;
  status: number;
  response?: R;
  mediaType?: string;
}): Endpoint<P, Q, B, R, AuthOf<X>, X> {
  return {
    method: spec.method,
    path: spec.path,
    operationId: spec.operationId,
    summary: spec.summary,
    auth: (spec.access.kind === 'public' ? 'public' : 'principal') as AuthOf<X>,
    access: spec.access,
    params: spec.params as P,
    query: spec.query as Q,
    body: spec.body as B,
    status: spec.status,
    response: spec.response as R,
    ...(spec.mediaType === undefined ? {} : { mediaType: spec.mediaType }),
  };
}

/** Params of endpoints addressed by `:id`: a 21-character id (a malformed one is a 400). */
export const IdParams = z.object({ id: Id });
export type IdParams = z.infer<typeof IdParams>;

/** The parsed (output) type of an endpoint part, `undefined` when the part is absent. */
export type EndpointOutput<S> = S extends z.ZodType ? z.output<S> : undefined;
/** The accepted (input) type of an endpoint part, `undefined` when the part is absent. */
export type EndpointInput<S> = S extends z.ZodType ? z.input<S> : undefined;
