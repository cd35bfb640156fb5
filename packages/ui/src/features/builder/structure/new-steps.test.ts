import type { ActionMetadata, PieceProperty, TriggerMetadata } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { newCodeStep, newLoopStep, newPieceStep, newPieceTrigger, newRouterStep } from './new-steps';

const prop = (required: boolean, defaultValue?: unknown): PieceProperty => ({
  type: 'SHORT_TEXT',
  displayName: 'Text',
  required,
  ...(defaultValue === undefined ? {} : { defaultValue }),
});
const piece = { name: '@activepieces/piece-slack', version: '0.9.1' };

function action(props: ActionMetadata['props'], extra: Partial<ActionMetadata> = {}): ActionMetadata {
  return {
    name: 'send_message',
    displayName: 'Send Message',
    description: '',
    props,
    requireAuth: true,
    ...extra,
  };
}

describe('newPieceStep', () => {
  it("starts with the action's defaults, valid when every required property has one", () => {
    const step = newPieceStep('step_2', piece, action({ channel: prop(true, 'general'), note: prop(false) }));
    expect(step).toMatchObject({ name: 'step_2', displayName: 'Send Message', type: 'PIECE', valid: true });
    expect(step.settings).toMatchObject({
      pieceName: piece.name,
      pieceVersion: piece.version,
      actionName: 'send_message',
      input: { channel: 'general' },
      propertySettings: {},
    });
  });

  it('is not valid while a required property has no default, MARKDOWN notes aside', () => {
    expect(newPieceStep('step_2', piece, action({ channel: prop(true) })).valid).toBe(false);
    const note: PieceProperty = { type: 'MARKDOWN', displayName: 'Note', required: true };
    expect(newPieceStep('step_2', piece, action({ note })).valid).toBe(true);
  });

  it("takes the action's error-handling defaults, off when it declares none", () => {
    const withDefaults = action({}, { errorHandlingOptions: { retryOnFailure: { defaultValue: true } } });
    expect(newPieceStep('step_2', piece, withDefaults).settings).toMatchObject({
      errorHandlingOptions: { continueOnFailure: { value: false }, retryOnFailure: { value: true } },
    });
  });
});

describe('newPieceTrigger', () => {
  it("makes the flow's trigger with the trigger's defaults", () => {
    const trigger = {
      name: 'new_message',
      displayName: 'New Message',
      description: '',
      props: { channel: prop(true, 'general') },
      requireAuth: true,
    } as unknown as TriggerMetadata;
    const request = newPieceTrigger(piece, trigger);
    expect(request).toMatchObject({ name: 'trigger', type: 'PIECE_TRIGGER', valid: true });
    expect(request.settings).toMatchObject({ triggerName: 'new_message', input: { channel: 'general' } });
  });
});

describe('new core steps', () => {
  it('makes a valid code step, and a loop and a router that need settings before they are valid', () => {
    expect(newCodeStep('step_1')).toMatchObject({ type: 'CODE', valid: true });
    expect(newLoopStep('step_1')).toMatchObject({
      type: 'LOOP_ON_ITEMS',
      valid: false,
      settings: { items: '' },
    });
    const router = newRouterStep('step_1');
    expect(router).toMatchObject({ type: 'ROUTER', valid: false });
    expect(router.type === 'ROUTER' && router.settings.branches.map((branch) => branch.branchName)).toEqual([
      'Branch 1',
      'Otherwise',
    ]);
  });
});
