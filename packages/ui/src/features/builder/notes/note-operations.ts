/**
 * The flow operations of canvas notes: a new empty note (ADD_NOTE) with a fresh id, a changed
 * note (UPDATE_NOTE carries every field), a removed one (DELETE_NOTE).
 */
import type { FlowOperation, Note } from '@piecework/shared';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A random 21-character id (works outside secure contexts, unlike `crypto.randomUUID`). */
export function newNoteId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(21));
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** The size of a new note. */
export const NEW_NOTE_SIZE = { width: 220, height: 140 };

/** ADD_NOTE: an empty yellow note at `position`. */
export function addNote(position: { x: number; y: number }): FlowOperation {
  return {
    type: 'ADD_NOTE',
    request: { id: newNoteId(), content: '', color: 'yellow', position, size: NEW_NOTE_SIZE },
  };
}

/** UPDATE_NOTE: `note` as it should now be. */
export function updateNote(note: Note): FlowOperation {
  const { id, content, color, position, size, ownerId } = note;
  return { type: 'UPDATE_NOTE', request: { id, content, color, position, size, ownerId } };
}
