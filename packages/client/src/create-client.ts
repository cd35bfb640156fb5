import type { Endpoint } from '@piecework/shared';
import { callEndpoint, type CallInputArgs } from './call-endpoint';
import { resolveClientOptions, type PieceworkClientOptions } from './client-options';
import { endpointMethod, type EndpointMethod } from './endpoint-method';
import { endpointEntries, type Endpoints } from './operations';
import type { EndpointResult } from './read-answer';

/** One method per endpoint, grouped by area exactly as `ENDPOINTS` is (`client.flows.get`). */
export type PieceworkApi = {
  readonly [Area in keyof Endpoints]: {
    readonly [Name in keyof Endpoints[Area]]: Endpoints[Area][Name] extends Endpoint
      ? EndpointMethod<Endpoints[Area][Name]>
      : never;
  };
};

/** The typed client of the Piecework REST API; make one with {@link createPieceworkClient}. */
export interface PieceworkClient extends PieceworkApi {
  /** The API root every path is appended to: `baseUrl` + `/api`. */
  readonly apiUrl: string;
  /**
   * Calls any endpoint declaration with its parts spelled out, e.g.
   * `client.call(ENDPOINTS.flows.get, { params: { id } })`. The methods per endpoint are shorter;
   * use this for generic code over endpoints.
   */
  call<E extends Endpoint>(endpoint: E, ...input: CallInputArgs<E>): Promise<EndpointResult<E>>;
  /** The same client with another bearer token (`undefined`: none), e.g. the one sign-up answered. */
  withToken(token: string | undefined): PieceworkClient;
}

/**
 * Makes a client of the Piecework server at `options.baseUrl`. Works in Node 20+ and browsers
 * (only `fetch`, `URL` and `Headers`).
 *
 * @example
 * ```ts
 * const client = createPieceworkClient({ baseUrl: 'http://localhost:3000', token: process.env.PIECEWORK_API_KEY });
 * const flow = await client.flows.get(flowId);
 * ```
 */
export function createPieceworkClient(options: PieceworkClientOptions): PieceworkClient {
  const resolved = resolveClientOptions(options);
  const api: Record<string, Record<string, unknown>> = {};
  for (const { area, name, endpoint } of endpointEntries()) {
    (api[area] ??= {})[name] = endpointMethod(resolved, endpoint);
  }
  return {
    ...(api as PieceworkApi),
    apiUrl: resolved.apiUrl,
    call: (endpoint, ...input) => callEndpoint(resolved, endpoint, input[0]),
    withToken: (token) => createPieceworkClient({ ...options, token }),
  };
}
