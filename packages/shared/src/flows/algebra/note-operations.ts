import type { FlowVersion } from '../flow-version';
import type { FlowOperationRequest } from '../operations';
import { type FlowOperationContext, assertEditable, fail, finishVersion } from './edit-context';

function requireNoteIndex(version: FlowVersion, id: string): number {
  const index = version.notes.findIndex((note) => note.id === id);
  if (index === -1) fail(`note '${id}' does not exist in this flow version`, { noteId: id });
  return index;
}

/** ADD_NOTE: a new note, stamped `createdAt` = `updatedAt` = now, owned by the acting user. */
export function addNote(
  version: FlowVersion,
  request: FlowOperationRequest<'ADD_NOTE'>,
  context: FlowOperationContext,
): FlowVersion {
  assertEditable(version);
  if (version.notes.some((note) => note.id === request.id))
    fail(`a note with id '${request.id}' already exists`, { noteId: request.id });
  const note = {
    ...request,
    ownerId: context.userId ?? null,
    createdAt: context.now,
    updatedAt: context.now,
  };
  return finishVersion(version, { notes: [...version.notes, note] }, context);
}

/** UPDATE_NOTE: replaces a note's content, colour, position, size and owner; keeps `createdAt`, refreshes `updatedAt`. */
export function updateNote(
  version: FlowVersion,
  request: FlowOperationRequest<'UPDATE_NOTE'>,
  context: FlowOperationContext,
): FlowVersion {
  assertEditable(version);
  const index = requireNoteIndex(version, request.id);
  const current = version.notes[index]!;
  const note = {
    ...current,
    ...request,
    ownerId: request.ownerId ?? current.ownerId ?? null,
    updatedAt: context.now,
  };
  return finishVersion(
    version,
    { notes: version.notes.map((item, i) => (i === index ? note : item)) },
    context,
  );
}

/** DELETE_NOTE: removes a note; the id must exist. */
export function deleteNote(
  version: FlowVersion,
  request: FlowOperationRequest<'DELETE_NOTE'>,
  context: FlowOperationContext,
): FlowVersion {
  assertEditable(version);
  const index = requireNoteIndex(version, request.id);
  return finishVersion(version, { notes: version.notes.filter((_, i) => i !== index) }, context);
}
