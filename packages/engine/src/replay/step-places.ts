import {
  formatStepPath,
  loopOutput,
  TRIGGER_NAME,
  type StepOutput,
  type StepOutputs,
  type StepPath,
} from '@piecework/shared';

/** One step record of a run with its place (`loop_1[0].step_2` inside loops). */
export interface PlacedRecord {
  place: string;
  record: StepOutput;
}

/**
 * Every step record of a run in execution order with its place, loop iterations included (a
 * loop's record before its iterations' records), the trigger left out. Use it to list, compare
 * or record a run's steps one place at a time.
 */
export function stepPlaces(records: StepOutputs): PlacedRecord[] {
  const placed: PlacedRecord[] = [];
  walk(records, [], placed);
  return placed;
}

function walk(records: StepOutputs, path: StepPath, placed: PlacedRecord[]): void {
  for (const [name, record] of Object.entries(records)) {
    if (path.length === 0 && name === TRIGGER_NAME) continue;
    placed.push({ place: formatStepPath(name, path), record });
    const iterations = loopOutput(record)?.iterations ?? [];
    iterations.forEach((iteration, index) =>
      walk(iteration, [...path, { loopName: name, iteration: index }], placed),
    );
  }
}

/**
 * What a record shows of its step's result: a FAILED step's error, a loop's current item and
 * index (its iterations are records of their own), any other step's output.
 */
export function recordResult(record: StepOutput): unknown {
  if (record.status === 'FAILED') return { status: 'FAILED', errorMessage: record.errorMessage ?? null };
  const loop = loopOutput(record);
  if (loop) return { item: loop.item, index: loop.index };
  return record.output;
}
