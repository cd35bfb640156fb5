/**
 * The pieces catalogue over HTTP: built-in pieces and fixture npm pieces placed in the server's
 * pieces directory (no registry), listed, filtered, read by version and by scoped name in both
 * spellings; bad input answers `{code, params}`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPieceworkClient, isApiError, type PieceworkClient } from '@piecework/client';
import { BUILTIN_PIECES } from '@piecework/pieces';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { placeFixturePiece } from '../../testing/test-pieces';
import { signUpTestUser, type TestUser } from '../../testing/test-users';

let server: TestServer;
let user: TestUser;
let client: PieceworkClient;
const MENU = '@fixtures/piece-menu';

beforeAll(async () => {
  server = await startTestServer();
  const piecesDir = server.server.context.settings.piecesDir;
  await placeFixturePiece(piecesDir, 'piece-menu', '1.0.0');
  await placeFixturePiece(piecesDir, 'piece-menu', '1.2.0');
  await placeFixturePiece(piecesDir, 'piece-echo', '1.0.0');
  // Placed by hand (the CLI does not check it is a piece): it must not break the listing.
  await placeFixturePiece(piecesDir, 'not-a-piece', '1.0.0');
  user = await signUpTestUser(server);
  client = createPieceworkClient({ baseUrl: server.url, token: user.token });
}, 30_000);
afterAll(() => server.close());

/** GET `path` below /api with the user's token: status and parsed body. */
async function get(path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.apiUrl}${path}`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  return { status: response.status, body: await response.json() };
}

const names = (pieces: { name: string }[]) => pieces.map((piece) => piece.name);

describe('GET /v1/pieces', () => {
  it('lists built-in and installed pieces once each, newest version, with counts, as a plain array', async () => {
    const { status, body } = await get('/v1/pieces');
    expect(status).toBe(200);
    const pieces = body as { name: string; version: string; actions: number; triggers: number }[];
    expect(Array.isArray(pieces)).toBe(true);
    expect(names(pieces)).toEqual(
      expect.arrayContaining([...BUILTIN_PIECES.map((piece) => piece.name), MENU, '@fixtures/piece-echo']),
    );
    expect(new Set(names(pieces)).size).toBe(pieces.length);
    expect(names(pieces)).not.toContain('@fixtures/not-a-piece');
    expect(server.logs).toContainEqual(
      expect.objectContaining({ level: 40, piece: { name: '@fixtures/not-a-piece', version: '1.0.0' } }),
    );
    expect(pieces.find((piece) => piece.name === MENU)).toMatchObject({
      version: '1.2.0',
      displayName: 'Menu',
      logoUrl: 'https://example.com/menu.svg',
      categories: ['PRODUCTIVITY'],
      actions: 1,
      triggers: 0,
      auth: { type: 'SECRET_TEXT' },
    });
  });

  it.each([
    ['a search on the display name, any case', { searchQuery: 'mEnU' }, [MENU]],
    ['a search on the description', { searchQuery: 'dishes to' }, [MENU]],
    ['a category', { categories: ['PRODUCTIVITY'], searchQuery: 'fixtures' }, [MENU]],
    ['a search that matches nothing', { searchQuery: 'no such piece anywhere' }, []],
  ])('filters by %s', async (_, query, expected) => {
    expect(names(await client.pieces.list(query))).toEqual(expected);
  });

  it('shows a project on an ALLOWED plan only its pieces, unless includeHidden', async () => {
    const project = await client.projects.create({ displayName: 'Kitchen' });
    await client.projects.update(project.id, { plan: { piecesFilterType: 'ALLOWED', pieces: [MENU] } });
    expect(names(await client.pieces.list({ projectId: project.id }))).toEqual([MENU]);
    const all = await client.pieces.list({ projectId: project.id, includeHidden: true });
    expect(all.length).toBeGreaterThan(1);
    expect(names(await client.pieces.list({ projectId: user.projectId! })).length).toBe(all.length);
  });

  it('sorts by display name and reverses with orderBy DESC, as Activepieces accepts', async () => {
    const displayNames = async (query: Parameters<PieceworkClient['pieces']['list']>[0]) =>
      (await client.pieces.list(query)).map((piece) => piece.displayName);
    const byName = await displayNames({ sortBy: 'NAME' });
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, 'en')));
    expect(await displayNames({ sortBy: 'NAME', orderBy: 'DESC' })).toEqual([...byName].reverse());
    const catalogue = await displayNames({});
    for (const sortBy of ['CREATED', 'UPDATED', 'POPULARITY'] as const) {
      expect(await displayNames({ sortBy })).toEqual(catalogue);
    }
    const answer = await get('/v1/pieces?sortBy=RANDOM');
    expect(answer).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
  });
});

describe('GET /v1/pieces/categories', () => {
  it("answers Activepieces' categories without a token", async () => {
    const response = await fetch(`${server.apiUrl}/v1/pieces/categories`);
    expect(response.status).toBe(200);
    const categories = (await response.json()) as string[];
    expect(categories).toHaveLength(17);
    expect(categories).toEqual(expect.arrayContaining(['CORE', 'PRODUCTIVITY', 'DEVELOPER_TOOLS']));
    expect(await createPieceworkClient({ baseUrl: server.url }).pieces.categories()).toEqual(categories);
  });
});

describe('a project on an ALLOWED plan', () => {
  it('gets 404 for pieces outside its list, on metadata and on options', async () => {
    const project = await client.projects.create({ displayName: 'Bakery' });
    await client.projects.update(project.id, { plan: { piecesFilterType: 'ALLOWED', pieces: [MENU] } });
    const inPlan = await client.pieces.get({ name: MENU }, { projectId: project.id });
    expect(inPlan.name).toBe(MENU);
    const statusOf = (call: Promise<unknown>) =>
      call.then(
        () => 200,
        (error: unknown) => (isApiError(error) ? `${String(error.status)} ${error.code}` : error),
      );
    const http = '@activepieces/piece-http';
    expect(await statusOf(client.pieces.get({ name: http }, { projectId: project.id }))).toBe(
      '404 ENTITY_NOT_FOUND',
    );
    expect(
      await statusOf(
        client.pieces.getScoped({ scope: '@activepieces', name: 'piece-http' }, { projectId: project.id }),
      ),
    ).toBe('404 ENTITY_NOT_FOUND');
    const options = {
      projectId: project.id,
      pieceName: http,
      pieceVersion: '0.9.1',
      actionOrTriggerName: 'send_request',
      propertyName: 'authFields',
      input: { authType: 'NONE' },
    };
    expect(await statusOf(client.pieces.options(options))).toBe('404 ENTITY_NOT_FOUND');
    expect(await statusOf(client.pieces.options({ ...options, projectId: user.projectId! }))).toBe(200);
    expect(await statusOf(client.pieces.get({ name: http }, { projectId: user.projectId! }))).toBe(200);
  });
});

describe('GET /v1/pieces/:name', () => {
  it.each([
    ['percent-encoded, newest', `/v1/pieces/${encodeURIComponent(MENU)}`, '1.2.0'],
    ['as two path segments', `/v1/pieces/${MENU}`, '1.2.0'],
    ['with an exact version', `/v1/pieces/${encodeURIComponent(MENU)}?version=1.0.0`, '1.0.0'],
    ['as two segments with a version', `/v1/pieces/${MENU}?version=1.0.0`, '1.0.0'],
  ])('answers the full metadata, %s', async (_, path, version) => {
    const { status, body } = await get(path);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      name: MENU,
      version,
      actions: { order: { name: 'order', props: { dish: { type: 'DROPDOWN' } } } },
      triggers: {},
    });
  });

  it('answers a built-in piece through the client', async () => {
    const http = await client.pieces.get({ name: '@activepieces/piece-http' });
    expect(http).toMatchObject({ name: '@activepieces/piece-http', actions: expect.any(Object) });
  });

  it.each([
    [
      'an unknown piece',
      `/v1/pieces/${encodeURIComponent('@fixtures/piece-nothing')}`,
      404,
      'ENTITY_NOT_FOUND',
    ],
    ['a version not installed', `/v1/pieces/${MENU}?version=9.9.9`, 404, 'ENTITY_NOT_FOUND'],
    ['a range instead of a version', `/v1/pieces/${MENU}?version=^1.0.0`, 400, 'VALIDATION'],
    ['a name that is no package name', `/v1/pieces/${encodeURIComponent('Bad Name!')}`, 400, 'VALIDATION'],
  ])('refuses %s with {code, params}', async (_, path, status, code) => {
    const answer = await get(path);
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ code, params: { message: expect.any(String) } });
  });
});

describe('GET /v1/pieces/:name/versions', () => {
  it.each([
    ['percent-encoded', `/v1/pieces/${encodeURIComponent(MENU)}/versions`],
    ['as two path segments', `/v1/pieces/${MENU}/versions`],
  ])('lists every installed version oldest first, %s', async (_, path) => {
    expect(await get(path)).toEqual({ status: 200, body: [{ version: '1.0.0' }, { version: '1.2.0' }] });
  });

  it('lists the built-in version of a built-in piece', async () => {
    const versions = await client.pieces.listVersions({ name: '@activepieces/piece-http' });
    expect(versions).toHaveLength(1);
  });

  it('answers 404 for an unknown piece', async () => {
    const error = await client.pieces.listVersions({ name: 'piece-nothing' }).catch((e: unknown) => e);
    expect(isApiError(error) && error.code).toBe('ENTITY_NOT_FOUND');
  });
});
