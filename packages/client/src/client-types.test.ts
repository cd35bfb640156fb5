import { describe, expectTypeOf, it } from 'vitest';
import {
  ENDPOINTS,
  type AuditEvent,
  type AuthenticationResponse,
  type FlowVersion,
  type Page,
  type PopulatedFlow,
} from '@piecework/shared';
import { createPieceworkClient } from './create-client';
import { items, paginate } from './pagination';

const client = createPieceworkClient({ baseUrl: 'http://localhost:3000' });

describe('client types', () => {
  it('types results with the output of the response schema', () => {
    expectTypeOf(client.flows.get).returns.resolves.toEqualTypeOf<PopulatedFlow>();
    expectTypeOf(client.flows.list).returns.resolves.toEqualTypeOf<Page<PopulatedFlow>>();
    expectTypeOf(client.flows.count).returns.resolves.toEqualTypeOf<number>();
    expectTypeOf(client.flows.delete).returns.resolves.toEqualTypeOf<undefined>();
    expectTypeOf(client.authentication.signUp).returns.resolves.toEqualTypeOf<AuthenticationResponse>();
  });

  it('takes the :id first, then the body or the query', () => {
    expectTypeOf(client.flows.get).parameters.toEqualTypeOf<[id: string, query?: { versionId?: string }]>();
    expectTypeOf(client.flows.delete).parameters.toEqualTypeOf<[id: string]>();
    expectTypeOf(client.platform.health).parameters.toEqualTypeOf<[]>();
    expectTypeOf(client.flows.update).parameter(1).toHaveProperty('type');
    expectTypeOf(client.flows.list).parameter(0).toHaveProperty('projectId').toEqualTypeOf<string>();
  });

  it('refuses arguments that do not match the schemas', () => {
    // @ts-expect-error projectId is required by ListFlowsQuery
    void (() => client.flows.list({}));
    // @ts-expect-error not a flow operation type
    void (() => client.flows.update('id', { type: 'RENAME', request: {} }));
    // @ts-expect-error the id is required
    void (() => client.flows.get());
    // @ts-expect-error the body is required
    void (() => client.call(ENDPOINTS.flows.create, { params: undefined }));
  });

  it('makes the query optional when no field of it is required', () => {
    expectTypeOf(client.auditEvents.list).toBeCallableWith();
    expectTypeOf(client.flows.listVersions).toBeCallableWith('id');
  });

  it('types pages and items from the list method', () => {
    expectTypeOf(paginate(client.flows.list, { projectId: 'p' })).toEqualTypeOf<
      AsyncGenerator<Page<PopulatedFlow>, void, undefined>
    >();
    expectTypeOf(items(client.auditEvents.list)).toEqualTypeOf<AsyncGenerator<AuditEvent, void, undefined>>();
    expectTypeOf(items((query) => client.flows.listVersions('id', query), {})).toEqualTypeOf<
      AsyncGenerator<FlowVersion, void, undefined>
    >();
    // @ts-expect-error projectId is required by ListFlowsQuery
    void (() => items(client.flows.list));
  });

  it('types call() by the endpoint declaration', () => {
    // Functions, never called: a call would send a request to a server that is not there.
    expectTypeOf(() =>
      client.call(ENDPOINTS.flows.get, { params: { id: 'x' } }),
    ).returns.resolves.toEqualTypeOf<PopulatedFlow>();
    expectTypeOf(() => client.call(ENDPOINTS.platform.flags)).returns.resolves.not.toBeAny();
  });
});
