/**
 * The commands pages add to the command palette. A page calls {@link useContributeCommands} with
 * its commands while it is mounted (the builder's "Jump to step…", "Add a step after…"); the
 * palette reads them all with {@link useContributedCommands}. The registry is a module-level
 * store, so the palette and the pages need no common provider.
 */
import { useEffect, useSyncExternalStore } from 'react';

/** One entry of the command palette. */
export interface PaletteCommand {
  /** Unique among all commands shown at once; also what the search matches beside `label`. */
  readonly id: string;
  /** The words shown, e.g. "Jump to step Send email (step_3)". */
  readonly label: string;
  /** The heading the command is listed under, e.g. "Builder" or "Jump to step". */
  readonly group: string;
  /** More words the search matches. */
  readonly keywords?: readonly string[];
  /** The keys that do the same outside the palette, shown as a hint, e.g. `['Ctrl', 'Z']`. */
  readonly shortcut?: readonly string[];
  /** Runs the command; the palette has closed and given focus back when it is called. */
  readonly run: () => void;
}

const sources = new Map<string, readonly PaletteCommand[]>();
const listeners = new Set<() => void>();
let snapshot: readonly PaletteCommand[] = [];

function publish() {
  snapshot = [...sources.values()].flat();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Adds `commands` to the palette under `source` (a name unique to the caller) while the calling
 * component is mounted. Pass a memoized array: each new array replaces the previous one.
 */
export function useContributeCommands(source: string, commands: readonly PaletteCommand[]): void {
  useEffect(() => {
    sources.set(source, commands);
    publish();
    return () => {
      sources.delete(source);
      publish();
    };
  }, [source, commands]);
}

/** Every command pages contribute now, in the order they were added. */
export function useContributedCommands(): readonly PaletteCommand[] {
  return useSyncExternalStore(subscribe, () => snapshot);
}
