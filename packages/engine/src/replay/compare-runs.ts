import type { StepOutputs } from '@piecework/shared';
import { jsonEqual, jsonValue } from './json-value';
import { recordResult, stepPlaces } from './step-places';

/**
 * How one step compares between two runs: SAME, CHANGED (ran in both with another result),
 * ADDED (ran only in `after`), REMOVED (ran only in `before`). `before`/`after` are the step's
 * result in each run (see `recordResult`), undefined in the run it did not run in.
 */
export interface StepComparison {
  stepName: string;
  change: 'SAME' | 'CHANGED' | 'ADDED' | 'REMOVED';
  before: unknown;
  after: unknown;
}

/**
 * Two runs of a flow compared. `pathChanged`: another sequence of steps ran (a router took
 * another branch, a loop went round another number of times, a run stopped elsewhere); `steps`:
 * every step of either run, in `after`'s order then `before`'s left-overs; `changed`: the steps
 * that are not SAME.
 */
export interface RunComparison {
  pathChanged: boolean;
  steps: StepComparison[];
  changed: StepComparison[];
}

/**
 * Compares the records of two runs of the same trigger payload step by step (by place, so loop
 * iterations compare with the same iteration), as JSON values: status, output, error. Use it to
 * see what a new version of a flow changes for a run that already happened.
 *
 * @example
 * ```ts
 * const { pathChanged, changed } = compareRuns(pastRun.steps, replayed.steps);
 * ```
 */
export function compareRuns(before: StepOutputs, after: StepOutputs): RunComparison {
  const beforePlaces = stepPlaces(before);
  const afterPlaces = stepPlaces(after);
  const beforeByPlace = new Map(beforePlaces.map(({ place, record }) => [place, record]));
  const afterByPlace = new Map(afterPlaces.map(({ place, record }) => [place, record]));
  const steps: StepComparison[] = [];
  for (const { place, record } of afterPlaces) {
    const after = jsonValue(recordResult(record));
    const old = beforeByPlace.get(place);
    if (old === undefined) {
      steps.push({ stepName: place, change: 'ADDED', before: undefined, after });
      continue;
    }
    const previous = jsonValue(recordResult(old));
    const same = old.status === record.status && jsonEqual(previous, after);
    steps.push({ stepName: place, change: same ? 'SAME' : 'CHANGED', before: previous, after });
  }
  for (const { place, record } of beforePlaces) {
    if (afterByPlace.has(place)) continue;
    steps.push({
      stepName: place,
      change: 'REMOVED',
      before: jsonValue(recordResult(record)),
      after: undefined,
    });
  }
  const pathChanged =
    beforePlaces.length !== afterPlaces.length ||
    beforePlaces.some(({ place }, i) => afterPlaces[i]!.place !== place);
  return { pathChanged, steps, changed: steps.filter((step) => step.change !== 'SAME') };
}
