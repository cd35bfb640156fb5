/**
 * Installing and removing npm pieces over HTTP, from a local npm registry on loopback (fixture
 * packages packed with `npm pack`; the public registry is never asked): the catalogue and the
 * server's availability see each change at once; bad names, unknown packages or versions and
 * packages that are not pieces answer 4xx `{code, params}` and leave nothing behind; only an
 * admin of the server's first platform may change the server's pieces.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPieceworkClient, isApiError, type PieceworkClient } from '@piecework/client';
import { startLocalNpmRegistry, type LocalNpmRegistry } from '../../testing/local-npm-registry';
import { FIXTURE_PIECES_DIR } from '../../testing/test-pieces';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { addTestUser, signUpTestUser } from '../../testing/test-users';

const MENU = '@fixtures/piece-menu';
const NOT_A_PIECE = '@fixtures/not-a-piece';
let registry: LocalNpmRegistry;
let npmCache: string;
let server: TestServer;
let admin: PieceworkClient;
let member: PieceworkClient;
let otherPlatformAdmin: PieceworkClient;
const savedEnv = { ...process.env };

beforeAll(async () => {
  registry = await startLocalNpmRegistry([
    { name: MENU, version: '1.0.0', folder: join(FIXTURE_PIECES_DIR, 'piece-menu') },
    { name: MENU, version: '1.1.0', folder: join(FIXTURE_PIECES_DIR, 'piece-menu') },
    { name: NOT_A_PIECE, version: '1.0.0', folder: join(FIXTURE_PIECES_DIR, 'not-a-piece') },
  ]);
  npmCache = await mkdtemp(join(tmpdir(), 'piecework-npm-cache-'));
  // npm reads its registry from the environment the server's npm child processes inherit.
  process.env['npm_config_registry'] = registry.url;
  process.env['npm_config_cache'] = npmCache;
  process.env['npm_config_update_notifier'] = 'false';
  server = await startTestServer();
  const owner = await signUpTestUser(server);
  admin = createPieceworkClient({ baseUrl: server.url, token: owner.token });
  const memberUser = await addTestUser(server, owner.platformId, 'MEMBER', []);
  member = createPieceworkClient({ baseUrl: server.url, token: memberUser.token });
  const stranger = await signUpTestUser(server);
  otherPlatformAdmin = createPieceworkClient({ baseUrl: server.url, token: stranger.token });
}, 60_000);
afterAll(async () => {
  await server.close();
  await registry.close();
  await rm(npmCache, { recursive: true, force: true });
  process.env = savedEnv;
});

const piecesDir = () => server.server.context.settings.piecesDir;
const installedFolders = async () => (await readdir(piecesDir()).catch(() => [])).sort();

async function errorOf(call: Promise<unknown>): Promise<{ status: number; code: string; params: object }> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isApiError(error)) throw new Error(`expected an API error, got ${String(error)}`);
  return { status: error.status, code: error.code, params: error.params };
}

describe('POST /v1/pieces', () => {
  it('installs the newest matching version; the catalogue and availability see it at once', async () => {
    expect(await server.server.context.pieces.has(MENU, '1.1.0')).toBe(false);
    const installed = await admin.pieces.install({ pieceName: MENU, pieceVersion: '^1.0.0' });
    expect(installed).toEqual({ name: MENU, version: '1.1.0', installed: true });
    expect(await server.server.context.pieces.has(MENU, '1.1.0')).toBe(true);
    expect(await admin.pieces.listVersions({ name: MENU })).toEqual([{ version: '1.1.0' }]);
    expect(await admin.pieces.get({ name: MENU })).toMatchObject({ version: '1.1.0', displayName: 'Menu' });
    expect((await admin.pieces.list()).map((piece) => piece.name)).toContain(MENU);
    expect(await admin.pieces.install({ pieceName: MENU, pieceVersion: '1.1.0' })).toEqual({
      name: MENU,
      version: '1.1.0',
      installed: false,
    });
  }, 60_000);

  it('installs a version asked for twice at once exactly once, leaving it whole', async () => {
    const both = await Promise.all([
      admin.pieces.install({ pieceName: MENU, pieceVersion: '1.0.0' }),
      admin.pieces.install({ pieceName: MENU, pieceVersion: '1.0.0' }),
    ]);
    expect(both.map((answer) => answer.installed).sort()).toEqual([false, true]);
    expect(await admin.pieces.get({ name: MENU }, { version: '1.0.0' })).toMatchObject({ version: '1.0.0' });
    await admin.pieces.delete({ name: MENU }, { version: '1.0.0' });
  }, 60_000);

  it.each([
    [
      'an unknown package',
      { pieceName: '@fixtures/piece-nowhere' },
      404,
      'ENTITY_NOT_FOUND',
      'PACKAGE_NOT_FOUND',
    ],
    [
      'a version that does not exist',
      { pieceName: MENU, pieceVersion: '7.0.0' },
      404,
      'ENTITY_NOT_FOUND',
      'VERSION_NOT_FOUND',
    ],
    [
      'a package that is not a piece',
      { pieceName: NOT_A_PIECE, pieceVersion: '1.0.0' },
      400,
      'VALIDATION',
      'NOT_A_PIECE',
    ],
    ['a name that is no package name', { pieceName: '../../etc' }, 400, 'VALIDATION', undefined],
    [
      'a version with shell characters',
      { pieceName: MENU, pieceVersion: '1.0.0; rm -rf /' },
      400,
      'VALIDATION',
      undefined,
    ],
    [
      // A built-in's name may be installed from npm (for versions the built-in does not implement):
      // this registry does not have it.
      'a built-in piece the registry does not have',
      { pieceName: '@activepieces/piece-http' },
      404,
      'ENTITY_NOT_FOUND',
      'PACKAGE_NOT_FOUND',
    ],
  ])(
    'refuses %s with 4xx naming the problem, leaving nothing behind',
    async (_, body, status, code, reason) => {
      const before = await installedFolders();
      const error = await errorOf(admin.pieces.install(body));
      expect(error).toMatchObject({ status, code, params: { message: expect.any(String) } });
      if (reason !== undefined) {
        expect(error.params).toMatchObject({ reason, pieceName: body.pieceName });
        expect((error.params as { message: string }).message).toContain(body.pieceName);
      }
      expect(await installedFolders()).toEqual(before);
    },
    60_000,
  );

  it('answers 502 naming the package when the registry cannot be reached, leaving nothing behind', async () => {
    const before = await installedFolders();
    const registryUrl = process.env['npm_config_registry'];
    process.env['npm_config_registry'] = 'http://127.0.0.1:9/';
    process.env['npm_config_fetch_retries'] = '0';
    try {
      const error = await errorOf(admin.pieces.install({ pieceName: MENU, pieceVersion: '1.0.0' }));
      expect(error).toMatchObject({
        status: 502,
        code: 'INTERNAL_ERROR',
        params: { reason: 'INSTALL_FAILED', pieceName: MENU },
      });
    } finally {
      process.env['npm_config_registry'] = registryUrl;
      delete process.env['npm_config_fetch_retries'];
    }
    expect(await installedFolders()).toEqual(before);
  }, 60_000);

  it.each([
    ['a MEMBER of the first platform', () => member],
    ['the admin of another platform (pieces are server-wide)', () => otherPlatformAdmin],
  ])('answers %s 403 and installs nothing', async (_, client) => {
    const before = await installedFolders();
    const error = await errorOf(client().pieces.install({ pieceName: MENU, pieceVersion: '1.0.0' }));
    expect(error).toMatchObject({ status: 403, code: 'AUTHORIZATION' });
    expect(await installedFolders()).toEqual(before);
  });
});

describe('DELETE /v1/pieces/:name', () => {
  it.each([
    ['a MEMBER of the first platform', () => member],
    ['the admin of another platform', () => otherPlatformAdmin],
  ])('answers %s 403 and removes nothing', async (_, client) => {
    const error = await errorOf(client().pieces.delete({ name: MENU }, { version: '1.1.0' }));
    expect(error).toMatchObject({ status: 403, code: 'AUTHORIZATION' });
    expect(await server.server.context.pieces.has(MENU, '1.1.0')).toBe(true);
  });

  it.each([
    ['a version not installed', MENU, { version: '1.0.0' }, 404, 'ENTITY_NOT_FOUND'],
    ['a built-in piece', '@activepieces/piece-http', { version: '0.1.0' }, 409, 'VALIDATION'],
    ['no version', MENU, {}, 400, 'VALIDATION'],
  ])('refuses %s', async (_, name, query, status, code) => {
    const error = await errorOf(admin.pieces.delete({ name }, query as { version: string }));
    expect(error).toMatchObject({ status, code });
    expect(await server.server.context.pieces.has(MENU, '1.1.0')).toBe(true);
  });

  it('removes a version; the catalogue and availability forget it at once', async () => {
    expect(await server.server.context.pieces.has(MENU, '1.1.0')).toBe(true);
    await admin.pieces.delete({ name: MENU }, { version: '1.1.0' });
    expect(await server.server.context.pieces.has(MENU, '1.1.0')).toBe(false);
    expect(await installedFolders()).toEqual([]);
    expect((await errorOf(admin.pieces.get({ name: MENU }))).status).toBe(404);
    expect((await admin.pieces.list()).map((piece) => piece.name)).not.toContain(MENU);
  });
});
