/**
 * The newcomer path, through the client against a real server on loopback: sign up, create a flow,
 * set a webhook trigger, add code steps, a loop and a router, publish and enable, read versions and
 * audit events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPieceworkClient, items, type PieceworkClient } from '@piecework/client';
import type { StepRequest } from '@piecework/shared';
import { codeStep, routerStep, webhookTrigger } from '../testing/features/flow-test-kit';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
// Starting a server took past vitest's default 10 s for a hook on a crowded 2-core machine.
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
// Runs a failed test left in flight can keep a server closing past vitest's 10 s for a hook.
afterAll(() => server.close(), 60_000);

function loopStep(name: string, items: string): StepRequest {
  return { name, displayName: `Loop ${name}`, type: 'LOOP_ON_ITEMS', valid: true, settings: { items } };
}

function orderRouter(name: string): StepRequest {
  return routerStep(name, 'Big order', {
    operator: 'NUMBER_IS_GREATER_THAN',
    firstValue: "{{trigger['output']['body'].total}}",
    secondValue: '100',
  });
}

describe('the newcomer path', () => {
  let client: PieceworkClient;

  it('signs up and lands in a personal project', async () => {
    const anonymous = createPieceworkClient({ baseUrl: server.url });
    expect(await anonymous.platform.health()).toEqual({ status: 'OK' });
    const session = await anonymous.authentication.signUp({
      email: 'newcomer@example.com',
      password: 'a long first password',
      firstName: 'New',
      lastName: 'Comer',
    });
    client = anonymous.withToken(session.token);
    const project = await client.projects.get(session.projectId ?? '');
    expect(project.type).toBe('PERSONAL');

    const flow = await client.flows.create({ displayName: 'Orders', projectId: project.id });
    expect(flow.version.state).toBe('DRAFT');
    expect(flow.status).toBe('DISABLED');

    const steps = [
      { type: 'UPDATE_TRIGGER', request: webhookTrigger() },
      {
        type: 'ADD_ACTION',
        request: {
          parentStep: 'trigger',
          action: codeStep('step_1', { order: "{{trigger['output']['body']}}" }),
        },
      },
      {
        type: 'ADD_ACTION',
        request: { parentStep: 'step_1', action: loopStep('step_2', "{{trigger['output']['body'].lines}}") },
      },
      {
        type: 'ADD_ACTION',
        request: {
          parentStep: 'step_2',
          stepLocationRelativeToParent: 'INSIDE_LOOP',
          action: codeStep('step_3', { line: "{{step_2['output'].item}}" }),
        },
      },
      {
        type: 'ADD_ACTION',
        request: {
          parentStep: 'step_2',
          stepLocationRelativeToParent: 'AFTER',
          action: orderRouter('step_4'),
        },
      },
      {
        type: 'ADD_ACTION',
        request: {
          parentStep: 'step_4',
          stepLocationRelativeToParent: 'INSIDE_BRANCH',
          branchIndex: 0,
          action: codeStep('step_5', { vip: true }),
        },
      },
    ] as const;
    let edited = flow;
    for (const operation of steps) edited = await client.flows.update(flow.id, operation);
    expect(edited.version.valid).toBe(true);
    expect(edited.version.trigger.nextAction?.name).toBe('step_1');

    const published = await client.flows.update(flow.id, { type: 'LOCK_AND_PUBLISH', request: {} });
    expect(published.status).toBe('ENABLED');
    expect(published.publishedVersionId).toBe(published.version.id);
    expect(published.version.state).toBe('LOCKED');

    const renamed = await client.flows.update(flow.id, {
      type: 'CHANGE_NAME',
      request: { displayName: 'Orders v2' },
    });
    expect(renamed.version.state).toBe('DRAFT');
    expect(renamed.version.id).not.toBe(published.version.id);
    expect(renamed.publishedVersionId).toBe(published.version.id);

    const versions = [];
    for await (const version of items(
      (query: { limit?: number; cursor?: string }) => client.flows.listVersions(flow.id, query),
      { limit: 1 },
    )) {
      versions.push(version);
    }
    expect(versions.map((version) => [version.displayName, version.state])).toEqual([
      ['Orders v2', 'DRAFT'],
      ['Orders', 'LOCKED'],
    ]);
    const publishedAgain = await client.flows.get(flow.id, { versionId: published.version.id });
    expect(publishedAgain.version.displayName).toBe('Orders');

    const listed = await client.flows.list({ projectId: project.id, status: ['ENABLED'] });
    expect(listed.data.map((each) => each.id)).toEqual([flow.id]);

    const actions = [];
    for await (const event of items(client.auditEvents.list, {})) actions.push(event.action);
    expect(actions.reverse()).toEqual([
      'user.signed.up',
      'flow.created',
      ...steps.map(() => 'flow.updated'),
      'flow.updated',
      'flow.published',
      'flow.activated',
      'flow.updated',
    ]);
  });
});
