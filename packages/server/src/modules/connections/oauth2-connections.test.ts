/**
 * OAuth2 connections against a real OAuth2 provider on loopback (oauth2-mock-server): the consent
 * URL with PKCE, the code exchange at upsert (OAUTH2 with the request's client, PLATFORM_OAUTH2
 * with the platform's app), tokens refreshed before expiry when a run reads them and handed to
 * the piece fresh, one refresh however many runs ask at once (and however many processes),
 * ERROR after a failed refresh and ACTIVE after the next good one, and no secret in any answer
 * or log line.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConnection, FlowRun, OAuthApp, Page } from '@piecework/shared';
import { callApi, type ApiAnswer } from '../../testing/call-api';
import { placeFixturePiece } from '../../testing/test-pieces';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';
import { addAction, flowsApi, returnResponse, webhookTrigger } from '../../testing/features/flow-test-kit';
import { refreshUnderLease } from './oauth2/connection-refresh';
import { findStoredConnection } from './connection-repository';

const PIECE = '@fixtures/piece-oauth';
const CLIENT_ID = 'piecework-client';
const CLIENT_SECRET = 'client-secret-0f3c9a';
const APP_CLIENT_ID = 'platform-client';
const APP_SECRET = 'platform-secret-77b1d2';
const REDIRECT_URL = 'https://piecework.example/redirect';

/** One request the provider's token endpoint received. */
interface TokenCall {
  grantType: string;
  body: Record<string, string>;
  authorization: string | undefined;
}

let provider: OAuth2Server;
let providerUrl: string;
let server: TestServer;
let owner: TestUser;
let member: TestUser;
let projectId: string;
const tokenCalls: TokenCall[] = [];
/** Every token the provider issued and every code and secret sent: none may show up anywhere. */
const secrets = new Set<string>([CLIENT_SECRET, APP_SECRET]);
const answers: string[] = [];
/** How the provider answers the next token requests (expires_in, or a refusal of refreshes). */
const providerMode = { expiresIn: 3600, refuseRefresh: false };

beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  providerUrl = provider.issuer.url!;
  provider.service.on(
    'beforeResponse',
    (response: { body: Record<string, unknown>; statusCode: number }, req: IncomingMessage) => {
      const body = (req as IncomingMessage & { body: Record<string, string> }).body;
      tokenCalls.push({
        grantType: body['grant_type'] ?? '',
        body,
        authorization: req.headers.authorization,
      });
      if (body['grant_type'] === 'refresh_token' && providerMode.refuseRefresh) {
        response.statusCode = 400;
        response.body = { error: 'invalid_grant', error_description: 'The refresh token was revoked' };
        return;
      }
      response.body['expires_in'] = providerMode.expiresIn;
      // The provider's JWTs are equal within one second; each issued token must be told apart.
      response.body['access_token'] = `access-${randomUUID()}`;
      for (const key of ['access_token', 'refresh_token', 'id_token']) {
        if (typeof response.body[key] === 'string') secrets.add(response.body[key]);
      }
    },
  );
  server = await startTestServer({ AP_SSRF_ALLOW_LIST: '127.0.0.1' });
  await placeFixturePiece(server.server.context.settings.piecesDir, 'piece-oauth', '1.0.0');
  owner = await signUpTestUser(server);
  projectId = owner.projectId!;
  member = await addTestUser(server, owner.platformId, 'MEMBER', [{ projectId, role: 'Editor' }]);
}, 60_000);
afterAll(async () => {
  await server.close();
  await provider.stop();
});

async function api<T = unknown>(
  user: TestUser,
  method: string,
  path: string,
  body?: unknown,
  query?: Record<string, string>,
): Promise<ApiAnswer<T>> {
  const answer = await callApi<T>(server.apiUrl, method, path, {
    token: user.token,
    ...(body === undefined ? {} : { body }),
    ...(query === undefined ? {} : { query }),
  });
  answers.push(JSON.stringify(answer.body) ?? '');
  return answer;
}

/** Goes through consent: the server's authorization URL, then the provider's redirect with a code. */
async function consent(): Promise<{ code: string; codeVerifier: string; authorizationUrl: URL }> {
  const answer = await api<{ authorizationUrl: string; codeVerifier?: string }>(
    owner,
    'POST',
    '/v1/app-connections/oauth2/authorization-url',
    {
      pieceName: PIECE,
      connectionType: 'OAUTH2',
      projectId,
      clientId: CLIENT_ID,
      redirectUrl: REDIRECT_URL,
      props: { provider: providerUrl },
    },
  );
  expect(answer.status).toBe(200);
  const authorizationUrl = new URL(answer.body.authorizationUrl);
  const redirect = await fetch(authorizationUrl, { redirect: 'manual' });
  const code = new URL(redirect.headers.get('location') ?? '').searchParams.get('code') ?? '';
  secrets.add(code);
  return { code, codeVerifier: answer.body.codeVerifier ?? '', authorizationUrl };
}

