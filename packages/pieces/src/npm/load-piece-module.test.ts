import { describe, expect, it } from 'vitest';
import { findPieceExport, loadPieceModule } from './load-piece-module';
import { REAL_PIECES, testResolver } from './testing/fixture-pieces';

const resolve = testResolver();

describe('loadPieceModule on the installed packages', () => {
  it.each([
    [
      REAL_PIECES.webhook,
      '1',
      undefined,
      ['return_response', 'return_response_and_wait_for_next_webhook'],
      ['catch_webhook'],
    ],
    [
      REAL_PIECES.store,
      '2',
      undefined,
      ['add_to_list', 'append', 'get', 'put', 'remove_from_list', 'remove_value'],
      [],
    ],
    [
      REAL_PIECES.subflows,
      '2',
      undefined,
      ['callFlow', 'returnResponse', 'streamCsvToSubflows'],
      ['callableFlow'],
    ],
    [REAL_PIECES.delay, '1', undefined, ['delayFor', 'delay_until'], []],
    [REAL_PIECES.dataMapper, '1', undefined, ['advanced_mapping'], []],
    [
      REAL_PIECES.schedule,
      undefined,
      undefined,
      [],
      ['cron_expression', 'every_day', 'every_hour', 'every_month', 'every_week', 'every_x_minutes'],
    ],
    [
      REAL_PIECES.openai,
      undefined,
      'CUSTOM_AUTH',
      [
        'ask_assistant',
        'ask_chatgpt',
        'custom_api_call',
        'generate_image',
        'text_to_speech',
        'transcribe',
        'translate',
        'vision_prompt',
      ],
      [],
    ],
    [
      REAL_PIECES.slack,
      '2',
      ['OAUTH2', 'CUSTOM_AUTH'],
      expect.arrayContaining(['markdownToSlackFormat', 'custom_api_call', 'send_channel_message']),
      expect.arrayContaining(['new-message']),
    ],
  ])('%j: context %s, auth %j', async ([name, version], contextVersion, authType, actions, triggers) => {
    const piece = loadPieceModule(await resolve(name, version));
    expect(piece.contextVersion).toBe(contextVersion);
    expect(piece.metadata).toMatchObject({ name, version, contextVersion });
    const auth = piece.metadata.auth;
    expect(Array.isArray(auth) ? auth.map((variant) => variant.type) : auth?.type).toEqual(authType);
    expect(Object.keys(piece.metadata.actions).sort()).toEqual(actions);
    expect(Object.keys(piece.metadata.triggers).sort()).toEqual(triggers);
    expect(() => structuredClone(piece.metadata)).not.toThrow();
  });

  it('keeps the props and requireAuth of each action, without their functions', async () => {
    const piece = loadPieceModule(await resolve(...REAL_PIECES.slack));
    expect(piece.metadata.actions.markdownToSlackFormat).toMatchObject({
      requireAuth: false,
      props: { markdown: { type: 'LONG_TEXT', required: true } },
    });
    expect(piece.metadata.actions.send_channel_message?.props.channel).not.toHaveProperty('options');
    expect(piece.definition.actions.markdownToSlackFormat?.run).toBeTypeOf('function');
  });
});

describe('findPieceExport', () => {
  const shaped = { displayName: 'P', actions: () => ({}), triggers: () => ({}) };
  class Piece {
    _actions = { a: { name: 'a', displayName: 'A', props: {}, run: async () => 1 } };
    _triggers = {};
    displayName = 'Old';
  }

  it.each<[string, unknown, unknown]>([
    ['the module itself', shaped, shaped],
    ['a named export, by duck typing', { auth: {}, piece: shaped }, shaped],
  ])('finds %s', (_, exports, expected) => {
    expect(findPieceExport(exports)).toBe(expected);
  });

  it('adapts a piece of the pre-rename framework, and refuses modules without a piece', () => {
    const adapted = findPieceExport({ gmail: new Piece() }, 'gmail@0.2.0');
    expect(adapted.displayName).toBe('Old');
    expect(Object.keys(adapted.actions())).toEqual(['a']);
    expect(adapted.actions().a).toMatchObject({ requireAuth: false, description: '' });
    expect(() => findPieceExport({ helper: {} }, 'x@1.0.0')).toThrow(
      'x@1.0.0 exports no piece (an object with displayName, actions() and triggers())',
    );
  });
});
