import type { PieceAuth, PieceProperty } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import {
  needsConnection,
  pieceSettingsValid,
  withChosenAction,
  type PieceChoices,
  type PieceSettings,
} from './piece-settings';

const text = (required: boolean, defaultValue?: unknown): PieceProperty => ({
  type: 'SHORT_TEXT',
  displayName: 'Text',
  required,
  ...(defaultValue === undefined ? {} : { defaultValue }),
});

const choices: PieceChoices = {
  send_message: {
    requireAuth: true,
    props: { channel: text(true), text: text(true), username: text(false, 'Bot') },
  },
  get_time: { requireAuth: false, props: { zone: text(false, 'UTC') } },
};
const auth = { type: 'SECRET_TEXT', displayName: 'Token', required: true } as PieceAuth;

const settings = (extra: Partial<PieceSettings>): PieceSettings => ({
  pieceName: '@activepieces/piece-slack',
  pieceVersion: '0.1.0',
  input: {},
  propertySettings: {},
  ...extra,
});

describe('pieceSettingsValid', () => {
  it('needs an action chosen, one the piece has', () => {
    expect(pieceSettingsValid(settings({}), 'actionName', choices, undefined)).toBe(false);
    expect(pieceSettingsValid(settings({ actionName: 'gone' }), 'actionName', choices, undefined)).toBe(
      false,
    );
    expect(pieceSettingsValid(settings({ actionName: 'get_time' }), 'actionName', choices, undefined)).toBe(
      true,
    );
  });

  it('needs the connection when the piece has an auth, unless the action does without', () => {
    const filled = { channel: 'C1', text: 'Hi' };
    const send = (input: Record<string, unknown>) => settings({ actionName: 'send_message', input });
    expect(pieceSettingsValid(send(filled), 'actionName', choices, auth)).toBe(false);
    expect(pieceSettingsValid(send({ ...filled, auth: '' }), 'actionName', choices, auth)).toBe(false);
    expect(
      pieceSettingsValid(send({ ...filled, auth: "{{connections['slack']}}" }), 'actionName', choices, auth),
    ).toBe(true);
    expect(pieceSettingsValid(send(filled), 'actionName', choices, undefined)).toBe(true);
    expect(pieceSettingsValid(settings({ actionName: 'get_time' }), 'actionName', choices, auth)).toBe(true);
  });

  it('needs every required property filled, references counting as filled', () => {
    const send = (input: Record<string, unknown>) =>
      settings({ actionName: 'send_message', input: { auth: 'x', ...input } });
    expect(pieceSettingsValid(send({ channel: 'C1' }), 'actionName', choices, auth)).toBe(false);
    expect(pieceSettingsValid(send({ channel: 'C1', text: ' ' }), 'actionName', choices, auth)).toBe(false);
    expect(
      pieceSettingsValid(send({ channel: 'C1', text: '{{trigger.body}}' }), 'actionName', choices, auth),
    ).toBe(true);
  });

  it("reads a trigger's name from triggerName", () => {
    expect(pieceSettingsValid(settings({ triggerName: 'get_time' }), 'triggerName', choices, auth)).toBe(
      true,
    );
    expect(pieceSettingsValid(settings({ triggerName: 'get_time' }), 'actionName', choices, auth)).toBe(
      false,
    );
  });
});

describe('withChosenAction', () => {
  const current = settings({
    actionName: 'send_message',
    input: { auth: "{{connections['slack']}}", channel: 'C1', text: 'Hi' },
    propertySettings: { channel: { type: 'DYNAMIC' } },
  });

  it("starts the new action's input over from its defaults, keeping the connection", () => {
    expect(withChosenAction(current, 'actionName', 'get_time', choices)).toEqual({
      ...current,
      actionName: 'get_time',
      input: { auth: "{{connections['slack']}}", zone: 'UTC' },
      propertySettings: {},
    });
  });

  it('chooses none for the empty choice, and keeps no connection that was not set', () => {
    const none = withChosenAction(current, 'actionName', '', choices);
    expect(none.actionName).toBeUndefined();
    expect(none.input).toEqual({ auth: "{{connections['slack']}}" });
    const noAuth = withChosenAction(settings({}), 'triggerName', 'send_message', choices);
    expect(noAuth.triggerName).toBe('send_message');
    expect(noAuth.input).toEqual({ username: 'Bot' });
  });
});

describe('needsConnection', () => {
  it('is true only for a piece with an auth and a chosen action that does not opt out', () => {
    expect(needsConnection(auth, choices, 'send_message')).toBe(true);
    expect(needsConnection(auth, choices, 'get_time')).toBe(false);
    expect(needsConnection(undefined, choices, 'send_message')).toBe(false);
    expect(needsConnection(auth, choices, undefined)).toBe(false);
  });
});
