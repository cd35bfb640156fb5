import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuditEvent,
  AuthenticationResponse,
  CreatedSigningKey,
  Page,
  type ProjectPlan,
} from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { epochSeconds, hmacToken, signExternalToken, unsignedToken } from '../../testing/external-tokens';
import { rowCounts } from '../../testing/row-counts';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { signUpTestUser, type TestUser } from '../../testing/test-users';

let server: TestServer;
let admin: TestUser;
let keyA: CreatedSigningKey;
let keyB: CreatedSigningKey;
let deletedKey: CreatedSigningKey;

async function createKey(token: string): Promise<CreatedSigningKey> {
  const answer = await callApi(server.apiUrl, 'POST', '/v1/signing-keys', {
    token,
    body: { displayName: 'Host' },
  });
  return CreatedSigningKey.parse(answer.body);
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signUpTestUser(server);
  const other = await signUpTestUser(server);
  [keyA, keyB, deletedKey] = await Promise.all([
    createKey(admin.token),
    createKey(other.token),
    createKey(admin.token),
  ]);
  await callApi(server.apiUrl, 'DELETE', `/v1/signing-keys/${deletedKey.id}`, { token: admin.token });
}, 60_000);
afterAll(() => server.close());

/** v3 claims for user `u` of project `p`, valid for 5 minutes, with `overrides`. */
function claims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    version: 'v3',
    externalUserId: 'host-user-1',
    externalProjectId: 'host-project-1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    exp: epochSeconds(300),
    ...overrides,
  };
}

const exchange = (externalAccessToken: string) =>
  callApi(server.apiUrl, 'POST', '/v1/managed-authn/external-token', { body: { externalAccessToken } });

const TABLES = ['user', 'project', 'projectMember', 'auditEvent', 'platform', 'signingKey'] as const;

async function signUpEvents(userId: string): Promise<AuditEvent[]> {
  const answer = await callApi(server.apiUrl, 'GET', '/v1/audit-events', {
    token: admin.token,
    query: { action: 'user.signed.up', limit: '100' },
  });
  return Page(AuditEvent)
    .parse(answer.body)
    .data.filter((event) => event.userId === userId);
}

async function membershipOf(userId: string) {
  return server.server.context.store.db
    .selectFrom('projectMember')
    .innerJoin('projectRole', 'projectRole.id', 'projectMember.projectRoleId')
    .select(['projectMember.projectId', 'projectRole.name'])
    .where('projectMember.userId', '=', userId)
    .execute();
}

