/**
 * Sessions across the app processes of a scale-out: two servers on one PostgreSQL database (each
 * with its own session-token cache). A session ended through one is refused by the other on its
 * very next request: the request check reads the session's row, nothing is cached per process.
 * Run once, in the SQLite project (it makes its own PostgreSQL database either way).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../../testing/call-api';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../../testing/test-postgres';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDatabaseType } from '../../testing/test-store';
import { signUpTestUser } from '../../testing/test-users';

describe.skipIf(testDatabaseType() !== 'SQLITE')('sessions on two app processes', () => {
  let database: TestPostgresDatabase;
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    database = await createTestPostgresDatabase();
    const env = {
      AP_DB_TYPE: 'POSTGRES',
      AP_POSTGRES_URL: database.url,
      AP_JWT_SECRET: 'a'.repeat(32),
      AP_ENCRYPTION_KEY: 'b'.repeat(32),
    };
    first = await startTestServer(env);
    second = await startTestServer(env);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await database?.drop();
  });

  const status = async (server: TestServer, token: string) =>
    (await callApi(server.apiUrl, 'GET', '/v1/projects', { token })).status;

  it('refuses a session ended through one process at the next request to the other', async () => {
    const user = await signUpTestUser(first);
    const signIn = await callApi<{ token: string }>(second.apiUrl, 'POST', '/v1/authentication/sign-in', {
      body: { email: user.email, password: 'correct horse battery' },
    });
    expect(signIn.status).toBe(200);
    const other = signIn.body.token;
    // Both processes have verified (and cached) both tokens.
    for (const server of [first, second]) {
      expect(await status(server, user.token)).toBe(200);
      expect(await status(server, other)).toBe(200);
    }

    const signedOut = await callApi(first.apiUrl, 'POST', '/v1/authentication/sign-out', { token: other });
    expect(signedOut.status).toBe(204);
    expect(await status(second, other)).toBe(401);
    expect(await status(first, other)).toBe(401);

    const refused = await callApi(second.apiUrl, 'POST', '/v1/users/me/sessions/end-others', {
      token: other,
    });
    expect(refused.status).toBe(401);
    const endedOthers = await callApi(second.apiUrl, 'POST', `/v1/users/${user.userId}/sessions/end`, {
      token: user.token,
    });
    expect(endedOthers).toMatchObject({ status: 200, body: { ended: 1 } });
    expect(await status(first, user.token)).toBe(401);
  });
});
