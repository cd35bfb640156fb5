/**
 * A row of tabs (ARIA tabs pattern): arrow keys move between tabs, the selected tab names the
 * panel below it. Used for a code step's `index.ts` / `package.json`.
 */
import { useId, useRef, type ReactNode } from 'react';

/** One tab of {@link Tabs}. */
export interface TabItem<T extends string> {
  readonly value: T;
  readonly label: string;
}

/** Props of {@link Tabs}. */
export interface TabsProps<T extends string> {
  /** The accessible name of the tab list. */
  label: string;
  tabs: readonly TabItem<T>[];
  selected: T;
  onSelect: (value: T) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}

/** Tabs and the selected tab's panel. */
export function Tabs<T extends string>({ label, tabs, selected, onSelect, children }: TabsProps<T>) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const move = (step: number) => {
    const at = tabs.findIndex((tab) => tab.value === selected);
    const next = tabs[(at + step + tabs.length) % tabs.length];
    if (next === undefined) return;
    onSelect(next.value);
    list.current?.querySelector<HTMLButtonElement>(`[data-tab="${next.value}"]`)?.focus();
  };
  return (
    <div className="tabs">
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        className="tab-list"
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
            event.preventDefault();
            move(event.key === 'ArrowRight' ? 1 : -1);
          }
        }}
      >
        {tabs.map((tab) => (
          <button
            key={tab.value}
            type="button"
            role="tab"
            data-tab={tab.value}
            id={`${id}-${tab.value}`}
            aria-selected={tab.value === selected}
            aria-controls={`${id}-panel`}
            tabIndex={tab.value === selected ? 0 : -1}
            className="tab"
            onClick={() => onSelect(tab.value)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${selected}`} className="tab-panel">
        {children}
      </div>
    </div>
  );
}
