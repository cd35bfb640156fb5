/**
 * Copy, cut, paste and duplicate of steps in the builder, on a multi-selection: steps added with
 * Shift/Ctrl/Cmd+click are "marked"; with none marked, the step whose settings are open is the
 * selection. Copies are written in Activepieces' clipboard format (`copySteps`), so steps move
 * between Piecework and Activepieces builders; paste reads that format or the older one
 * (`pasteOperations`). Every edit is a flow operation through the builder's {@link RunOperation}.
 */
import {
  copySteps,
  findStep,
  isPieceworkError,
  pasteOperations,
  type PopulatedFlow,
} from '@piecework/shared';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useToast } from '../../../components/toast';
import type { RunOperation } from '../page/use-run-operation';
import { readClipboardText, writeClipboardText } from './clipboard-text';
import { presentSteps, topmostSteps } from './selected-steps';

/** What the page hands to {@link useStepClipboard}. */
export interface StepClipboardInput {
  flow: PopulatedFlow;
  readonly: boolean;
  run: RunOperation;
  /** Starts a group of edits that undo as one (a paste, a duplicate of several steps); answers its end. */
  startGroup: () => () => void;
  /** The step whose settings are open (from the URL). */
  selected: string | null;
  select: (name: string | null) => void;
}

/** What {@link useStepClipboard} answers; each action without `name` acts on the selection. */
export interface StepClipboard {
  /** The marked steps present in the flow (Shift/Ctrl/Cmd+click). */
  readonly marked: ReadonlySet<string>;
  /** Adds step `name` to the marks, or removes it (the open step joins the first mark). */
  toggle(name: string): void;
  /** Unmarks every step. */
  clear(): void;
  /** Copies the selection, or step `name` when it is not in the selection. */
  copy(name?: string): Promise<void>;
  /** Copies like {@link StepClipboard.copy}, then asks before deleting those steps. */
  cut(name?: string): Promise<void>;
  /** Pastes the clipboard's steps after step `after`, or after the open step, or the trigger. */
  paste(after?: string): Promise<void>;
  /** Duplicates each selected step right after itself (DUPLICATE_ACTION). */
  duplicate(name?: string): Promise<void>;
  /** The steps of a cut waiting for confirmation, or null. */
  readonly cutting: readonly string[] | null;
  confirmCut(): Promise<void>;
  cancelCut(): void;
}

const plural = (count: number) => `${count} step${count === 1 ? '' : 's'}`;

/** The clipboard actions of the builder page's flow. */
export function useStepClipboard(input: StepClipboardInput): StepClipboard {
  const { toast, toastError } = useToast();
  const [marks, setMarks] = useState<ReadonlySet<string>>(() => new Set());
  const [cutting, setCutting] = useState<readonly string[] | null>(null);
  const { trigger } = input.flow.version;
  const marked = useMemo(() => new Set(presentSteps({ trigger }, marks)), [trigger, marks]);
  const latest = useRef({ input, marked, cutting });
  useLayoutEffect(() => {
    latest.current = { input, marked, cutting };
  });

  /** The steps an action on `name` (or on the selection) acts on, topmost, in flow order. */
  const targetsOf = useCallback((name?: string): string[] => {
    const { input: now, marked: marks } = latest.current;
    const selection = marks.size > 0 ? marks : new Set(now.selected === null ? [] : [now.selected]);
    const names = name === undefined || selection.has(name) ? selection : new Set([name]);
    return topmostSteps(now.flow.version, names);
  }, []);

  const copyNames = useCallback(
    async (names: string[]): Promise<boolean> => {
      if (names.length === 0) {
        toast('Select the steps to copy first', 'info');
        return false;
      }
      await writeClipboardText(copySteps(latest.current.input.flow.version, names));
      return true;
    },
    [toast],
  );

  return useMemo((): StepClipboard => {
    const now = () => latest.current.input;
    return {
      marked,
      cutting,
      toggle: (name) => {
        const { flow, selected } = now();
        if (name === flow.version.trigger.name) return;
        setMarks((previous) => {
          const next = new Set(presentSteps(flow.version, previous));
          if (
            next.size === 0 &&
            selected !== null &&
            selected !== name &&
            selected !== flow.version.trigger.name
          )
            next.add(selected);
          if (next.has(name)) next.delete(name);
          else next.add(name);
          return next;
        });
      },
      clear: () => setMarks((previous) => (previous.size === 0 ? previous : new Set())),
      copy: async (name) => {
        const names = targetsOf(name);
        if (await copyNames(names)) toast(`Copied ${plural(names.length)}`);
      },
      cut: async (name) => {
        if (now().readonly) return;
        const names = targetsOf(name);
        if (await copyNames(names)) setCutting(names);
      },
      cancelCut: () => setCutting(null),
      confirmCut: async () => {
        const names = latest.current.cutting;
        if (names === null) return;
        const { run, select } = now();
        const after = await run(
          { type: 'DELETE_ACTION', request: { names: [...names] } },
          `Cut ${plural(names.length)}`,
        );
        setCutting(null);
        if (after === undefined) return;
        setMarks(new Set());
        const { selected } = now();
        if (selected !== null && findStep(after.version, selected) === undefined) select(null);
      },
      paste: async (after) => {
        if (now().readonly) return;
        const text = await readClipboardText();
        const { flow, run, selected } = now();
        const version = flow.version;
        const anchor =
          after ??
          (selected !== null && findStep(version, selected) !== undefined ? selected : undefined) ??
          presentSteps(version, latest.current.marked).at(-1) ??
          version.trigger.name;
        let operations;
        try {
          operations = pasteOperations(version, text, {
            parentStep: anchor,
            stepLocationRelativeToParent: 'AFTER',
          });
        } catch (error) {
          if (isPieceworkError(error, 'VALIDATION')) toast('The clipboard holds no copied steps', 'error');
          else toastError(error);
          return;
        }
        const endGroup = now().startGroup();
        try {
          for (const operation of operations) {
            if ((await run(operation)) === undefined) return;
          }
        } finally {
          endGroup();
        }
        toast(
          operations.length === 0 ? 'The clipboard holds no steps' : `Pasted ${plural(operations.length)}`,
        );
      },
      duplicate: async (name) => {
        if (now().readonly) return;
        const endGroup = now().startGroup();
        try {
          for (const stepName of targetsOf(name)) {
            if ((await now().run({ type: 'DUPLICATE_ACTION', request: { stepName } })) === undefined) return;
          }
        } finally {
          endGroup();
        }
      },
    };
  }, [marked, cutting, targetsOf, copyNames, toast, toastError]);
}