/** Upserts an OAUTH2 connection `externalId` through consent, the provider's tokens living `expiresIn` s. */
async function connectOAuth2(externalId: string, expiresIn = 3600): Promise<ApiAnswer<AppConnection>> {
  const { code, codeVerifier } = await consent();
  providerMode.expiresIn = expiresIn;
  try {
    return await api<AppConnection>(owner, 'POST', '/v1/app-connections', {
      externalId,
      displayName: `OAuth ${externalId}`,
      pieceName: PIECE,
      projectId,
      type: 'OAUTH2',
      value: {
        type: 'OAUTH2',
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        code,
        code_challenge: codeVerifier,
        scope: 'read write',
        redirect_url: REDIRECT_URL,
        props: { provider: providerUrl },
      },
    });
  } finally {
    providerMode.expiresIn = 3600;
  }
}

/** The stored (sealed) value of connection `externalId`, opened. */
async function storedValue(externalId: string): Promise<Record<string, unknown>> {
  const row = await server.server.context.store.db
    .selectFrom('appConnection')
    .select('value')
    .where('projectId', '=', projectId)
    .where('externalId', '=', externalId)
    .executeTakeFirstOrThrow();
  return server.server.context.secrets.open<Record<string, unknown>>(row.value);
}

async function statusOf(externalId: string): Promise<string | undefined> {
  const answer = await api<Page<AppConnection>>(owner, 'GET', '/v1/app-connections', undefined, {
    projectId,
    limit: '100',
  });
  return answer.body.data.find((connection) => connection.externalId === externalId)?.status;
}

const flowIds = new Map<string, string>();

/** A published flow: webhook -> the fixture's whoami with connection `externalId` -> respond with its output. */
async function flowUsing(externalId: string): Promise<string> {
  const known = flowIds.get(externalId);
  if (known !== undefined) return known;
  const flows = flowsApi(server, owner.token);
  const flow = await flows.createFlow(projectId, `Uses ${externalId}`);
  await flows.apply(
    flow.id,
    { type: 'UPDATE_TRIGGER', request: webhookTrigger() },
    addAction({
      name: 'step_1',
      displayName: 'Who am I',
      type: 'PIECE',
      valid: true,
      settings: {
        pieceName: PIECE,
        pieceVersion: '1.0.0',
        actionName: 'whoami',
        propertySettings: {},
        input: { auth: `{{connections['${externalId}']}}` },
      },
    }),
    addAction(returnResponse('step_2', { body: "{{step_1['output']}}" }), 'step_1'),
    { type: 'LOCK_AND_PUBLISH', request: {} },
  );
  flowIds.set(externalId, flow.id);
  return flow.id;
}

/** Runs the flow using `externalId` and answers the sync webhook's status, body and run id. */
async function runWith(externalId: string): Promise<{ status: number; body: unknown; runId: string }> {
  const flowId = await flowUsing(externalId);
  const response = await fetch(`${server.apiUrl}/v1/webhooks/${flowId}/sync`, { method: 'POST', body: '{}' });
  const text = await response.text();
  answers.push(text);
  return {
    status: response.status,
    body: text === '' ? undefined : (JSON.parse(text) as unknown),
    runId: response.headers.get('x-webhook-id') ?? '',
  };
}

const digest = (token: unknown) => createHash('sha256').update(String(token)).digest('hex');
const refreshes = () => tokenCalls.filter((call) => call.grantType === 'refresh_token');

