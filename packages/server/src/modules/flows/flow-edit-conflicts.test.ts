/**
 * Edit conflicts between two tabs: `POST /v1/flows/:id` with `If-Match` (the latest version's
 * `updated` as the caller saw it) applies only while that version is unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPieceworkClient, isApiError, type PieceworkClient } from '@piecework/client';
import type { FlowOperation, PopulatedFlow } from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { addAction, codeStep, flowEvents, webhookTrigger } from '../../testing/features/flow-test-kit';

let server: TestServer;
let user: TestUser;
let client: PieceworkClient;

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpTestUser(server);
  client = createPieceworkClient({ baseUrl: server.url, token: user.token });
});
afterAll(() => server.close());

const rename = (displayName: string): FlowOperation => ({ type: 'CHANGE_NAME', request: { displayName } });

async function newFlow(): Promise<PopulatedFlow> {
  const flow = await client.flows.create({ projectId: user.projectId!, displayName: 'Shared flow' });
  return client.flows.update(flow.id, { type: 'UPDATE_TRIGGER', request: webhookTrigger() });
}

/** The same flow as a tab that loaded it when it was `seen` would send an operation. */
const tabThatSaw = (seen: PopulatedFlow) => client.withHeaders({ 'If-Match': `"${seen.version.updated}"` });

describe('If-Match on flow operations', () => {
  it.each([
    ['quoted, as an ETag', (updated: string) => `"${updated}"`],
    ['bare', (updated: string) => updated],
    [
      'weak, in a list with another value',
      (updated: string) => `"2000-01-01T00:00:00.000000Z", W/"${updated}"`,
    ],
    ['*', () => '*'],
  ])('applies the operation when the value (%s) names the current version', async (_, header) => {
    const flow = await newFlow();
    const applied = await client
      .withHeaders({ 'If-Match': header(flow.version.updated) })
      .flows.update(flow.id, rename('Renamed'));
    expect(applied.version.displayName).toBe('Renamed');
    expect(applied.version.updated > flow.version.updated).toBe(true);
    expect(await client.flows.get(flow.id)).toEqual(applied);
  });

  it('refuses a stale value with 409 CONFLICT and the current updated, applying nothing', async () => {
    const flow = await newFlow();
    const first = await tabThatSaw(flow).flows.update(flow.id, rename('From tab one'));
    const eventsBefore = await flowEvents(server, user.platformId, flow.id);
    const error = await tabThatSaw(flow)
      .flows.update(flow.id, addAction(codeStep('step_1')))
      .catch((e: unknown) => e);
    expect(isApiError(error, 'CONFLICT')).toBe(true);
    expect(error).toMatchObject({
      status: 409,
      params: {
        message: 'The flow was changed since you loaded it (by another tab or user); reload it',
        currentUpdated: first.version.updated,
      },
    });
    expect(await client.flows.get(flow.id)).toEqual(first);
    expect(await flowEvents(server, user.platformId, flow.id)).toEqual(eventsBefore);
    // Reloaded, the second tab applies its change.
    const reloaded = await tabThatSaw(first).flows.update(flow.id, addAction(codeStep('step_1')));
    expect(reloaded.version.displayName).toBe('From tab one');
  });

  it('answers 409 for a value that is no timestamp at all, and 404 for a flow that is not there', async () => {
    const flow = await newFlow();
    const answer = await callApi(server.apiUrl, 'POST', `/v1/flows/${flow.id}`, {
      token: user.token,
      body: rename('Never'),
      headers: { 'if-match': '""' },
    });
    expect(answer).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', params: { currentUpdated: flow.version.updated } },
    });
    const missing = await client
      .withHeaders({ 'If-Match': flow.version.updated })
      .flows.update('a'.repeat(21), rename('Never'))
      .catch((e: unknown) => e);
    expect(isApiError(missing, 'ENTITY_NOT_FOUND')).toBe(true);
  });

  it('applies operations without the header whatever changed meanwhile (clients that send none)', async () => {
    const flow = await newFlow();
    await tabThatSaw(flow).flows.update(flow.id, rename('From tab one'));
    const applied = await client.flows.update(flow.id, rename('From a client without If-Match'));
    expect(applied.version.displayName).toBe('From a client without If-Match');
  });

  it('gives every answer a new, strictly later version.updated, even for edits in quick succession', async () => {
    const flow = await newFlow();
    const answers = await Promise.all(
      ['a', 'b', 'c', 'd', 'e', 'f'].map((name) => client.flows.update(flow.id, rename(name))),
    );
    const stamps = [flow.version.updated, ...answers.map((answer) => answer.version.updated)].sort();
    expect(new Set(stamps).size).toBe(stamps.length);
    const latest = await client.flows.get(flow.id);
    expect(latest.version.updated).toBe(stamps.at(-1));
    // Each answer's stamp names the version it answered: only the last one is current.
    const stale = answers.find((answer) => answer.version.updated !== latest.version.updated)!;
    await expect(tabThatSaw(stale).flows.update(flow.id, rename('late'))).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect((await tabThatSaw(latest).flows.update(flow.id, rename('late'))).version.displayName).toBe('late');
  });
});
