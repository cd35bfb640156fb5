import { ENDPOINTS, type Endpoint, type HttpMethod } from '@piecework/shared';

/** The endpoint table the client is built from: `typeof ENDPOINTS` of `@piecework/shared`. */
export type Endpoints = typeof ENDPOINTS;

/** One client method and the endpoint it calls: `client[area][name]()` is `method path`. */
export interface ClientOperation {
  /** `area.name`, e.g. `flows.get`: also the endpoint's OpenAPI operationId. */
  readonly operationId: string;
  /** The client's group, e.g. `flows`. */
  readonly area: string;
  /** The method's name in its group, e.g. `get`. */
  readonly name: string;
  /** The HTTP method, e.g. `GET`. */
  readonly method: HttpMethod;
  /** The path below `/api`, with `:name` parameters, e.g. `/v1/flows/:id`. */
  readonly path: string;
}

/** Every endpoint of {@link ENDPOINTS} with its area and name: the walk the client is built from. */
export function endpointEntries(): { area: string; name: string; endpoint: Endpoint }[] {
  return Object.entries(ENDPOINTS).flatMap(([area, endpoints]) =>
    Object.entries(endpoints).map(([name, endpoint]: [string, Endpoint]) => ({ area, name, endpoint })),
  );
}

/**
 * Every method of the client, with the HTTP method and path it calls. Use it to check the client
 * against a server (e.g. against the operations of its OpenAPI document, `GET /api/v1/docs`).
 */
export const CLIENT_OPERATIONS: readonly ClientOperation[] = endpointEntries().map(
  ({ area, name, endpoint }) =>
    Object.freeze({
      operationId: `${area}.${name}`,
      area,
      name,
      method: endpoint.method,
      path: endpoint.path,
    }),
);
