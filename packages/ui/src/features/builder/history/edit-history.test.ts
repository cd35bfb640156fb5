/**
 * The builder's undo history: each edit with its inverse, quick changes of one field folded into
 * one undo, redo cleared by a new edit, the stacks kept across reloads, and the sentence that
 * stops an undo when someone changed what the edit touched.
 */
import { applyFlowVersionOperation, type FlowVersion, type FlowVersionOperation } from '@piecework/shared';
import { add, apply, codeStep, emptyDraft, NOW } from '@piecework/shared/testing';
import { describe, expect, it } from 'vitest';
import {
  afterRedo,
  afterUndo,
  blockedBy,
  EMPTY_HISTORY,
  entryOf,
  HISTORY_LIMIT,
  isUndoable,
  loadHistory,
  saveHistory,
  withEdit,
  type EditHistory,
} from './edit-history';
import { historyActionOf } from './use-history-shortcuts';

const draft = apply(emptyDraft(), add('trigger', codeStep('step_1')));

function edit(version: FlowVersion, operation: FlowVersionOperation, at: number) {
  const after = applyFlowVersionOperation(version, operation, { now: NOW });
  return { after, entry: entryOf(version, operation, after, at)! };
}

const rename = (displayName: string): FlowVersionOperation => ({
  type: 'UPDATE_ACTION',
  request: { ...codeStep('step_1'), displayName },
});

describe('the edit history', () => {
  it('keeps each edit with the operations that undo it, and a new edit clears redo', () => {
    const first = edit(draft, add('step_1', codeStep('step_2')) as FlowVersionOperation, 0);
    expect(first.entry.inverse).toEqual([{ type: 'DELETE_ACTION', request: { names: ['step_2'] } }]);
    const undone = afterUndo(withEdit(EMPTY_HISTORY, first.entry));
    expect(undone).toEqual({ undo: [], redo: [first.entry] });
    const second = edit(draft, rename('Other'), 10_000);
    expect(withEdit(undone, second.entry)).toEqual({ undo: [second.entry], redo: [] });
    expect(afterRedo(undone, first.entry)).toEqual({ undo: [first.entry], redo: [] });
  });

  it('folds quick changes of one step into one undo back to the value before the first', () => {
    const one = edit(draft, rename('A'), 1_000);
    const two = edit(one.after, rename('AB'), 1_500);
    const history = withEdit(withEdit(EMPTY_HISTORY, one.entry), two.entry);
    expect(history.undo).toHaveLength(1);
    const undone = history.undo[0]!.inverse.reduce(
      (version, operation) => applyFlowVersionOperation(version, operation, { now: NOW }),
      two.after,
    );
    expect(undone.trigger.nextAction?.displayName).toBe('Code step_1');
    const later = edit(two.after, rename('ABC'), 1_500 + 5_000);
    expect(withEdit(history, later.entry).undo).toHaveLength(2);
  });

  it('joins the edits of one group (a paste) into one undo, the later undone first', () => {
    const one = edit(draft, add('step_1', codeStep('step_2')) as FlowVersionOperation, 0);
    const two = edit(one.after, add('step_2', codeStep('step_3')) as FlowVersionOperation, 60_000);
    const grouped = (entry: typeof one.entry) => ({ ...entry, group: 'paste' });
    const history = withEdit(withEdit(EMPTY_HISTORY, grouped(one.entry)), grouped(two.entry));
    expect(history.undo).toHaveLength(1);
    expect(history.undo[0]!.operations).toEqual([...one.entry.operations, ...two.entry.operations]);
    expect(history.undo[0]!.inverse).toEqual([...two.entry.inverse, ...one.entry.inverse]);
    const ungrouped = withEdit(withEdit(EMPTY_HISTORY, one.entry), two.entry);
    expect(ungrouped.undo).toHaveLength(2);
  });

  it('keeps at most the last HISTORY_LIMIT edits', () => {
    const { entry } = edit(draft, { type: 'CHANGE_NAME', request: { displayName: 'x' } }, 0);
    let history: EditHistory = EMPTY_HISTORY;
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) history = withEdit(history, { ...entry, at: i * 10_000 });
    expect(history.undo).toHaveLength(HISTORY_LIMIT);
    expect(history.undo[0]!.at).toBe(50_000);
  });

  it('records no edit that changed nothing, and no pointer to sample data', () => {
    const same = applyFlowVersionOperation(draft, rename('Code step_1'), { now: NOW });
    expect(entryOf(draft, rename('Code step_1'), same, 0)).toBeUndefined();
    expect(isUndoable({ type: 'UPDATE_SAMPLE_DATA_INFO', request: { stepName: 'step_1' } })).toBe(false);
    expect(isUndoable({ type: 'LOCK_AND_PUBLISH', request: {} })).toBe(false);
    expect(
      isUndoable({
        type: 'MOVE_BRANCH',
        request: { stepName: 'r', sourceBranchIndex: 0, targetBranchIndex: 1 },
      }),
    ).toBe(true);
  });

  it('keeps the stacks in storage, and reads a damaged copy as empty', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    };
    const { entry } = edit(draft, rename('Kept'), 0);
    saveHistory(storage, 'flow1', { undo: [entry], redo: [] });
    expect(loadHistory(storage, 'flow1')).toEqual({ undo: [entry], redo: [] });
    expect(loadHistory(storage, 'flow2')).toEqual(EMPTY_HISTORY);
    store.set('piecework.edit-history.flow1', '{not json');
    expect(loadHistory(storage, 'flow1')).toEqual(EMPTY_HISTORY);
    store.set('piecework.edit-history.flow1', '{"undo":3}');
    expect(loadHistory(storage, 'flow1')).toEqual(EMPTY_HISTORY);
  });

  it('says which part stopped an undo, and that the other change is kept', () => {
    expect(blockedBy(undefined, 'undo')).toBeUndefined();
    expect(blockedBy('step:step_2', 'undo')).toMatch(
      /^Undo stopped: step step_2 was changed since your edit.*change is kept/,
    );
    expect(blockedBy('displayName', 'redo')).toMatch(/^Redo stopped: the flow's name/);
  });

  it.each([
    [{ key: 'z', ctrlKey: true }, 'undo'],
    [{ key: 'z', metaKey: true }, 'undo'],
    [{ key: 'Z', ctrlKey: true, shiftKey: true }, 'redo'],
    [{ key: 'y', ctrlKey: true }, 'redo'],
    [{ key: 'y', metaKey: true }, undefined],
    [{ key: 'z' }, undefined],
    [{ key: 'z', ctrlKey: true, altKey: true }, undefined],
  ])('reads %o as %s', (keys, expected) => {
    expect(historyActionOf({ ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...keys })).toBe(
      expected,
    );
  });
});