describe('OAUTH2 connections', () => {
  it('builds the consent URL from the piece, with a PKCE S256 challenge of the verifier it answers', async () => {
    const { authorizationUrl, codeVerifier } = await consent();
    const query = Object.fromEntries(authorizationUrl.searchParams);
    expect(`${authorizationUrl.origin}${authorizationUrl.pathname}`).toBe(`${providerUrl}/authorize`);
    expect(query).toMatchObject({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URL,
      scope: 'read write',
      code_challenge_method: 'S256',
      code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
    });
  });

  it('exchanges the code (with the PKCE verifier and the client secret) and stores the tokens encrypted', async () => {
    const before = tokenCalls.length;
    const answer = await connectOAuth2('main');
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ type: 'OAUTH2', status: 'ACTIVE', pieceName: PIECE });
    const [call] = tokenCalls.slice(before);
    expect(call).toMatchObject({
      grantType: 'authorization_code',
      body: { client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uri: REDIRECT_URL },
    });
    expect(call?.body['code_verifier']).toEqual(expect.any(String));
    const stored = await storedValue('main');
    expect(stored).toMatchObject({
      type: 'OAUTH2',
      token_url: `${providerUrl}/token`,
      client_id: CLIENT_ID,
      expires_in: 3600,
      claimed_at: expect.any(Number) as unknown,
    });
    expect(secrets.has(String(stored['access_token']))).toBe(true);
    const row = await server.server.context.store.db
      .selectFrom('appConnection')
      .select('value')
      .where('externalId', '=', 'main')
      .executeTakeFirstOrThrow();
    expect(row.value).not.toContain(String(stored['access_token']));
  });

  it('hands the piece its token, the refresh token redacted, without refreshing a token far from expiry', async () => {
    const before = refreshes().length;
    const run = await runWith('main');
    expect(run.status).toBe(200);
    expect(run.body).toEqual({
      type: 'OAUTH2',
      tokenDigest: digest((await storedValue('main'))['access_token']),
      refreshToken: '(REDACTED)',
      hasClientSecret: true,
    });
    expect(refreshes().length).toBe(before);
  });

  it('refreshes a token due to expire within 15 minutes, and the piece gets the fresh one', async () => {
    expect((await connectOAuth2('expiring', 600)).status).toBe(201);
    const claimed = await storedValue('expiring');
    const before = refreshes().length;
    const run = await runWith('expiring');
    expect(run.status).toBe(200);
    const after = refreshes().slice(before);
    expect(after).toHaveLength(1);
    expect(after[0]?.body).toMatchObject({
      refresh_token: claimed['refresh_token'],
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    });
    const refreshed = await storedValue('expiring');
    expect(refreshed['access_token']).not.toBe(claimed['access_token']);
    expect(refreshed).toMatchObject({ expires_in: 3600, token_url: `${providerUrl}/token` });
    expect(run.body).toMatchObject({ tokenDigest: digest(refreshed['access_token']) });
    // Fresh for an hour now: the next run uses it as it is.
    expect((await runWith('expiring')).status).toBe(200);
    expect(refreshes().length).toBe(before + 1);
  });

  it('refreshes once when many runs need the token at the same time, and all of them get it', async () => {
    expect((await connectOAuth2('busy', 600)).status).toBe(201);
    const before = refreshes().length;
    const runs = await Promise.all(Array.from({ length: 6 }, () => runWith('busy')));
    expect(runs.map((run) => run.status)).toEqual(Array(6).fill(200));
    expect(refreshes().length).toBe(before + 1);
    const fresh = digest((await storedValue('busy'))['access_token']);
    expect(runs.map((run) => (run.body as { tokenDigest: string }).tokenDigest)).toEqual(
      Array(6).fill(fresh),
    );
  });

  it('refreshes once when two processes race (the database lease decides)', async () => {
    expect((await connectOAuth2('raced', 600)).status).toBe(201);
    const ctx = server.server.context;
    const row = (await findStoredConnection(ctx.store.db, projectId, 'raced'))!;
    const before = refreshes().length;
    // Each call stands for another process: no in-process sharing, only the lease in the database.
    const [first, second] = await Promise.all([refreshUnderLease(ctx, row), refreshUnderLease(ctx, row)]);
    expect(refreshes().length).toBe(before + 1);
    expect((first as { access_token: string }).access_token).toBe(
      (second as { access_token: string }).access_token,
    );
  });

  it('marks the connection ERROR when the refresh fails, fails the step saying why, and ACTIVE once it works', async () => {
    expect((await connectOAuth2('revoked', 600)).status).toBe(201);
    providerMode.refuseRefresh = true;
    let failed: Awaited<ReturnType<typeof runWith>>;
    try {
      failed = await runWith('revoked');
    } finally {
      providerMode.refuseRefresh = false;
    }
    expect(failed.status).toBeGreaterThanOrEqual(400);
    expect(await statusOf('revoked')).toBe('ERROR');
    const run = await api<FlowRun>(owner, 'GET', `/v1/flow-runs/${failed.runId}`);
    expect(run.body.status).toBe('FAILED');
    const message = run.body.steps?.['step_1']?.errorMessage ?? '';
    expect(message).toContain("Connection 'revoked' could not be refreshed");
    expect(message).toContain('invalid_grant: The refresh token was revoked');
    expect(message).toContain('marked ERROR');

    const again = await runWith('revoked');
    expect(again.status).toBe(200);
    expect(await statusOf('revoked')).toBe('ACTIVE');
  });

  it('claims a client-credentials connection, and claims it again when it is due', async () => {
    const before = tokenCalls.length;
    providerMode.expiresIn = 600;
    let answer: ApiAnswer<AppConnection>;
    try {
      answer = await api<AppConnection>(owner, 'POST', '/v1/app-connections', {
        externalId: 'machine',
        displayName: 'Machine',
        pieceName: PIECE,
        projectId,
        type: 'OAUTH2',
        value: {
          type: 'OAUTH2',
          grant_type: 'client_credentials',
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          code: 'unused',
          scope: 'read',
          redirect_url: REDIRECT_URL,
          props: { provider: providerUrl },
        },
      });
    } finally {
      providerMode.expiresIn = 3600;
    }
    expect(answer.status).toBe(201);
    const run = await runWith('machine');
    expect(run.status).toBe(200);
    const calls = tokenCalls.slice(before);
    expect(calls.map((call) => call.grantType)).toEqual(['client_credentials', 'client_credentials']);
    expect(calls[1]?.body).toMatchObject({
      scope: 'read',
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    });
    expect(run.body).toMatchObject({ tokenDigest: digest((await storedValue('machine'))['access_token']) });
  });

  it.each([
    ['an empty code', { code: '' }, 400, 'VALIDATION'],
    ['a code the provider never issued', { code: 'forged' }, 400, 'INVALID_CLAIM'],
    ['a code with a wrong PKCE verifier', { code_challenge: 'x'.repeat(43) }, 400, 'INVALID_CLAIM'],
    ['a piece without OAuth2 auth', { pieceName: '@activepieces/piece-http' }, 400, 'INVALID_APP_CONNECTION'],
    ['an unknown piece', { pieceName: '@fixtures/piece-nowhere' }, 404, 'ENTITY_NOT_FOUND'],
  ])('refuses %s and writes nothing', async (_, overrides, status, code) => {
    const { code: authCode, codeVerifier } = await consent();
    const { pieceName, ...valueOverrides } = overrides as { pieceName?: string } & Record<string, string>;
    const answer = await api(owner, 'POST', '/v1/app-connections', {
      externalId: 'refused',
      displayName: 'Refused',
      pieceName: pieceName ?? PIECE,
      projectId,
      type: 'OAUTH2',
      value: {
        type: 'OAUTH2',
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        code: authCode,
        code_challenge: codeVerifier,
        scope: 'read',
        redirect_url: REDIRECT_URL,
        props: { provider: providerUrl },
        ...valueOverrides,
      },
    });
    expect(answer).toMatchObject({ status, body: { code } });
    expect(await statusOf('refused')).toBeUndefined();
  });

  it('answers CLOUD_OAUTH2 with 400 INVALID_APP_CONNECTION saying it is not offered', async () => {
    const answer = await api<{ code: string; params: { message: string } }>(
      owner,
      'POST',
      '/v1/app-connections',
      {
        externalId: 'cloud',
        displayName: 'Cloud',
        pieceName: PIECE,
        projectId,
        type: 'CLOUD_OAUTH2',
        value: { type: 'CLOUD_OAUTH2', client_id: 'x', code: 'y', scope: 'read' },
      },
    );
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('INVALID_APP_CONNECTION');
    expect(answer.body.params.message).toContain('CLOUD_OAUTH2 connections are not offered');
  });
});

