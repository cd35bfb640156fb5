/**
 * The builder's commands in the palette: "Add a step after <selected step>" (the piece picker at
 * that place), "Jump to step …" for every step (selects it; the canvas reveals it and its panel
 * opens), "Test flow", and the edits that have shortcuts (undo, redo, copy, cut, paste,
 * duplicate, delete), listed with their keys. On a read-only version only the jumps are offered.
 */
import { findStep, getAllSteps, type FlowVersion } from '@piecework/shared';
import { useLayoutEffect, useMemo, useRef } from 'react';
import type { StepClipboard } from '../builder/clipboard/use-step-clipboard';
import type { HistoryActions } from '../builder/history/use-history-shortcuts';
import type { PickerTarget } from '../builder/piece-picker/picked-step';
import { useContributeCommands, type PaletteCommand } from './command-registry';
import { modKeys } from '../../format/shortcut-keys';

/** What the builder page hands to {@link useBuilderCommands}. */
export interface BuilderCommandsInput {
  /** The version shown on the canvas. */
  version: FlowVersion;
  readonly: boolean;
  selected: string | null;
  select: (name: string) => void;
  /** Opens the piece picker (the builder page's). */
  openPicker: (target: PickerTarget) => void;
  testFlow: () => void;
  /** The draft's undo history. */
  history: HistoryActions;
  clipboard: Pick<StepClipboard, 'copy' | 'cut' | 'paste' | 'duplicate'>;
  /** Asks whether to delete step `name`. */
  askDelete: (name: string) => void;
}

/** The builder's edits; `now` reads the latest input. */
function editCommands(now: () => BuilderCommandsInput, selected: string | null, isTrigger: boolean) {
  const commands: PaletteCommand[] = [
    { id: 'builder:test', label: 'Test flow', group: 'Builder', run: () => now().testFlow() },
    {
      id: 'builder:undo',
      label: 'Undo',
      group: 'Builder',
      shortcut: modKeys('Z'),
      run: () => void now().history.undo(),
    },
    {
      id: 'builder:redo',
      label: 'Redo',
      group: 'Builder',
      shortcut: modKeys('Shift', 'Z'),
      run: () => void now().history.redo(),
    },
    {
      id: 'builder:paste',
      label: 'Paste steps',
      group: 'Builder',
      shortcut: modKeys('V'),
      run: () => void now().clipboard.paste(),
    },
  ];
  if (selected === null) return commands;
  const step: PaletteCommand[] = [
    {
      id: 'builder:add-after',
      label: `Add a step after ${selected}`,
      group: 'Builder',
      keywords: ['new', 'insert', 'piece'],
      run: () => now().openPicker({ kind: 'action', insertion: { parentStep: selected, location: 'AFTER' } }),
    },
  ];
  if (!isTrigger) {
    step.push(
      {
        id: 'builder:copy',
        label: `Copy ${selected}`,
        group: 'Builder',
        shortcut: modKeys('C'),
        run: () => void now().clipboard.copy(),
      },
      {
        id: 'builder:cut',
        label: `Cut ${selected}`,
        group: 'Builder',
        shortcut: modKeys('X'),
        run: () => void now().clipboard.cut(),
      },
      {
        id: 'builder:duplicate',
        label: `Duplicate ${selected}`,
        group: 'Builder',
        shortcut: modKeys('D'),
        run: () => void now().clipboard.duplicate(),
      },
      {
        id: 'builder:delete',
        label: `Delete ${selected}`,
        group: 'Builder',
        shortcut: ['Delete'],
        run: () => now().askDelete(selected),
      },
    );
  }
  return [...step, ...commands];
}

/** Contributes the builder's commands to the palette while the builder is open. */
export function useBuilderCommands(input: BuilderCommandsInput): void {
  const latest = useRef(input);
  useLayoutEffect(() => {
    latest.current = input;
  });
  const { version, readonly, selected } = input;
  const trigger = version.trigger;
  const commands = useMemo(() => {
    const now = () => latest.current;
    const jumps = getAllSteps(trigger).map((step): PaletteCommand => ({
      id: `jump:${step.name}`,
      label: `Jump to step ${step.displayName} (${step.name})`,
      group: 'Jump to step',
      run: () => now().select(step.name),
    }));
    if (readonly) return jumps;
    const exists = selected !== null && findStep({ trigger }, selected) !== undefined;
    return [...editCommands(now, exists ? selected : null, selected === trigger.name), ...jumps];
  }, [trigger, readonly, selected]);
  useContributeCommands('builder', commands);
}
