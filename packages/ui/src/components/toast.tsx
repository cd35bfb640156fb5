/**
 * Short messages after an action ("Flow published", or what went wrong), stacked at the bottom of
 * the window, on Radix UI's Toast primitive. Radix is used for its accessible behaviour: a toast's
 * timer pauses while the pointer is over it or the window loses focus, F8 moves focus to the
 * toasts, Escape or a swipe dismisses one, and the list is a labelled region. The messages are
 * announced by one polite live region (`role="status"`) around the list, present from the start
 * so screen readers hear each message as it is added; Radix's own announcer is left out
 * (`data-radix-toast-announce-exclude`) so that nothing is read twice. Radix ships no styles:
 * `.toast` in app.css and components.css style it with the app's tokens. `useToast()` answers
 * `toast(message, kind)` and `toastError(error)`.
 */
import * as RadixToast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '../api/error-message';
import { Tooltip } from './tooltip';

/** The look of a toast: success, error or plain information. */
export type ToastKind = 'success' | 'error' | 'info';

interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

/** What {@link useToast} answers. */
export interface Toaster {
  /** Shows `message` for a few seconds (errors stay until dismissed). */
  toast(message: string, kind?: ToastKind): void;
  /** Shows the message of a failed call as an error toast. */
  toastError(error: unknown): void;
}

const ToastContext = createContext<Toaster | null>(null);

/** How long a success or information toast stays, in milliseconds. */
const TOAST_DURATION = 4_000;

/** Holds the toasts of the app; put it once near the root. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setItems((all) => all.filter((item) => item.id !== id)), []);
  const toast = useCallback((message: string, kind: ToastKind = 'success') => {
    const id = nextId.current++;
    setItems((all) => [...all.slice(-4), { id, kind, message }]);
  }, []);
  const value = useMemo(
    () => ({ toast, toastError: (error: unknown) => toast(errorMessage(error), 'error') }),
    [toast],
  );
  return (
    <ToastContext.Provider value={value}>
      <RadixToast.Provider label="Notifications" duration={TOAST_DURATION}>
        {children}
        {items.map((item) => (
          <RadixToast.Root
            key={item.id}
            className={`toast ${item.kind}`}
            type="background"
            duration={item.kind === 'error' ? Infinity : TOAST_DURATION}
            onOpenChange={(open) => {
              if (!open) dismiss(item.id);
            }}
          >
            <RadixToast.Description data-radix-toast-announce-exclude="">
              {item.message}
            </RadixToast.Description>
            <Tooltip content="Dismiss">
              <RadixToast.Close className="icon-btn" aria-label="Dismiss">
                <X aria-hidden="true" className="icon" />
              </RadixToast.Close>
            </Tooltip>
          </RadixToast.Root>
        ))}
        <div className="toasts" role="status" aria-live="polite">
          <RadixToast.Viewport className="toast-list" />
        </div>
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

/** The app's toaster. */
export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (toaster === null) throw new Error('useToast outside ToastProvider');
  return toaster;
}
