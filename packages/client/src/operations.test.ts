import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS } from '@piecework/shared';
import { createPieceworkClient } from './create-client';
import { CLIENT_OPERATIONS } from './operations';

describe('CLIENT_OPERATIONS', () => {
  const client = createPieceworkClient({ baseUrl: 'http://localhost:3000' }) as unknown as Record<
    string,
    Record<string, unknown>
  >;

  it('lists every endpoint once, in the order of ENDPOINTS', () => {
    expect(CLIENT_OPERATIONS.map((operation) => operation.operationId)).toEqual(
      ALL_ENDPOINTS.map((endpoint) => endpoint.operationId),
    );
    expect(CLIENT_OPERATIONS.map(({ method, path }) => `${method} ${path}`)).toEqual(
      ALL_ENDPOINTS.map(({ method, path }) => `${method} ${path}`),
    );
  });

  it.each(CLIENT_OPERATIONS.map((operation) => [operation.operationId, operation] as const))(
    '%s is a method of the client named after its operationId',
    (operationId, { area, name }) => {
      expect(`${area}.${name}`).toBe(operationId);
      expect(typeof client[area]?.[name]).toBe('function');
    },
  );
});
