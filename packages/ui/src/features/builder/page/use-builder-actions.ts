/**
 * The canvas's actions for the builder page (see {@link CanvasActions}): each step or note edit
 * is one flow operation through {@link RunOperation}; "+" opens the piece picker, "Move to…" the
 * move chooser, and deleting a loop or router with steps inside asks first; copy, cut, paste,
 * duplicate and the multi-selection go through the page's {@link StepClipboard}. The object is stable
 * (it reads the latest flow through a ref), so the canvas's cards do not re-render because of it.
 */
import { findStep, type PopulatedFlow } from '@piecework/shared';
import { useLayoutEffect, useMemo, useRef } from 'react';
import type { CanvasActions } from '../canvas/canvas-actions';
import type { StepClipboard } from '../clipboard/use-step-clipboard';
import { addNote, updateNote } from '../notes/note-operations';
import type { PickerTarget } from '../piece-picker/picked-step';
import { moveActionTo } from '../structure/insertion';
import { neighbourMoves, subtreeNames } from '../structure/step-positions';
import type { RunOperation } from './use-run-operation';

/** What the page hands to {@link useBuilderActions}. */
export interface BuilderActionsInput {
  flow: PopulatedFlow;
  readonly: boolean;
  run: RunOperation;
  select: (name: string | null) => void;
  selected: string | null;
  openPicker: (target: PickerTarget) => void;
  openMove: (name: string) => void;
  /** Asks before deleting step `name` (it holds other steps). */
  confirmDelete: (name: string) => void;
  clipboard: StepClipboard;
}

/** The canvas's actions on the page's flow. */
export function useBuilderActions(input: BuilderActionsInput): CanvasActions {
  const latest = useRef(input);
  useLayoutEffect(() => {
    latest.current = input;
  });
  const { readonly } = input;
  return useMemo((): CanvasActions => {
    const now = () => latest.current;
    return {
      readonly,
      select: (name) => {
        now().clipboard.clear();
        now().select(name);
      },
      toggleSelection: (name) => now().clipboard.toggle(name),
      copySteps: (name) => void now().clipboard.copy(name),
      cutSteps: (name) => void now().clipboard.cut(name),
      pasteAfter: (name) => void now().clipboard.paste(name),
      addStep: (insertion) => now().openPicker({ kind: 'action', insertion }),
      pickTrigger: () => now().openPicker({ kind: 'trigger' }),
      duplicateStep: (name) => void now().clipboard.duplicate(name),
      deleteStep: (name) => {
        const step = findStep(now().flow.version, name);
        const inner =
          step !== undefined && step.type !== 'EMPTY' && step.type !== 'PIECE_TRIGGER'
            ? subtreeNames(step).size
            : 1;
        if (inner > 1) now().confirmDelete(name);
        else void deleteStepNow(now(), name);
      },
      askDelete: (name) => now().confirmDelete(name),
      setSkip: (name, skip) => void now().run({ type: 'SET_SKIP_ACTION', request: { names: [name], skip } }),
      moveStep: (name, direction) => {
        const target = neighbourMoves(now().flow.version.trigger, name)[direction];
        if (target !== undefined) void now().run(moveActionTo(name, target));
      },
      chooseMove: (name) => now().openMove(name),
      moveStepTo: (name, insertion) => void now().run(moveActionTo(name, insertion)),
      addNote: (position) => void now().run(addNote(position)),
      updateNote: (note) => now().run(updateNote(note)),
      deleteNote: (id) => void now().run({ type: 'DELETE_NOTE', request: { id } }),
    };
  }, [readonly]);
}

/** Deletes step `name` (after the confirmation), clearing the selection if it went with it. */
export async function deleteStepNow(
  input: Pick<BuilderActionsInput, 'run' | 'select' | 'selected'>,
  name: string,
) {
  const removed = await input.run({ type: 'DELETE_ACTION', request: { names: [name] } });
  if (
    removed !== undefined &&
    input.selected !== null &&
    findStep(removed.version, input.selected) === undefined
  ) {
    input.select(null);
  }
}
