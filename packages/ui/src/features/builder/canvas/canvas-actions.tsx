/**
 * What the canvas's cards, "+" buttons and notes can do, handed down by context so node data
 * stays plain values (and unchanged cards never re-render). The builder page provides it; a
 * read-only canvas (a past version) gets `readonly: true` and hides every editing control.
 */
import type { Note } from '@piecework/shared';
import { createContext, useContext } from 'react';
import type { Insertion } from '../structure/insertion';

/** The canvas's actions; each edit is one flow operation, errors are toasted by the provider. */
export interface CanvasActions {
  readonly readonly: boolean;
  /** Opens step `name`'s settings (and puts it in the URL); null closes them. */
  select(name: string | null): void;
  /** Adds step `name` to the multi-selection or takes it out (Shift/Ctrl/Cmd+click). */
  toggleSelection(name: string): void;
  /** Copies the selected steps, or step `name` alone when it is not selected. */
  copySteps(name: string): void;
  /** Cuts like {@link CanvasActions.copySteps} (asks before deleting). */
  cutSteps(name: string): void;
  /** Pastes the copied steps after step (or trigger) `name`. */
  pasteAfter(name: string): void;
  /** Opens the piece picker for a step at `insertion`. */
  addStep(insertion: Insertion): void;
  /** Opens the piece picker for the trigger. */
  pickTrigger(): void;
  duplicateStep(name: string): void;
  /** Deletes step `name`, asking first when steps are nested in it. */
  deleteStep(name: string): void;
  /** Asks whether to delete step `name` (the dialog of the Delete key), then deletes it. */
  askDelete(name: string): void;
  setSkip(name: string, skip: boolean): void;
  moveStep(name: string, direction: 'up' | 'down'): void;
  /** Opens the "Move to…" chooser for step `name`. */
  chooseMove(name: string): void;
  /** Moves step `name` (with its body) to `insertion` in one MOVE_ACTION (a drop of its card). */
  moveStepTo(name: string, insertion: Insertion): void;
  /** Adds an empty note with its top-left corner at `position` (canvas coordinates). */
  addNote(position: { x: number; y: number }): void;
  updateNote(note: Note): Promise<unknown>;
  deleteNote(id: string): void;
}

const CanvasActionsContext = createContext<CanvasActions | null>(null);

/** Provides {@link useCanvasActions} to the canvas inside it. */
export const CanvasActionsProvider = CanvasActionsContext.Provider;

/** The canvas's actions (inside {@link CanvasActionsProvider}). */
export function useCanvasActions(): CanvasActions {
  const actions = useContext(CanvasActionsContext);
  if (actions === null) throw new Error('useCanvasActions outside CanvasActionsProvider');
  return actions;
}
