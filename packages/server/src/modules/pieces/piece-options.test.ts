/**
 * `POST /v1/pieces/options` over HTTP: dropdown and dynamic properties of a fixture npm piece
 * (evaluated in the design-time piece process) and of built-in pieces, with the connection the
 * input references resolved in the project; bad input answers `{code, params}`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPieceworkClient, isApiError, type PieceworkClient } from '@piecework/client';
import type { PieceOptionsRequest } from '@piecework/shared';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { placeFixturePiece } from '../../testing/test-pieces';
import { signUpTestUser } from '../../testing/test-users';

const MENU = '@fixtures/piece-menu';
let server: TestServer;
let client: PieceworkClient;
let projectId: string;

beforeAll(async () => {
  server = await startTestServer();
  await placeFixturePiece(server.server.context.settings.piecesDir, 'piece-menu', '1.0.0');
  const user = await signUpTestUser(server);
  client = createPieceworkClient({ baseUrl: server.url, token: user.token });
  projectId = user.projectId!;
  await client.appConnections.upsert({
    externalId: 'menu-key',
    displayName: 'Menu key',
    pieceName: MENU,
    projectId,
    type: 'SECRET_TEXT',
    value: { type: 'SECRET_TEXT', secret_text: 'k1' },
  });
}, 30_000);
afterAll(() => server.close());

/** A request for the menu piece's `order` action: `propertyName` with `input`, and overrides. */
function menuRequest(
  propertyName: string,
  input: Record<string, unknown> = {},
  overrides: Partial<PieceOptionsRequest> = {},
): PieceOptionsRequest {
  return {
    projectId,
    pieceName: MENU,
    pieceVersion: '1.0.0',
    actionOrTriggerName: 'order',
    propertyName,
    input: { auth: "{{connections['menu-key']}}", course: 'fish', ...input },
    ...overrides,
  };
}

describe('POST /v1/pieces/options', () => {
  it.each([
    [
      "an npm dropdown, with the referenced connection's value",
      () => menuRequest('dish'),
      {
        type: 'DROPDOWN',
        options: {
          disabled: false,
          options: [
            { label: 'fish soup', value: 'fish soup|k1' },
            { label: 'fish salad', value: 'fish salad|k1' },
            { label: 'fish pie', value: 'fish pie|k1' },
          ],
        },
      },
    ],
    [
      'an npm dropdown narrowed by the search value',
      () => menuRequest('dish', {}, { searchValue: 'pie' }),
      {
        type: 'DROPDOWN',
        options: { disabled: false, options: [{ label: 'fish pie', value: 'fish pie|k1' }] },
      },
    ],
    [
      'an npm dropdown without a connection',
      () => menuRequest('dish', { auth: undefined }),
      { type: 'DROPDOWN', options: { disabled: true, options: [], placeholder: 'Connect first' } },
    ],
    [
      'an npm dynamic property',
      () => menuRequest('extras', { course: 'meat' }),
      {
        type: 'DYNAMIC',
        options: { meat_sauce: { type: 'SHORT_TEXT', displayName: 'Sauce', required: false } },
      },
    ],
    [
      'a built-in dynamic property (HTTP auth fields)',
      () => ({
        projectId,
        pieceName: '@activepieces/piece-http',
        pieceVersion: '0.9.1',
        actionOrTriggerName: 'send_request',
        propertyName: 'authFields',
        input: { authType: 'BEARER_TOKEN' },
      }),
      {
        type: 'DYNAMIC',
        options: { token: expect.objectContaining({ type: 'SHORT_TEXT', required: true }) },
      },
    ],
    [
      'a built-in static dropdown',
      () => ({
        projectId,
        pieceName: '@activepieces/piece-http',
        pieceVersion: '0.9.1',
        actionOrTriggerName: 'send_request',
        propertyName: 'authType',
        input: {},
      }),
      {
        type: 'STATIC_DROPDOWN',
        options: { options: expect.arrayContaining([{ label: 'None', value: 'NONE' }]) },
      },
    ],
  ])('evaluates %s', async (_, request, expected) => {
    expect(await client.pieces.options(request())).toEqual(expected);
  });

  it.each([
    [
      'an unknown connection',
      () => menuRequest('dish', { auth: "{{connections['nope']}}" }),
      404,
      'ENTITY_NOT_FOUND',
      'connection nope',
    ],
    [
      'a piece version not installed',
      () => menuRequest('dish', {}, { pieceVersion: '9.0.0' }),
      404,
      'ENTITY_NOT_FOUND',
      '9.0.0',
    ],
    [
      'an unknown action',
      () => menuRequest('dish', {}, { actionOrTriggerName: 'cook' }),
      404,
      'ENTITY_NOT_FOUND',
      "'cook'",
    ],
    ['an unknown property', () => menuRequest('drink'), 404, 'ENTITY_NOT_FOUND', "'drink'"],
    ['a property without options', () => menuRequest('course'), 400, 'VALIDATION', 'SHORT_TEXT'],
    [
      'a property whose function throws',
      () => menuRequest('broken'),
      409,
      'VALIDATION',
      'the kitchen is closed',
    ],
    [
      'a version range',
      () => menuRequest('dish', {}, { pieceVersion: '^1.0.0' }),
      400,
      'VALIDATION',
      'pieceVersion',
    ],
  ])('refuses %s with {code, params} naming it', async (_, request, status, code, mentioned) => {
    const error = await client.pieces.options(request()).catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    if (!isApiError(error)) return;
    expect({ status: error.status, code: error.code }).toEqual({ status, code });
    expect(JSON.stringify(error.params)).toContain(mentioned);
  });
});
