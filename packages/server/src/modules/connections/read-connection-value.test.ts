import { generateId } from '@piecework/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../testing/call-api';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';
import { readConnectionValue } from './read-connection-value';

let server: TestServer;
let user: TestUser;
let other: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  user = await signUpTestUser(server);
  other = await signUpTestUser(server);
  const answer = await callApi(server.apiUrl, 'POST', '/v1/app-connections', {
    token: user.token,
    body: {
      externalId: 'openai',
      displayName: 'OpenAI',
      pieceName: '@activepieces/piece-openai',
      projectId: user.projectId,
      type: 'SECRET_TEXT',
      value: { type: 'SECRET_TEXT', secret_text: 'sk-live-123' },
    },
  });
  expect(answer.status).toBe(201);
});
afterAll(() => server.close());

describe('readConnectionValue', () => {
  it.each([
    [
      'the decrypted value of a connection',
      () => user.projectId!,
      'openai',
      { type: 'SECRET_TEXT', secret_text: 'sk-live-123' },
    ],
    ['null for an unknown externalId', () => user.projectId!, 'anthropic', null],
    ['null for the externalId in another project', () => other.projectId!, 'openai', null],
    ['null for an unknown project', () => generateId(), 'openai', null],
  ])('answers %s', async (_, projectId, externalId, expected) => {
    expect(await readConnectionValue(server.server.context, projectId(), externalId)).toEqual(expected);
  });
});
