/**
 * Bad input of every kind gets a clear 4xx in the one error shape `{code, params}`, writes
 * nothing, and leaves the server healthy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '@piecework/shared';
import { callApi } from '../testing/call-api';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signUpTestUser, type TestUser } from '../testing/test-users';
import { rowCounts as countRows } from '../testing/row-counts';

let server: TestServer;
let user: TestUser;
// Starting a server took past vitest's default 10 s for a hook on a crowded 2-core machine.
beforeAll(async () => {
  // Body limit: max(file size + 4, run log size + 4, 25) MB = 25 MB here.
  server = await startTestServer({ AP_MAX_FILE_SIZE_MB: '10', AP_MAX_FLOW_RUN_LOG_SIZE_MB: '10' });
  user = await signUpTestUser(server);
}, 60_000);
// Runs a failed test left in flight can keep a server closing past vitest's 10 s for a hook.
afterAll(() => server.close(), 60_000);

const rowCounts = () =>
  countRows(server, [
    'project',
    'folder',
    'flow',
    'flowVersion',
    'appConnection',
    'apiKey',
    'oauthApp',
    'user',
    'platform',
  ]);

async function send(
  method: string,
  path: string,
  body: string | undefined,
  contentType = 'application/json',
) {
  const response = await fetch(`${server.apiUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${user.token}`,
      ...(body === undefined ? {} : { 'content-type': contentType }),
    },
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}

const project = (): string => user.projectId ?? '';

describe('bad input', () => {
  const cases: [string, () => Promise<{ status: number; body: unknown }>, number, string][] = [
    ['a malformed project id', () => send('GET', '/v1/projects/not-an-id', undefined), 400, 'VALIDATION'],
    ['a malformed folder id', () => send('DELETE', '/v1/folders/%24%24%24', undefined), 400, 'VALIDATION'],
    [
      'a malformed flow id',
      () => send('POST', '/v1/flows/abc', '{"type":"LOCK_FLOW","request":{}}'),
      400,
      'VALIDATION',
    ],
    [
      'a malformed version id to export',
      () => send('GET', '/v1/flows/aaaaaaaaaaaaaaaaaaaaa/template?versionId=nope', undefined),
      400,
      'VALIDATION',
    ],
    [
      'a flow to export that does not exist',
      () => send('GET', '/v1/flows/aaaaaaaaaaaaaaaaaaaaa/template', undefined),
      404,
      'ENTITY_NOT_FOUND',
    ],
    [
      'a piece list sorted by something Activepieces does not sort by',
      () => send('GET', '/v1/pieces?sortBy=RANDOM&orderBy=UP', undefined),
      400,
      'VALIDATION',
    ],
    [
      'an id of the right shape that does not exist',
      () => send('GET', '/v1/folders/aaaaaaaaaaaaaaaaaaaaa', undefined),
      404,
      'ENTITY_NOT_FOUND',
    ],
    [
      'an unknown flow operation type',
      () => send('POST', '/v1/flows/aaaaaaaaaaaaaaaaaaaaa', '{"type":"MAKE_COFFEE","request":{}}'),
      400,
      'VALIDATION',
    ],
    [
      'a missing required field',
      () => send('POST', '/v1/folders', JSON.stringify({ projectId: project() })),
      400,
      'VALIDATION',
    ],
    [
      'a field of the wrong type',
      () => send('POST', '/v1/projects', '{"displayName":42}'),
      400,
      'VALIDATION',
    ],
    ['malformed JSON', () => send('POST', '/v1/projects', '{"displayName": "x"'), 400, 'VALIDATION'],
    ['an empty JSON body', () => send('POST', '/v1/projects', ''), 400, 'VALIDATION'],
    [
      'a __proto__ key',
      () => send('POST', '/v1/projects', '{"displayName":"x","__proto__":{"isAdmin":true}}'),
      400,
      'VALIDATION',
    ],
    [
      'a constructor.prototype key',
      () => send('POST', '/v1/projects', '{"displayName":"x","constructor":{"prototype":{"isAdmin":true}}}'),
      400,
      'VALIDATION',
    ],
    [
      'a text body where JSON is expected',
      () => send('POST', '/v1/projects', 'displayName=x', 'text/plain'),
      400,
      'VALIDATION',
    ],
    [
      'an unsupported media type',
      () => send('POST', '/v1/projects', '<x/>', 'application/xml'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'a limit of 0',
      () => send('GET', `/v1/folders?projectId=${project()}&limit=0`, undefined),
      400,
      'VALIDATION',
    ],
    [
      'a limit that is not a number',
      () => send('GET', `/v1/folders?projectId=${project()}&limit=ten`, undefined),
      400,
      'VALIDATION',
    ],
    [
      'an unreadable cursor',
      () => send('GET', `/v1/folders?projectId=${project()}&cursor=xyz`, undefined),
      400,
      'VALIDATION',
    ],
    [
      'an OAuth2 app without its secret',
      () => send('POST', '/v1/oauth-apps', JSON.stringify({ pieceName: 'p', clientId: 'c' })),
      400,
      'VALIDATION',
    ],
    [
      'an OAuth2 connection with tokens instead of a code',
      () =>
        send(
          'POST',
          '/v1/app-connections',
          JSON.stringify({
            externalId: 'x',
            displayName: 'x',
            pieceName: '@activepieces/piece-http',
            projectId: project(),
            type: 'OAUTH2',
            value: { type: 'OAUTH2', access_token: 'a', refresh_token: 'r' },
          }),
        ),
      400,
      'VALIDATION',
    ],
    [
      'a trigger test with an unknown strategy',
      () =>
        send(
          'POST',
          '/v1/test-trigger',
          JSON.stringify({
            projectId: project(),
            flowId: 'aaaaaaaaaaaaaaaaaaaaa',
            flowVersionId: 'aaaaaaaaaaaaaaaaaaaaa',
            testStrategy: 'GUESS',
          }),
        ),
      400,
      'VALIDATION',
    ],
    [
      'an OAuth2 connection for a piece without OAuth2 auth',
      () =>
        send(
          'POST',
          '/v1/app-connections',
          JSON.stringify({
            externalId: 'x',
            displayName: 'x',
            pieceName: '@activepieces/piece-http',
            projectId: project(),
            type: 'OAUTH2',
            value: {
              type: 'OAUTH2',
              client_id: 'c',
              client_secret: 's',
              code: 'k',
              scope: 'read',
              redirect_url: 'https://example.com/redirect',
            },
          }),
        ),
      400,
      'INVALID_APP_CONNECTION',
    ],
    [
      'a consent URL for an unknown piece',
      () =>
        send(
          'POST',
          '/v1/app-connections/oauth2/authorization-url',
          JSON.stringify({
            pieceName: '@fixtures/piece-nowhere',
            connectionType: 'OAUTH2',
            clientId: 'c',
            redirectUrl: 'https://example.com/redirect',
          }),
        ),
      404,
      'ENTITY_NOT_FOUND',
    ],
    [
      'a trigger test of a flow version that does not exist',
      () =>
        send(
          'POST',
          '/v1/test-trigger',
          JSON.stringify({
            projectId: project(),
            flowId: 'aaaaaaaaaaaaaaaaaaaaa',
            flowVersionId: 'aaaaaaaaaaaaaaaaaaaaa',
            testStrategy: 'TEST_FUNCTION',
          }),
        ),
      404,
      'ENTITY_NOT_FOUND',
    ],
    [
      'an app event for a piece that is not installed',
      () => send('POST', '/v1/app-events/no-such-app', '{"type":"message"}'),
      404,
      'ENTITY_NOT_FOUND',
    ],
    [
      'an app event for a piece without an app-level webhook',
      () => send('POST', '/v1/app-events/webhook', '{"type":"message"}'),
      409,
      'VALIDATION',
    ],
    [
      'a body over the size limit',
      () =>
        send(
          'POST',
          '/v1/projects',
          JSON.stringify({ displayName: 'x', metadata: { blob: 'x'.repeat(30 * 1024 * 1024) } }),
        ),
      413,
      'PAYLOAD_TOO_LARGE',
    ],
  ];

  it.each(cases)(
    'answers %s with a clear 4xx in the one error shape, writing nothing',
    async (_, call, status, code) => {
      const before = await rowCounts();
      const answer = await call();
      expect(answer.status).toBe(status);
      const body = ErrorBody.parse(answer.body);
      expect(body.code).toBe(code);
      expect(typeof body.params['message']).toBe('string');
      expect(String(body.params['message']).length).toBeGreaterThan(5);
      expect(await rowCounts()).toEqual(before);
      const health = await callApi(server.apiUrl, 'GET', '/v1/health');
      expect(health.status).toBe(200);
    },
  );

  it('lists what is wrong with a schema failure, field by field', async () => {
    const answer = await send(
      'POST',
      '/v1/app-connections',
      JSON.stringify({ projectId: project(), type: 'SECRET_TEXT' }),
    );
    expect(answer.status).toBe(400);
    const body = ErrorBody.parse(answer.body);
    const issues = body.params['issues'] as { path: string; message: string }[];
    expect(issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining(['externalId', 'displayName', 'pieceName']),
    );
  });

  it('never lets a __proto__ key change an object prototype', () => {
    expect(({} as Record<string, unknown>)['isAdmin']).toBeUndefined();
  });
});
