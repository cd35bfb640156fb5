/**
 * Asks before something that cannot be undone (deleting a flow, removing a member), on Radix UI's
 * AlertDialog primitive. Radix is used for its accessible behaviour: `role="alertdialog"` named by
 * its title and described by its message, focus trapped inside and starting on Cancel (the safe
 * choice), Escape cancels, a click outside does nothing, focus returns to what opened it, and the
 * dialog is portalled to the end of `<body>`. Radix ships no styles: the `.dialog` rules style it
 * with the app's tokens.
 */
import * as AlertDialog from '@radix-ui/react-alert-dialog';

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

/** A dialog with Cancel and a red confirming button; render it while it should be open. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
  busy,
}: ConfirmDialogProps) {
  return (
    <AlertDialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog normal">
          <div className="dialog-header">
            <AlertDialog.Title asChild>
              <h2>{title}</h2>
            </AlertDialog.Title>
          </div>
          <div className="dialog-body">
            <AlertDialog.Description asChild>
              <p>{message}</p>
            </AlertDialog.Description>
          </div>
          <div className="dialog-footer">
            <AlertDialog.Cancel className="btn" disabled={busy}>
              Cancel
            </AlertDialog.Cancel>
            {/* A plain button, not AlertDialog.Action: the caller closes the dialog when its action ends. */}
            <button type="button" className="btn danger" onClick={onConfirm} disabled={busy}>
              {confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
