/**
 * Undo and Redo in the builder's header, with their shortcuts announced (`aria-keyshortcuts`) and
 * shown in the tooltip; disabled when there is nothing to undo or redo. Presses while an edit
 * is being saved wait for it (the flow editor sends them in order).
 */
import { shortcutText } from '../../../format/shortcut-keys';
import { Tooltip } from '../../../components/tooltip';

/** Props of {@link UndoRedoButtons}. */
export interface UndoRedoButtonsProps {
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
}

/** The two buttons, side by side. */
export function UndoRedoButtons({ canUndo, canRedo, onUndo, onRedo }: UndoRedoButtonsProps) {
  return (
    <span className="undo-redo" role="group" aria-label="Edit history">
      <Tooltip content={`Undo (${shortcutText('Z')})`}>
        <button
          type="button"
          className="btn"
          disabled={!canUndo}
          aria-keyshortcuts="Control+Z Meta+Z"
          onClick={onUndo}
        >
          Undo
        </button>
      </Tooltip>
      <Tooltip content={`Redo (${shortcutText('Shift', 'Z')})`}>
        <button
          type="button"
          className="btn"
          disabled={!canRedo}
          aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
          onClick={onRedo}
        >
          Redo
        </button>
      </Tooltip>
    </span>
  );
}