describe('PLATFORM_OAUTH2 connections', () => {
  let app: OAuthApp;

  it('lets only platform admins set the OAuth2 app of a piece, and never answers its secret', async () => {
    const body = { pieceName: PIECE, clientId: APP_CLIENT_ID, clientSecret: APP_SECRET };
    expect(await api(member, 'POST', '/v1/oauth-apps', body)).toMatchObject({
      status: 403,
      body: { code: 'AUTHORIZATION' },
    });
    const answer = await api<OAuthApp>(owner, 'POST', '/v1/oauth-apps', body);
    expect(answer.status).toBe(200);
    app = answer.body;
    expect(app).toMatchObject({ pieceName: PIECE, clientId: APP_CLIENT_ID, platformId: owner.platformId });
    const listed = await api<Page<OAuthApp>>(member, 'GET', '/v1/oauth-apps');
    expect(listed.body.data).toEqual([app]);
  });

  it('refuses a PLATFORM_OAUTH2 connection whose client the platform has no app for (404)', async () => {
    const { code } = await consent();
    const answer = await api(
      owner,
      'POST',
      '/v1/app-connections',
      platformUpsert('unknown-app', code, 'other'),
    );
    expect(answer).toMatchObject({ status: 404, body: { code: 'ENTITY_NOT_FOUND' } });
  });

  it("claims and refreshes with the platform app's secret, which the connection does not keep", async () => {
    const { code } = await consent();
    const before = tokenCalls.length;
    providerMode.expiresIn = 600;
    let answer: ApiAnswer<AppConnection>;
    try {
      answer = await api<AppConnection>(
        owner,
        'POST',
        '/v1/app-connections',
        platformUpsert('platform', code),
      );
    } finally {
      providerMode.expiresIn = 3600;
    }
    expect(answer).toMatchObject({ status: 201, body: { type: 'PLATFORM_OAUTH2', status: 'ACTIVE' } });
    expect(tokenCalls[before]?.body).toMatchObject({ client_id: APP_CLIENT_ID, client_secret: APP_SECRET });
    expect(await storedValue('platform')).not.toHaveProperty('client_secret');

    const run = await runWith('platform');
    expect(run.status).toBe(200);
    const [refresh] = refreshes().slice(-1);
    expect(refresh?.body).toMatchObject({ client_id: APP_CLIENT_ID, client_secret: APP_SECRET });
    expect(run.body).toMatchObject({
      type: 'PLATFORM_OAUTH2',
      tokenDigest: digest((await storedValue('platform'))['access_token']),
      hasClientSecret: false,
    });
  });

  it('deletes an app (admins only)', async () => {
    expect((await api(member, 'DELETE', `/v1/oauth-apps/${app.id}`)).status).toBe(403);
    expect((await api(owner, 'DELETE', `/v1/oauth-apps/${app.id}`)).status).toBe(200);
    expect((await api(owner, 'DELETE', `/v1/oauth-apps/${app.id}`)).status).toBe(404);
  });
});

