import type { Endpoint, EndpointInput } from '@piecework/shared';
import { callEndpoint, type CallInput } from './call-endpoint';
import type { ResolvedClientOptions } from './client-options';
import type { EndpointResult } from './read-answer';

/**
 * The path-parameter argument of an endpoint method: the bare id when the path's only parameter is
 * `:id` (`client.flows.get(id)`), otherwise the params object.
 */
export type ParamsArg<P> = P extends { id: infer Id } ? (keyof P extends 'id' ? Id : P) : P;

/**
 * The arguments of the client method of endpoint `E`, in this order: the path parameters (see
 * {@link ParamsArg}), then the body, then the query (optional when every query field is).
 */
export type EndpointArgs<E extends Endpoint> = [
  ...(E['params'] extends undefined ? [] : [params: ParamsArg<EndpointInput<E['params']>>]),
  ...(E['body'] extends undefined ? [] : [body: EndpointInput<E['body']>]),
  ...(E['query'] extends undefined
    ? []
    : object extends EndpointInput<E['query']>
      ? [query?: EndpointInput<E['query']>]
      : [query: EndpointInput<E['query']>]),
];

/** The client method of endpoint `E`, e.g. `client.flows.get(id, query?) => Promise<PopulatedFlow>`. */
export type EndpointMethod<E extends Endpoint> = (...args: EndpointArgs<E>) => Promise<EndpointResult<E>>;

/** Builds the client method of `endpoint`: its positional arguments become a {@link CallInput}. */
export function endpointMethod<E extends Endpoint>(
  options: ResolvedClientOptions,
  endpoint: E,
): EndpointMethod<E> {
  return (...args) => {
    const rest: unknown[] = [...args];
    const input: { params?: unknown; body?: unknown; query?: unknown } = {};
    if (endpoint.params !== undefined) {
      const params = rest.shift();
      input.params = typeof params === 'object' && params !== null ? params : { id: params };
    }
    if (endpoint.body !== undefined) {
      input.body = rest.shift();
    }
    if (endpoint.query !== undefined) {
      input.query = rest.shift();
    }
    return callEndpoint(options, endpoint, input as CallInput<E>);
  };
}
