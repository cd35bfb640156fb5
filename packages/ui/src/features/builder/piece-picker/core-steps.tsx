/**
 * The core steps the piece picker offers before the pieces (Code, Loop on items, Router), matched
 * against the search text with the same fuzzy ranking as the pieces.
 */
import Fuse from 'fuse.js';
import { StepIcon } from '../canvas/step-logo';
import type { CoreStepType, PickedStep } from './picked-step';

interface CoreStep {
  readonly type: CoreStepType;
  readonly label: string;
  readonly description: string;
}

const CORE_STEPS: readonly CoreStep[] = [
  { type: 'CODE', label: 'Code', description: 'Run your own JavaScript' },
  { type: 'LOOP_ON_ITEMS', label: 'Loop on items', description: 'Repeat steps for every item of a list' },
  { type: 'ROUTER', label: 'Router', description: 'Split the flow into branches by conditions' },
];

const CORE_INDEX = new Fuse(CORE_STEPS, {
  keys: [
    { name: 'label', weight: 2 },
    { name: 'description', weight: 1 },
  ],
  ignoreLocation: true,
  threshold: 0.35,
});

/** The core steps matching `text`, best first (all of them for an empty text). */
export function matchingCoreSteps(text: string): readonly CoreStep[] {
  const needle = text.trim();
  return needle === '' ? CORE_STEPS : CORE_INDEX.search(needle).map((result) => result.item);
}

/** Props of {@link CoreStepList}. */
export interface CoreStepListProps {
  steps: readonly CoreStep[];
  busy: boolean;
  onPick: (picked: PickedStep) => void;
}

/** The "Core" heading and the buttons of `steps`; nothing when `steps` is empty. */
export function CoreStepList({ steps, busy, onPick }: CoreStepListProps) {
  if (steps.length === 0) return null;
  return (
    <>
      <h3>Core</h3>
      <ul className="picker-list">
        {steps.map((item) => (
          <li key={item.type}>
            <button
              type="button"
              className="picker-item picker-item-row"
              disabled={busy}
              onClick={() => onPick({ kind: 'core', type: item.type })}
            >
              <span className="step-logo step-logo-small">
                <StepIcon type={item.type} />
              </span>
              <span className="picker-item-title">{item.label}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