async function projectRow(id: string) {
  return server.server.context.store.db
    .selectFrom('project')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('managed authentication: a good token', () => {
  it('creates the project, user and membership, and the session works', async () => {
    const answer = await exchange(
      signExternalToken(
        keyA.privateKey,
        keyA.id,
        claims({
          email: 'Ada@Host.example',
          role: 'VIEWER',
          projectDisplayName: 'Acme',
          piecesFilterType: 'ALLOWED',
          piecesTags: ['HTTP', '@activepieces/piece-webhook', 'no-such-piece'],
        }),
      ),
    );
    expect(answer.status).toBe(200);
    const session = AuthenticationResponse.parse(answer.body);
    expect(session).toMatchObject({
      platformId: admin.platformId,
      externalId: 'host-user-1',
      email: 'ada@host.example',
      firstName: 'Ada',
      lastName: 'Lovelace',
      platformRole: 'MEMBER',
      status: 'ACTIVE',
      verified: true,
    });
    const project = await projectRow(session.projectId ?? '');
    expect(project).toMatchObject({
      platformId: admin.platformId,
      externalId: 'host-project-1',
      displayName: 'Acme',
      type: 'TEAM',
      ownerId: admin.userId,
    });
    const plan = JSON.parse(project.plan) as ProjectPlan;
    expect(plan.piecesFilterType).toBe('ALLOWED');
    expect([...plan.pieces].sort()).toEqual(['@activepieces/piece-http', '@activepieces/piece-webhook']);
    expect(await membershipOf(session.id)).toEqual([{ projectId: project.id, name: 'Viewer' }]);

    const flows = await callApi(server.apiUrl, 'GET', '/v1/flows', {
      token: session.token,
      query: { projectId: project.id },
    });
    expect(flows.status).toBe(200);
    const refused = await callApi(server.apiUrl, 'POST', '/v1/flows', {
      token: session.token,
      body: { projectId: project.id, displayName: 'Viewer cannot' },
    });
    expect(refused.status).toBe(403);
    const pieces = await callApi<{ name: string }[]>(server.apiUrl, 'GET', '/v1/pieces', {
      token: session.token,
      query: { projectId: project.id },
    });
    expect(pieces.body.map((piece) => piece.name).sort()).toEqual(plan.pieces.slice().sort());
  });

  it('reuses the rows on a second exchange, updating names, role and plan; signs up once', async () => {
    const first = AuthenticationResponse.parse(
      (await exchange(signExternalToken(keyA.privateKey, keyA.id, claims({ email: 'ada@host.example' }))))
        .body,
    );
    const before = await rowCounts(server, ['user', 'project', 'projectMember']);
    const answer = await exchange(
      signExternalToken(keyA.privateKey, keyA.id, {
        // The v2 shape: no version, the filter under `pieces`.
        externalUserId: 'host-user-1',
        externalProjectId: 'host-project-1',
        firstName: 'Augusta',
        lastName: 'King',
        role: 'admin',
        projectDisplayName: 'Acme Ltd',
        pieces: { filterType: 'NONE' },
        exp: epochSeconds(60),
      }),
    );
    expect(answer.status).toBe(200);
    const second = AuthenticationResponse.parse(answer.body);
    expect(second).toMatchObject({
      id: first.id,
      projectId: first.projectId,
      firstName: 'Augusta',
      lastName: 'King',
    });
    expect(await rowCounts(server, ['user', 'project', 'projectMember'])).toEqual(before);
    const project = await projectRow(second.projectId ?? '');
    expect(project.displayName).toBe('Acme Ltd');
    expect(JSON.parse(project.plan)).toMatchObject({ piecesFilterType: 'NONE', pieces: [] });
    expect(await membershipOf(second.id)).toEqual([{ projectId: project.id, name: 'Admin' }]);
    const events = await signUpEvents(second.id);
    expect(events.map((event) => event.data)).toEqual([
      {
        source: 'managed',
        user: { id: second.id, email: 'ada@host.example', firstName: 'Ada', lastName: 'Lovelace' },
      },
    ]);
  });

  it('gives a user without a usable email a stable synthetic address, and defaults to Editor', async () => {
    const cases = [
      { externalUserId: 'no-email' },
      { externalUserId: 'taken-email', email: admin.email },
      { externalUserId: 'bad-email', email: 'not an email' },
    ];
    const emails = new Set<string>();
    for (const overrides of cases) {
      const answer = await exchange(signExternalToken(keyA.privateKey, keyA.id, claims(overrides)));
      const session = AuthenticationResponse.parse(answer.body);
      expect(session.email).toMatch(/^managed-[0-9a-f]{24}@embedded\.invalid$/);
      emails.add(session.email);
      const again = AuthenticationResponse.parse(
        (await exchange(signExternalToken(keyA.privateKey, keyA.id, claims(overrides)))).body,
      );
      expect(again.email).toBe(session.email);
      expect(await membershipOf(session.id)).toEqual([{ projectId: session.projectId, name: 'Editor' }]);
    }
    expect(emails.size).toBe(3);
  });

  it('keeps a user the platform deactivated out (403), writing nothing', async () => {
    const session = AuthenticationResponse.parse(
      (
        await exchange(
          signExternalToken(keyA.privateKey, keyA.id, claims({ externalUserId: 'to-deactivate' })),
        )
      ).body,
    );
    const update = await callApi(server.apiUrl, 'POST', `/v1/users/${session.id}`, {
      token: admin.token,
      body: { status: 'INACTIVE' },
    });
    expect(update.status).toBe(200);
    const before = await rowCounts(server, TABLES);
    const answer = await exchange(
      signExternalToken(
        keyA.privateKey,
        keyA.id,
        claims({ externalUserId: 'to-deactivate', firstName: 'New' }),
      ),
    );
    expect(answer.status).toBe(403);
    expect(await rowCounts(server, TABLES)).toEqual(before);
  });
});

describe('managed authentication: refused tokens', () => {
  const good = () => signExternalToken(keyA.privateKey, keyA.id, claims({ externalUserId: 'attacker' }));
  const tamper = (token: string, part: 1 | 2) => {
    const parts = token.split('.');
    if (part === 1)
      parts[1] = Buffer.from(JSON.stringify(claims({ externalUserId: 'someone-else' }))).toString(
        'base64url',
      );
    else parts[2] = `${parts[2]!.slice(0, -4)}${parts[2]!.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    return parts.join('.');
  };
  const rows: [string, () => string][] = [
    [
      'an expired token',
      () => signExternalToken(keyA.privateKey, keyA.id, claims({ exp: epochSeconds(-31) })),
    ],
    ['a token without exp', () => signExternalToken(keyA.privateKey, keyA.id, claims({ exp: undefined }))],
    [
      'a token not valid yet (nbf)',
      () => signExternalToken(keyA.privateKey, keyA.id, claims({ nbf: epochSeconds(120) })),
    ],
    [
      'a token issued in the future (iat)',
      () => signExternalToken(keyA.privateKey, keyA.id, claims({ iat: epochSeconds(120) })),
    ],
    ['a tampered payload', () => tamper(good(), 1)],
    ['a tampered signature', () => tamper(good(), 2)],
    ['alg none, unsigned', () => `${unsignedToken({ alg: 'none', typ: 'JWT', kid: keyA.id }, claims())}.`],
    [
      'alg none with a signature',
      () => `${unsignedToken({ alg: 'none', kid: keyA.id }, claims())}.${good().split('.')[2]!}`,
    ],
    ['HS256 keyed with the public key text', () => hmacToken(keyA.publicKey, keyA.id, claims())],
    ['RS512 in the header', () => signExternalToken(keyA.privateKey, keyA.id, claims(), { alg: 'RS512' })],
    ['no kid', () => signExternalToken(keyA.privateKey, keyA.id, claims(), { kid: undefined })],
    ['an unknown kid', () => signExternalToken(keyA.privateKey, 'a'.repeat(21), claims())],
    ['a deleted key', () => signExternalToken(deletedKey.privateKey, deletedKey.id, claims())],
    [
      "platform B's private key with platform A's kid",
      () => signExternalToken(keyB.privateKey, keyA.id, claims()),
    ],
    ['not a JWT', () => 'not-a-jwt'],
    ['four parts', () => `${good()}.extra`],
    [
      'claims without externalProjectId',
      () => signExternalToken(keyA.privateKey, keyA.id, claims({ externalProjectId: undefined })),
    ],
    [
      'an unknown piece filter',
      () => signExternalToken(keyA.privateKey, keyA.id, claims({ piecesFilterType: 'BLOCKED' })),
    ],
    ['an unknown role name', () => signExternalToken(keyA.privateKey, keyA.id, claims({ role: 'Overlord' }))],
  ];
  it.each([
    ['an expired token', 0, 'The token has expired'],
    ['a token without exp', 1, 'The token has no expiry'],
    ['a token not valid yet (nbf)', 2, "The token's nbf is in the future"],
    ['a token issued in the future (iat)', 3, "The token's iat is in the future"],
    ['a tampered signature', 5, "The token's signature does not match its signing key"],
    ['alg none, unsigned', 6, 'The token must be signed with RS256'],
    ['HS256 keyed with the public key text', 8, 'The token must be signed with RS256'],
    ['no kid', 10, 'The token has no signing key id'],
  ] as const)('says what failed for %s', async (_, row, message) => {
    const answer = await exchange(rows[row]![1]());
    expect((answer.body as { params: { message: string } }).params.message).toContain(message);
  });

  it.each(rows)('answers %s with 401 INVALID_BEARER_TOKEN and writes nothing', async (_, token) => {
    const before = await rowCounts(server, TABLES);
    const answer = await exchange(token());
    expect(answer).toMatchObject({ status: 401, body: { code: 'INVALID_BEARER_TOKEN' } });
    expect(typeof (answer.body as { params: { message?: unknown } }).params.message).toBe('string');
    expect(await rowCounts(server, TABLES)).toEqual(before);
  });
});
