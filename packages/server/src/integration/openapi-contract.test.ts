/**
 * The OpenAPI description is complete and the client covers it: every route the server answers is
 * in `GET /api/v1/docs`, every operation there is a route the server answers, and every operation
 * has a client method calling the same method and path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_OPERATIONS, createPieceworkClient, type PieceworkClient } from '@piecework/client';
import { ALL_ENDPOINTS } from '@piecework/shared';
import { allRoutes } from '../modules/all-routes';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
let client: PieceworkClient;
let operations: { operationId: string; method: string; path: string; operation: Record<string, unknown> }[];

// Starting a server took past vitest's default 10 s for a hook on a crowded 2-core machine.
beforeAll(async () => {
  server = await startTestServer();
  client = createPieceworkClient({ baseUrl: server.url });
  const document = (await client.platform.openApi()) as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      operationId: String(operation['operationId']),
      method: method.toUpperCase(),
      path: path.replace(/\{(\w+)\}/g, ':$1'),
      operation,
    })),
  );
}, 60_000);
// Runs a failed test left in flight can keep a server closing past vitest's 10 s for a hook.
afterAll(() => server.close(), 60_000);

const key = (entry: { method: string; path: string }) => `${entry.method} ${entry.path}`;
const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** An endpoint's `METHOD path` keys: an `ALL` endpoint answers each of the five methods. */
const keysOf = (entry: { method: string; path: string }) =>
  entry.method === 'ALL' ? ALL_METHODS.map((method) => key({ method, path: entry.path })) : [key(entry)];
/** `webhooks.trigger.post` (one method of an ALL endpoint) -> `webhooks.trigger`. */
const baseOperationId = (operationId: string) => operationId.split('.').slice(0, 2).join('.');

describe('the OpenAPI description', () => {
  it('is OpenAPI 3.1 with info.version 0.0.0 and a bearer scheme', async () => {
    const document = await client.platform.openApi();
    expect(document).toMatchObject({
      openapi: '3.1.0',
      info: { version: '0.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    });
  });

  it('describes exactly the routes the server registers', () => {
    const registered = allRoutes(server.server.context).map((route) => route.endpoint);
    expect(registered.map(key).sort()).toEqual(ALL_ENDPOINTS.map(key).sort());
    expect(operations.map(key).sort()).toEqual(registered.flatMap(keysOf).sort());
    for (const endpoint of registered) {
      for (const method of endpoint.method === 'ALL' ? ALL_METHODS : [endpoint.method]) {
        expect(server.server.app.hasRoute({ method, url: `/api${endpoint.path}` }), key(endpoint)).toBe(true);
      }
    }
  });

  it('gives every operation an id, a summary, its parameters and its answers', () => {
    for (const { operation, path } of operations) {
      expect(operation['summary']).toEqual(expect.any(String));
      expect(operation['responses']).toHaveProperty('default');
      const pathParams = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]);
      const declared = (operation['parameters'] as { name: string; in: string }[])
        .filter((parameter) => parameter.in === 'path')
        .map((parameter) => parameter.name);
      expect(declared).toEqual(pathParams);
    }
  });

  it('has a client method for every operation, calling the same method and path', () => {
    const clientOperations = new Map(
      CLIENT_OPERATIONS.map((operation) => [operation.operationId, operation]),
    );
    for (const { operationId, method, path } of operations) {
      const clientOperation = clientOperations.get(baseOperationId(operationId));
      expect(clientOperation, `client method for ${operationId}`).toBeDefined();
      expect(keysOf(clientOperation!)).toContain(`${method} ${path}`);
      const [area, name] = operationId.split('.') as [string, string];
      const group = (client as unknown as Record<string, Record<string, unknown>>)[area];
      expect(typeof group?.[name]).toBe('function');
    }
    expect(CLIENT_OPERATIONS).toHaveLength(
      new Set(operations.map((operation) => baseOperationId(operation.operationId))).size,
    );
  });
});