function platformUpsert(externalId: string, code: string, clientId = APP_CLIENT_ID) {
  return {
    externalId,
    displayName: `Platform ${externalId}`,
    pieceName: PIECE,
    projectId,
    type: 'PLATFORM_OAUTH2',
    value: {
      type: 'PLATFORM_OAUTH2',
      client_id: clientId,
      code,
      scope: 'read',
      redirect_url: REDIRECT_URL,
      props: { provider: providerUrl },
    },
  };
}

describe('the SSRF filter', () => {
  it('refuses a token URL on loopback unless AP_SSRF_ALLOW_LIST lets it through (400 INVALID_CLAIM)', async () => {
    const guarded = await startTestServer();
    try {
      await placeFixturePiece(guarded.server.context.settings.piecesDir, 'piece-oauth', '1.0.0');
      const user = await signUpTestUser(guarded);
      const before = tokenCalls.length;
      const answer = await callApi<{ code: string; params: { message: string } }>(
        guarded.apiUrl,
        'POST',
        '/v1/app-connections',
        {
          token: user.token,
          body: {
            externalId: 'blocked',
            displayName: 'Blocked',
            pieceName: PIECE,
            projectId: user.projectId,
            type: 'OAUTH2',
            value: {
              type: 'OAUTH2',
              client_id: CLIENT_ID,
              client_secret: CLIENT_SECRET,
              code: 'any',
              scope: 'read',
              redirect_url: REDIRECT_URL,
              props: { provider: providerUrl },
            },
          },
        },
      );
      answers.push(JSON.stringify(answer.body));
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('INVALID_CLAIM');
      expect(answer.body.params.message).toContain('could not be reached');
      expect(answer.body.params.message).toContain('blocked: loopback address');
      expect(tokenCalls.length).toBe(before);
    } finally {
      await guarded.close();
    }
  });
});

describe('secrets', () => {
  it('never appear in an answer or a log line', () => {
    expect(secrets.size).toBeGreaterThan(10);
    expect(answers.length).toBeGreaterThan(20);
    const texts = [...answers, ...server.logs.map((line) => JSON.stringify(line))];
    const leaks = texts.filter((text) =>
      [...secrets].some((secret) => secret !== '' && text.includes(secret)),
    );
    expect(leaks).toEqual([]);
  });
});
