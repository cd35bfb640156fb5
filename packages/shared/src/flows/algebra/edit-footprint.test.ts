/**
 * What an edit touched, and whether someone changed it since: the check the builder runs before
 * it undoes or redoes an edit, so that another person's later change is never overwritten.
 */
import { describe, expect, it } from 'vitest';
import { add, apply, codeStep, emptyDraft } from '../../testing';
import { changedPart, editFootprint } from './edit-footprint';

const draft = apply(emptyDraft(), add('trigger', codeStep('step_1')), add('step_1', codeStep('step_2')));
const renamed = { ...codeStep('step_1'), displayName: 'Mine' };
const mine = apply(draft, { type: 'UPDATE_ACTION', request: renamed });

describe('edit footprints', () => {
  it('holds only the parts the edit changed, as they were and as they are', () => {
    const footprint = editFootprint(draft, mine);
    expect(Object.keys(footprint.after)).toEqual(['step:step_1']);
    expect(footprint.after['step:step_1']).toContain('"Mine"');
    expect(footprint.before['step:step_1']).toContain('"Code step_1"');
  });

  it("answers nothing when others changed other parts, the part's name when they changed it", () => {
    const { after } = editFootprint(draft, mine);
    const otherStep = apply(mine, {
      type: 'UPDATE_ACTION',
      request: { ...codeStep('step_2'), displayName: 'Theirs' },
    });
    expect(changedPart(otherStep, after)).toBeUndefined();
    const sameStep = apply(mine, { type: 'UPDATE_ACTION', request: { ...renamed, displayName: 'Theirs' } });
    expect(changedPart(sameStep, after)).toBe('step:step_1');
    const moved = apply(mine, { type: 'MOVE_ACTION', request: { name: 'step_1', newParentStep: 'step_2' } });
    expect(changedPart(moved, after)).toBe('step:step_1');
  });

  it('sees a deleted or added step and a renamed flow as changed parts', () => {
    const added = apply(draft, add('step_2', codeStep('step_3')));
    const footprint = editFootprint(draft, added);
    expect(footprint.before).toEqual({ 'step:step_3': null });
    const deletedAgain = apply(added, { type: 'DELETE_ACTION', request: { names: ['step_3'] } });
    expect(changedPart(deletedAgain, footprint.after)).toBe('step:step_3');
    expect(changedPart(deletedAgain, footprint.before)).toBeUndefined();
    const named = apply(draft, { type: 'CHANGE_NAME', request: { displayName: 'New' } });
    expect(editFootprint(draft, named).after).toEqual({ displayName: 'New' });
  });
});
