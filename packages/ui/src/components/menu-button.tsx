/**
 * A button that opens a list of actions (a row's "⋯" menu): arrow keys move between items,
 * Escape closes and returns focus to the button, a click outside closes. ARIA menu pattern.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/** One action of a {@link MenuButton}. */
export interface MenuItem {
  label: string;
  onSelect: () => void;
  /** Red text, for destructive actions. */
  danger?: boolean;
  disabled?: boolean;
}

/** Props of {@link MenuButton}. */
export interface MenuButtonProps {
  /** The accessible name of the button, e.g. "Actions of flow Welcome". */
  label: string;
  items: readonly MenuItem[];
  /** What the button shows; default "⋯". */
  children?: ReactNode;
  className?: string;
}

/** A menu of `items` behind a button. */
export function MenuButton({ label, items, children, className }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLButtonElement>('[role="menuitem"]:not([disabled])')?.focus();
    const close = (event: MouseEvent) => {
      if (!menuRef.current?.contains(event.target as Node) && event.target !== buttonRef.current)
        setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);
  const onKeyDown = (event: React.KeyboardEvent) => {
    const entries = [
      ...(menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not([disabled])') ?? []),
    ];
    const at = entries.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      entries[(at + step + entries.length) % entries.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };
  return (
    <div className="menu-anchor">
      <button
        ref={buttonRef}
        type="button"
        className={className ?? 'icon-btn'}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((was) => !was)}
      >
        {children ?? '⋯'}
      </button>
      {open ? (
        <div ref={menuRef} id={menuId} role="menu" aria-label={label} className="menu" onKeyDown={onKeyDown}>
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              className={item.danger === true ? 'danger' : undefined}
              disabled={item.disabled}
              onClick={() => {
                setOpen(false);
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
