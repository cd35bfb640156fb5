/**
 * While PostgreSQL does not answer, API requests get 503 `DATABASE_UNAVAILABLE` (not a 500, not a
 * hang), and service resumes without a restart when it answers again. The server reaches its
 * database through a TCP proxy the test cuts and restores. PostgreSQL only: a SQLite file cannot
 * go away.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../testing/call-api';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../testing/test-postgres';
import { startTestServer, type TestServer } from '../testing/test-server';
import { testDatabaseType } from '../testing/test-store';
import { signUpTestUser, type TestUser } from '../testing/test-users';

describe.runIf(testDatabaseType() === 'POSTGRES')('a PostgreSQL server that stops answering', () => {
  let database: TestPostgresDatabase;
  let proxy: TcpProxy;
  let server: TestServer;
  let user: TestUser;
  // Starting a server took past vitest's default 10 s for a hook on a crowded 2-core machine.
  beforeAll(async () => {
    database = await createTestPostgresDatabase();
    const url = new URL(database.url);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${String(proxy.port)}`;
    server = await startTestServer({ AP_DB_TYPE: 'POSTGRES', AP_POSTGRES_URL: url.toString() });
    user = await signUpTestUser(server);
  }, 60_000);
  afterAll(async () => {
    await proxy.restore().catch(() => undefined);
    await server.close();
    await proxy.close();
    await database.drop();
  });

  const listFlows = () =>
    callApi(server.apiUrl, 'GET', '/v1/flows', {
      token: user.token,
      query: { projectId: user.projectId ?? '' },
    });

  it('answers 503 DATABASE_UNAVAILABLE meanwhile, then serves again without a restart', async () => {
    expect((await listFlows()).status).toBe(200);

    await proxy.cut();
    const during = await listFlows();
    expect(during.status).toBe(503);
    expect(during.body).toEqual({
      code: 'DATABASE_UNAVAILABLE',
      params: { message: 'The database does not answer; try again shortly' },
    });
    const write = await callApi(server.apiUrl, 'POST', '/v1/flows', {
      token: user.token,
      body: { displayName: 'During the outage', projectId: user.projectId },
    });
    expect(write.status).toBe(503);

    await proxy.restore();
    const after = await listFlows();
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ data: [] });
  });
});
