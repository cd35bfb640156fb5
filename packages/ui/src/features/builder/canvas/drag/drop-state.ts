/**
 * What the canvas's edges need of a step drag: which "+" are drop targets and which one the
 * pointer is at, handed down by context so edge data stays plain values. Outside a drag it is
 * null and every "+" is drawn as usual.
 */
import { createContext, useContext } from 'react';

/** The drop targets of the step being dragged (by insertion key) and the one under the pointer. */
export interface DropState {
  readonly targets: ReadonlySet<string>;
  readonly active: string | null;
}

const DropStateContext = createContext<DropState | null>(null);

/** Provides {@link useDropState} to the canvas inside it (null when no step is dragged). */
export const DropStateProvider = DropStateContext.Provider;

/** The drop targets of the current step drag, or null when no step is being dragged. */
export function useDropState(): DropState | null {
  return useContext(DropStateContext);
}
