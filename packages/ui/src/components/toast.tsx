/**
 * Short messages after an action ("Flow published", or what went wrong), stacked at the bottom of
 * the window and announced to screen readers. `useToast()` answers `toast(message, kind)`.
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '../api/error-message';

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

/** Holds the toasts of the app; put it once near the root. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setItems((all) => all.filter((item) => item.id !== id)), []);
  const toast = useCallback(
    (message: string, kind: ToastKind = 'success') => {
      const id = nextId.current++;
      setItems((all) => [...all.slice(-4), { id, kind, message }]);
      if (kind !== 'error') setTimeout(() => dismiss(id), 4_000);
    },
    [dismiss],
  );
  const value = useMemo(
    () => ({ toast, toastError: (error: unknown) => toast(errorMessage(error), 'error') }),
    [toast],
  );
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="toasts" role="status" aria-live="polite">
        {items.map((item) => (
          <div key={item.id} className={`toast ${item.kind}`}>
            <span>{item.message}</span>
            <button type="button" className="icon-btn" aria-label="Dismiss" onClick={() => dismiss(item.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** The app's toaster. */
export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (toaster === null) throw new Error('useToast outside ToastProvider');
  return toaster;
}
