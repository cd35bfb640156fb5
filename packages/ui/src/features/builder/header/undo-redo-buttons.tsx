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

/** One history button: its label, tooltip with the shortcut, and announced shortcut keys. */
function HistoryButton(props: {
  label: string;
  shortcut: string;
  keys: string;
  enabled: boolean;
  onPress: () => void;
}) {
  return (
    <Tooltip content={`${props.label} (${props.shortcut})`}>
      <button
        type="button"
        className="btn"
        disabled={!props.enabled}
        aria-keyshortcuts={props.keys}
        onClick={props.onPress}
      >
        {props.label}
      </button>
    </Tooltip>
  );
}

/** The two buttons, side by side. */
export function UndoRedoButtons({ canUndo, canRedo, onUndo, onRedo }: UndoRedoButtonsProps) {
  return (
    <span className="undo-redo" role="group" aria-label="Edit history">
      <HistoryButton
        label="Undo"
        shortcut={shortcutText('Z')}
        keys="Control+Z Meta+Z"
        enabled={canUndo}
        onPress={onUndo}
      />
      <HistoryButton
        label="Redo"
        shortcut={shortcutText('Shift', 'Z')}
        keys="Control+Shift+Z Meta+Shift+Z Control+Y"
        enabled={canRedo}
        onPress={onRedo}
      />
    </span>
  );
}
