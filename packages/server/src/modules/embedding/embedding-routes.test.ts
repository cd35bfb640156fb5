import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AllowedEmbedOrigins, type FeatureFlags } from '@piecework/shared';
import { callApi } from '../../testing/call-api';
import { rowCounts } from '../../testing/row-counts';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser, type TestUser } from '../../testing/test-users';
import { MAX_ALLOWED_EMBED_ORIGINS } from './embed-origin-list';

const PATH = '/v1/embed-subdomain/allowed-embed-origins';
const ENV_ORIGIN = 'https://env.example.com';

/** A stand-in web app build: the pages' CSP is what is tested, not the app. */
function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'piecework-embed-app-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Piecework</title>');
  return dir;
}

let server: TestServer;
let admin: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  server = await startTestServer(
    { AP_ALLOWED_EMBED_ORIGINS: `${ENV_ORIGIN},https://*.partner.example` },
    { webApp: fakeBuild() },
  );
  // The first platform (its list is the page CSP's); the stranger's platform comes second.
  admin = await signUpTestUser(server);
  stranger = await signUpTestUser(server);
});
afterAll(() => server.close());

async function change(path: string, origins: string[], token = admin.token) {
  return callApi(server.apiUrl, 'POST', path, { token, body: { allowedEmbedOrigins: origins } });
}

async function listed(token = admin.token): Promise<string[]> {
  const answer = await callApi(server.apiUrl, 'GET', PATH, { token });
  expect(answer.status).toBe(200);
  return AllowedEmbedOrigins.parse(answer.body).allowedEmbedOrigins;
}

function frameAncestors(csp: string | null): string[] {
  const directive = (csp ?? '').split('; ').find((part) => part.startsWith('frame-ancestors '));
  return directive?.split(' ').slice(1) ?? [];
}

describe('allowed embed origins', () => {
  it('adds (merged, deduplicated, order kept), lists and removes', async () => {
    const steps: [string, string, string[], string[]][] = [
      [
        'add two',
        PATH,
        ['https://app.example.com', 'https://*.shop.example'],
        ['https://app.example.com', 'https://*.shop.example'],
      ],
      [
        'add again with repeats (case and default port do not count)',
        PATH,
        ['https://APP.example.com:443', 'http://localhost:5173', 'http://localhost:5173'],
        ['https://app.example.com', 'https://*.shop.example', 'http://localhost:5173'],
      ],
      [
        'remove one, and one never added',
        `${PATH}/remove`,
        ['https://*.shop.example', 'https://never.example'],
        ['https://app.example.com', 'http://localhost:5173'],
      ],
    ];
    for (const [, path, origins, expected] of steps) {
      const answer = await change(path, origins);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ allowedEmbedOrigins: expected });
      expect(await listed()).toEqual(expected);
    }
    expect(await listed(stranger.token)).toEqual([]);
  });

  it.each([
    ['a path', ['https://app.example.com/embed']],
    ['a trailing slash', ['https://app.example.com/']],
    ['no scheme', ['app.example.com']],
    ['a CSP-breaking value', ["https://a.example.com; script-src 'unsafe-inline'"]],
    ['an empty list', []],
  ])('refuses %s with 400 and changes nothing', async (_, origins) => {
    const before = await listed();
    const answer = await change(PATH, origins);
    expect(answer).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
    expect(await listed()).toEqual(before);
  });

  it(`caps a platform at ${String(MAX_ALLOWED_EMBED_ORIGINS)} origins (409 VALIDATION, nothing added)`, async () => {
    const many = Array.from(
      { length: MAX_ALLOWED_EMBED_ORIGINS + 1 },
      (_, i) => `https://site${String(i)}.example`,
    );
    const over = await change(PATH, many, stranger.token);
    expect(over).toMatchObject({ status: 409, body: { code: 'VALIDATION' } });
    expect((over.body as { params: { message: string } }).params.message).toContain(
      `at most ${String(MAX_ALLOWED_EMBED_ORIGINS)}`,
    );
    expect(await listed(stranger.token)).toEqual([]);
    const exactly = await change(PATH, many.slice(0, MAX_ALLOWED_EMBED_ORIGINS), stranger.token);
    expect(exactly.status).toBe(200);
    expect(await listed(stranger.token)).toHaveLength(MAX_ALLOWED_EMBED_ORIGINS);
    await change(`${PATH}/remove`, many, stranger.token);
  });

  it('is for platform admins: a MEMBER gets 403 and changes nothing', async () => {
    const member = await addTestUser(server, admin.platformId, 'MEMBER');
    const before = await rowCounts(server, ['platform', 'auditEvent']);
    const origins = await listed();
    for (const [method, path] of [
      ['GET', PATH],
      ['POST', PATH],
      ['POST', `${PATH}/remove`],
    ] as const) {
      const answer = await callApi(server.apiUrl, method, path, {
        token: member.token,
        ...(method === 'POST' ? { body: { allowedEmbedOrigins: ['https://member.example'] } } : {}),
      });
      expect(answer.status).toBe(403);
    }
    expect(await listed()).toEqual(origins);
    expect(await rowCounts(server, ['platform', 'auditEvent'])).toEqual(before);
  });
});

describe('the page CSP and the flags', () => {
  it("lets exactly 'self', AP_ALLOWED_EMBED_ORIGINS and the first platform's origins frame the pages", async () => {
    await change(PATH, ['https://fresh.example.com']);
    await change(PATH, ['https://second-platform.example'], stranger.token);
    const expected = ["'self'", ENV_ORIGIN, 'https://*.partner.example', ...(await listed())];
    expect(expected).toContain('https://fresh.example.com');
    for (const path of ['/', '/flows', '/index.html']) {
      const page = await fetch(`${server.url}${path}`);
      expect(page.status).toBe(200);
      expect(frameAncestors(page.headers.get('content-security-policy'))).toEqual(expected);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(page.headers.get('x-frame-options')).toBeNull();
    }
    const flags = await callApi<FeatureFlags>(server.apiUrl, 'GET', '/v1/flags');
    expect(flags.body['ALLOWED_EMBED_ORIGINS']).toEqual(expected.slice(1));

    await change(`${PATH}/remove`, ['https://fresh.example.com']);
    const after = await fetch(`${server.url}/`);
    expect(frameAncestors(after.headers.get('content-security-policy'))).not.toContain(
      'https://fresh.example.com',
    );
  });

  it("keeps frame-ancestors 'none' on API answers, without X-Frame-Options", async () => {
    for (const path of ['/v1/health', PATH]) {
      const answer = await fetch(`${server.apiUrl}${path}`, {
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(answer.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(answer.headers.get('x-frame-options')).toBeNull();
    }
  });
});
