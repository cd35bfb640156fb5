import { describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA_VERSION, FlowVersion } from '../flow-version';
import type { Step } from '../step';
import type { Trigger } from '../trigger';
import { createEmptyFlowVersion } from './new-version';
import { findStep } from './walk';
import { add, apply, codeStep, emptyDraft, LATER, NOW, outline, webhookTrigger } from '../../testing';

describe('UPDATE_TRIGGER', () => {
  it('replaces the trigger and keeps its chain and sample data; version exact', () => {
    const draft = apply(emptyDraft(), add('trigger', codeStep('step_1')), {
      type: 'UPDATE_SAMPLE_DATA_INFO',
      request: { stepName: 'trigger', sampleDataSettings: { sampleDataFileId: 's1' } },
    });
    const request = {
      ...webhookTrigger(),
      displayName: 'Every hour',
      settings: {
        ...webhookTrigger().settings,
        pieceVersion: '~0.1.5',
        pieceName: '@activepieces/piece-schedule',
      },
    };
    const version = apply(draft, { type: 'UPDATE_TRIGGER', request });
    expect(outline(version)).toEqual(['step_1']);
    expect(version.trigger).toMatchObject({
      displayName: 'Every hour',
      settings: {
        pieceVersion: '0.1.5',
        pieceName: '@activepieces/piece-schedule',
        sampleData: { sampleDataFileId: 's1' },
      },
    });
  });

  it('an EMPTY trigger makes the version invalid', () => {
    const version = apply(emptyDraft(), {
      type: 'UPDATE_TRIGGER',
      request: { name: 'trigger', displayName: 'Empty', type: 'EMPTY', settings: {}, valid: true },
    });
    expect(version.trigger.valid).toBe(false);
    expect(version.valid).toBe(false);
  });
});

describe('IMPORT_FLOW', () => {
  const oldDialectTrigger: Trigger = {
    ...webhookTrigger(),
    nextAction: {
      name: 'step_1',
      displayName: 'Code',
      type: 'CODE',
      valid: true,
      settings: {
        sourceCode: { code: 'export const code = async (inputs) => inputs.step_1;', packageJson: '{}' },
        input: { body: "{{trigger['body']}}", x: '{{trigger.body.x}} and {{step_1}}' },
      },
      nextAction: {
        name: 'step_2',
        displayName: 'Loop',
        type: 'LOOP_ON_ITEMS',
        valid: true,
        settings: { items: '{{step_1.items}}' },
        firstLoopAction: {
          name: 'step_3',
          displayName: 'Inner',
          type: 'CODE',
          valid: true,
          settings: {
            sourceCode: { code: 'export const code = async () => 1;', packageJson: '{}' },
            input: { i: "{{step_2['item']}}", keep: "{{step_1['output'].a}}" },
          },
        },
      },
    },
  };

  it('replaces name, chain and notes and upgrades old-dialect references (never code source)', () => {
    const draft = apply(emptyDraft(), add('trigger', codeStep('step_9')));
    const version = apply(draft, {
      type: 'IMPORT_FLOW',
      request: {
        displayName: 'Imported',
        trigger: oldDialectTrigger,
        schemaVersion: '16',
        notes: [
          { id: 'n1', content: 'hi', color: 'blue', position: { x: 1, y: 2 }, size: { width: 3, height: 4 } },
        ],
      },
    });
    expect(version.displayName).toBe('Imported');
    expect(version.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    expect(outline(version)).toEqual(['step_1', { step_2: ['step_3'] }]);
    expect(findStep(version, 'step_1')?.settings).toMatchObject({
      sourceCode: { code: 'export const code = async (inputs) => inputs.step_1;' },
      input: {
        body: "{{trigger['output']['body']}}",
        x: "{{trigger['output'].body.x}} and {{step_1['output']}}",
      },
    });
    expect(findStep(version, 'step_2')?.settings).toMatchObject({ items: "{{step_1['output'].items}}" });
    expect(findStep(version, 'step_3')?.settings).toMatchObject({
      input: { i: "{{step_2['output']['item']}}", keep: "{{step_1['output'].a}}" },
    });
    expect(version.notes).toEqual([
      {
        id: 'n1',
        content: 'hi',
        color: 'blue',
        position: { x: 1, y: 2 },
        size: { width: 3, height: 4 },
        ownerId: null,
        createdAt: NOW,
        updatedAt: NOW,
      },
    ]);
    expect(FlowVersion.safeParse(version).success).toBe(true);
  });

  it('a flow already in the current dialect is imported as it is', () => {
    const exported = apply(
      emptyDraft(),
      add('trigger', codeStep('step_1', { a: '{{step_1.notRewritten}}' })),
    );
    const version = apply(emptyDraft(), {
      type: 'IMPORT_FLOW',
      request: { displayName: 'Again', trigger: exported.trigger, schemaVersion: CURRENT_SCHEMA_VERSION },
    });
    expect(findStep(version, 'step_1')?.settings).toMatchObject({ input: { a: '{{step_1.notRewritten}}' } });
  });

  it('refuses a flow with two steps of one name', () => {
    const duplicateNames: Trigger = {
      ...webhookTrigger(),
      nextAction: { ...(oldDialectTrigger.nextAction as Step), name: 'step_2' },
    };
    expect(() =>
      apply(emptyDraft(), { type: 'IMPORT_FLOW', request: { displayName: 'x', trigger: duplicateNames } }),
    ).toThrow(/two steps named 'step_2'/);
  });
});

describe('CHANGE_NAME and locked versions', () => {
  it('renames the version', () => {
    expect(
      apply(emptyDraft(), { type: 'CHANGE_NAME', request: { displayName: 'New name' } }).displayName,
    ).toBe('New name');
  });

  it('refuses every edit of a LOCKED version', () => {
    const locked = { ...emptyDraft(), state: 'LOCKED' as const };
    expect(() => apply(locked, { type: 'CHANGE_NAME', request: { displayName: 'x' } })).toThrow(/is locked/);
    expect(() => apply(locked, add('trigger', codeStep('step_1')))).toThrow(/is locked/);
  });
});

describe('a new flow', () => {
  it('has an EMPTY trigger and is not valid', () => {
    const version = createEmptyFlowVersion({
      id: 'a'.repeat(21),
      flowId: 'b'.repeat(21),
      displayName: 'New',
      now: LATER,
    });
    expect(version).toMatchObject({
      valid: false,
      state: 'DRAFT',
      trigger: { type: 'EMPTY', name: 'trigger', valid: false },
    });
    expect(FlowVersion.safeParse(version).success).toBe(true);
  });
});
