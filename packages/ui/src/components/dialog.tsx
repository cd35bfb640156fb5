/**
 * A modal dialog on the native `<dialog>` element: focus moves into it and is trapped by the
 * browser, Escape closes it, its title names it for screen readers. Render it when it should be
 * open (`open` state lives in the caller); `onClose` runs on Escape, the close button or a click on
 * the backdrop.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

/** Props of {@link Dialog}. */
export interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom (e.g. Cancel / Save). */
  footer?: ReactNode;
  /** `wide` for dialogs with tables or editors. */
  size?: 'normal' | 'wide';
}

/** A modal dialog titled `title`. */
export function Dialog({ title, onClose, children, footer, size = 'normal' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog !== null && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={`dialog ${size}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="dialog-header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-btn" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      <div className="dialog-body">{children}</div>
      {footer === undefined ? null : <div className="dialog-footer">{footer}</div>}
    </dialog>
  );
}
