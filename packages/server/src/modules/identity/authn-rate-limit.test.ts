/**
 * The authentication rate limit over real HTTP, each client on its own loopback address (the server
 * trusts no proxy header, so the socket's address is the client IP): the request past the limit
 * from one IP is 429 with Retry-After, another IP with another email is untouched, the per-email
 * limit holds whichever IPs the attempts come from, sign-up is limited too, the window's end lets
 * requests through again, and two server processes on one PostgreSQL database (or two servers on
 * one Redis) count together.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postFrom, type FromAnswer } from '../../testing/call-from';
import { newTestRedisPrefix, testRedisUrl } from '../../testing/in-process-cluster';
import { deleteRedisKeys } from '../../testing/scale-out-cluster';
import { freePort, startServerProcess, type ServerProcess } from '../../testing/server-process';
import { createTestPostgresDatabase, type TestPostgresDatabase } from '../../testing/test-postgres';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { testDatabaseType } from '../../testing/test-store';
import { signUpTestUser } from '../../testing/test-users';

const MAX = 3;
const password = 'correct horse battery';

let server: TestServer;
let known: { email: string };
beforeAll(async () => {
  server = await startTestServer({ AP_API_RATE_LIMIT_AUTHN_MAX: String(MAX) });
  known = await signUpTestUser(server);
});
afterAll(() => server.close());

let counter = 0;
function freshEmail(): string {
  counter += 1;
  return `nobody${String(counter)}@example.com`;
}

function signIn(apiUrl: string, from: string, email: string, pass = 'wrong password') {
  return postFrom(from, `${apiUrl}/v1/authentication/sign-in`, { email, password: pass });
}

function expectLimited(answer: FromAnswer, windowSeconds = 60): void {
  expect(answer.status).toBe(429);
  expect(answer.body).toMatchObject({ code: 'RATE_LIMITED', params: { message: expect.any(String) } });
  const retryAfter = Number(answer.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(answer.body['params']).toMatchObject({ retryAfterSeconds: retryAfter });
}

describe('per client IP', () => {
  it(`answers the sign-in past ${String(MAX)} from one IP with 429 and Retry-After`, async () => {
    for (let i = 0; i < MAX; i += 1) {
      expect((await signIn(server.apiUrl, '127.0.0.2', freshEmail())).status).toBe(401);
    }
    expectLimited(await signIn(server.apiUrl, '127.0.0.2', freshEmail()));
    // Even the right password: the IP waits for the window.
    expectLimited(await signIn(server.apiUrl, '127.0.0.2', known.email, password));
  });

  it('leaves another IP with another email alone', async () => {
    expect((await signIn(server.apiUrl, '127.0.0.3', freshEmail())).status).toBe(401);
    expect((await signIn(server.apiUrl, '127.0.0.3', known.email, password)).status).toBe(200);
  });

  it('limits sign-up the same way, counted apart from sign-in', async () => {
    const signUp = (email: string) =>
      postFrom('127.0.0.4', `${server.apiUrl}/v1/authentication/sign-up`, {
        email,
        password,
        firstName: 'Rate',
        lastName: 'Limited',
      });
    for (let i = 0; i < MAX; i += 1)
      expect((await signUp(`new${String(i)}-${freshEmail()}`)).status).toBe(200);
    expectLimited(await signUp(freshEmail()));
    expect((await signIn(server.apiUrl, '127.0.0.4', freshEmail())).status).toBe(401);
  });
});

describe('per email', () => {
  it('holds the limit of one email across IPs, normalised to lower case', async () => {
    const email = freshEmail();
    const spellings = [email, email.toUpperCase(), ` ${email}`];
    for (let i = 0; i < MAX; i += 1) {
      const answer = await signIn(server.apiUrl, `127.0.1.${String(i + 1)}`, spellings[i]!.trim());
      expect(answer.status).toBe(401);
    }
    expectLimited(await signIn(server.apiUrl, '127.0.1.9', email.toUpperCase()));
    // That IP is fine for other emails.
    expect((await signIn(server.apiUrl, '127.0.1.9', freshEmail())).status).toBe(401);
  });

  it("locks a known user's email from every IP, even with the right password, until the window ends", async () => {
    const user = await signUpTestUser(server);
    for (let i = 0; i < MAX; i += 1) {
      expect((await signIn(server.apiUrl, `127.0.2.${String(i + 1)}`, user.email)).status).toBe(401);
    }
    expectLimited(await signIn(server.apiUrl, '127.0.2.9', user.email, password));
  });
});

describe('the window', () => {
  it('lets requests through again once the window is over', async () => {
    const short = await startTestServer({
      AP_API_RATE_LIMIT_AUTHN_MAX: '1',
      AP_API_RATE_LIMIT_AUTHN_WINDOW: '1 second',
    });
    try {
      const email = freshEmail();
      expect((await signIn(short.apiUrl, '127.0.3.1', email)).status).toBe(401);
      const limited = await signIn(short.apiUrl, '127.0.3.1', email);
      expectLimited(limited, 1);
      await new Promise((done) => setTimeout(done, Number(limited.headers['retry-after']) * 1000 + 150));
      expect((await signIn(short.apiUrl, '127.0.3.1', email)).status).toBe(401);
    } finally {
      await short.close();
    }
  });

  it('limits nothing with AP_API_RATE_LIMIT_AUTHN_ENABLED=false', async () => {
    const open = await startTestServer({
      AP_API_RATE_LIMIT_AUTHN_ENABLED: 'false',
      AP_API_RATE_LIMIT_AUTHN_MAX: '1',
    });
    try {
      const email = freshEmail();
      for (let i = 0; i < 4; i += 1) expect((await signIn(open.apiUrl, '127.0.4.1', email)).status).toBe(401);
    } finally {
      await open.close();
    }
  });
});

// These start their own PostgreSQL databases and Redis whatever the run's engine: once is enough.
describe.skipIf(testDatabaseType() !== 'SQLITE')('shared counters', () => {
  let database: TestPostgresDatabase;
  const dirs: string[] = [];
  beforeAll(async () => {
    database = await createTestPostgresDatabase();
  });
  afterAll(async () => {
    await database.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  function dataDir(): string {
    const dir = mkdtempSync(join(tmpdir(), 'piecework-ratelimit-'));
    dirs.push(dir);
    return dir;
  }

  it('counts one limit across two server processes on one PostgreSQL database', async () => {
    const env = {
      AP_DB_TYPE: 'POSTGRES',
      AP_POSTGRES_URL: database.url,
      AP_API_RATE_LIMIT_AUTHN_MAX: String(MAX),
      AP_JWT_SECRET: 'a'.repeat(32),
      AP_ENCRYPTION_KEY: 'b'.repeat(32),
    };
    const first: ServerProcess = await startServerProcess(dataDir(), await freePort(), env);
    let second: ServerProcess | undefined;
    try {
      second = await startServerProcess(dataDir(), await freePort(), env);
      const email = freshEmail();
      const apis = [first.apiUrl, second.apiUrl];
      for (let i = 0; i < MAX; i += 1) {
        expect((await signIn(apis[i % 2]!, '127.0.5.1', email)).status).toBe(401);
      }
      expectLimited(await signIn(apis[MAX % 2]!, '127.0.5.1', freshEmail()));
      expectLimited(await signIn(apis[(MAX + 1) % 2]!, '127.0.5.2', email));
      const rows = await countRows(database.url);
      expect(rows).toBeGreaterThan(0);
    } finally {
      await second?.kill();
      await first.kill();
    }
  }, 90_000);

  it('counts one limit across two servers on one Redis, and keeps no rows in the database', async () => {
    const prefix = newTestRedisPrefix();
    const redisDatabase = await createTestPostgresDatabase();
    const env = {
      AP_DB_TYPE: 'POSTGRES',
      AP_POSTGRES_URL: redisDatabase.url,
      AP_REDIS_URL: testRedisUrl(),
      AP_REDIS_KEY_PREFIX: prefix,
      AP_API_RATE_LIMIT_AUTHN_MAX: String(MAX),
    };
    const servers = [await startTestServer(env), await startTestServer(env)];
    try {
      const email = freshEmail();
      for (let i = 0; i < MAX; i += 1) {
        expect((await signIn(servers[i % 2]!.apiUrl, '127.0.6.1', email)).status).toBe(401);
      }
      expectLimited(await signIn(servers[MAX % 2]!.apiUrl, '127.0.6.2', email));
      expect(await countRows(redisDatabase.url)).toBe(0);
    } finally {
      for (const running of servers) await running.close();
      await deleteRedisKeys(testRedisUrl(), prefix);
      await redisDatabase.drop();
    }
  }, 60_000);
});

async function countRows(url: string): Promise<number> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select count(*) as n from "rateLimit"');
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}
