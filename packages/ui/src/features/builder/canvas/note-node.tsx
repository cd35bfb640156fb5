/**
 * A sticky note on the canvas: drag it by its top bar (UPDATE_NOTE with the new position, sent
 * when the drag ends), edit its text (saved when the field loses focus), recolour or delete it
 * from its menu. On a read-only canvas it only shows its text.
 */
import { NoteColor, type Note } from '@piecework/shared';
import type { NodeProps } from '@xyflow/react';
import { memo, useState } from 'react';
import { MenuButton, type MenuItem } from '../../../components/menu-button';
import { useCanvasActions } from './canvas-actions';
import type { CanvasNode } from './canvas-elements';

/** The text area of a note, its draft kept until it is saved on blur. */
function NoteText({ note, readonly }: { note: Note; readonly: boolean }) {
  const actions = useCanvasActions();
  const [draft, setDraft] = useState(note.content);
  return (
    <textarea
      className="note-text nodrag nowheel nopan"
      aria-label="Note text"
      value={draft}
      readOnly={readonly}
      placeholder={readonly ? undefined : 'Write a note…'}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => {
        if (draft !== note.content) void actions.updateNote({ ...note, content: draft });
      }}
    />
  );
}

/** A note. */
export const NoteNode = memo(function NoteNode({ data }: NodeProps<Extract<CanvasNode, { type: 'note' }>>) {
  const actions = useCanvasActions();
  const { note } = data;
  const items: MenuItem[] = [
    ...NoteColor.options
      .filter((color) => color !== note.color)
      .map((color) => ({
        label: `Make ${color}`,
        onSelect: () => void actions.updateNote({ ...note, color }),
      })),
    { label: 'Delete note', danger: true, onSelect: () => actions.deleteNote(note.id) },
  ];
  return (
    <div className={`note-card note-${note.color}`}>
      <div className="note-bar">
        <span className="note-handle" title={actions.readonly ? undefined : 'Drag to move the note'}>
          Note
        </span>
        {actions.readonly ? null : (
          <MenuButton label="Note actions" items={items} className="icon-btn nodrag" />
        )}
      </div>
      {/* Keyed by the saved text: a change saved elsewhere replaces the draft. */}
      <NoteText key={note.content} note={note} readonly={actions.readonly} />
    </div>
  );
});
