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
  /**
   * The same client sending `headers` on every request, on top of the extra headers it already
   * sends (a same-named one, in any case, is replaced). For a flow operation that must not
   * overwrite another tab's edit, send the version's `updated` as `If-Match`:
   * ```ts
   * await client.withHeaders({ 'If-Match': JSON.stringify(flow.version.updated) }).flows.update(flow.id, operation);
   * ```
   */
  withHeaders(headers: Readonly<Record<string, string>>): PieceworkClient;
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
    withHeaders: (headers) =>
      createPieceworkClient({ ...options, headers: mergedHeaders(options.headers, headers) }),
  };
}

/** `added` over `base`, names compared without case (HTTP header names are case-insensitive). */
function mergedHeaders(
  base: Readonly<Record<string, string>> | undefined,
  added: Readonly<Record<string, string>>,
): Record<string, string> {
  const merged = new Headers(base);
  for (const [name, value] of Object.entries(added)) merged.set(name, value);
  return Object.fromEntries(merged.entries());
}
