/** Asks before something that cannot be undone (deleting a flow, removing a member). */
import { Dialog } from './dialog';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  title: string;
  message: string;
  /** The confirming button's text, e.g. "Delete". */
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  /** Disables the buttons while the action runs. */
  busy?: boolean;
}

/** A dialog with Cancel and a red confirming button. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
  busy,
}: ConfirmDialogProps) {
  return (
    <Dialog
      title={title}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn danger" onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}
