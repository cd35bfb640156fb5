/**
 * A modal dialog on Radix UI's Dialog primitive. Radix is used for its accessible behaviour:
 * focus moves into the dialog and is trapped there, Escape and a click outside close it, focus
 * returns to what opened it, the page behind is hidden from screen readers, and the dialog is
 * portalled to the end of `<body>` (`role="dialog"`, named by its title). Radix ships no styles:
 * `.dialog` in app.css and components.css style it with the app's tokens. Render it when it should
 * be open (`open` state lives in the caller); `onClose` runs on Escape, the close button or a click
 * outside.
 */
import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { Tooltip } from './tooltip';

/** The controls a dialog can start on. */
const FOCUSABLE =
  'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

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
  const body = useRef<HTMLDivElement>(null);
  return (
    <RadixDialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className={`dialog ${size}`}
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            // Start on the first control of the body (a form's first field) rather than on the
            // close button; a control that focused itself (autoFocus) keeps the focus.
            if (body.current === null || body.current.contains(document.activeElement)) return;
            const first = body.current.querySelector<HTMLElement>(FOCUSABLE);
            if (first === null) return;
            event.preventDefault();
            first.focus();
          }}
        >
          <div className="dialog-header">
            <RadixDialog.Title asChild>
              <h2>{title}</h2>
            </RadixDialog.Title>
            <Tooltip content="Close">
              <RadixDialog.Close className="icon-btn" aria-label="Close">
                <X aria-hidden="true" className="icon" />
              </RadixDialog.Close>
            </Tooltip>
          </div>
          <div ref={body} className="dialog-body">
            {children}
          </div>
          {footer === undefined ? null : <div className="dialog-footer">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * Whether a modal dialog (a {@link Dialog}, a confirm dialog, or a native `<dialog>`) is open:
 * keyboard shortcuts of the page behind use it to stay quiet while one is.
 */
export function isDialogOpen(): boolean {
  return (
    document.querySelector(
      '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"], dialog[open]',
    ) !== null
  );
}
