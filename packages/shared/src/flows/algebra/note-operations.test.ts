import { describe, expect, it } from 'vitest';
import { applyFlowVersionOperation } from './apply-operation';
import { emptyDraft, LATER, NOW } from '../../testing';

const note = {
  id: 'n1',
  content: 'Remember',
  color: 'yellow' as const,
  position: { x: 0, y: 0 },
  size: { width: 100, height: 50 },
};

describe('note operations', () => {
  const withNote = applyFlowVersionOperation(
    emptyDraft(),
    { type: 'ADD_NOTE', request: note },
    { now: NOW, userId: 'u1' },
  );

  it('ADD_NOTE stamps both times and the owner', () => {
    expect(withNote.notes).toEqual([{ ...note, ownerId: 'u1', createdAt: NOW, updatedAt: NOW }]);
  });

  it('UPDATE_NOTE keeps createdAt and refreshes updatedAt', () => {
    const updated = applyFlowVersionOperation(
      withNote,
      { type: 'UPDATE_NOTE', request: { ...note, content: 'Changed', color: 'red' } },
      { now: LATER },
    );
    expect(updated.notes).toEqual([
      { ...note, content: 'Changed', color: 'red', ownerId: 'u1', createdAt: NOW, updatedAt: LATER },
    ]);
  });

  it('DELETE_NOTE removes it', () => {
    expect(
      applyFlowVersionOperation(withNote, { type: 'DELETE_NOTE', request: { id: 'n1' } }, { now: LATER })
        .notes,
    ).toEqual([]);
  });

  it.each([
    ['ADD_NOTE of an id already there', { type: 'ADD_NOTE' as const, request: note }, /already exists/],
    [
      'UPDATE_NOTE of an unknown id',
      { type: 'UPDATE_NOTE' as const, request: { ...note, id: 'n2' } },
      /'n2' does not exist/,
    ],
    [
      'DELETE_NOTE of an unknown id',
      { type: 'DELETE_NOTE' as const, request: { id: 'n2' } },
      /'n2' does not exist/,
    ],
  ])('refuses %s', (_, operation, message) => {
    expect(() => applyFlowVersionOperation(withNote, operation, { now: LATER })).toThrow(message);
  });
});
