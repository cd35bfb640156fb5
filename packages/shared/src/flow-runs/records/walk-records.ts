import type { StepOutput, StepOutputs } from '../step-output';
import { loopOutput } from './loop-output';

/**
 * Calls `visit` for every record of a run, loop iterations included (depth first, in order: a
 * loop's record before the records of its iterations). Use it to read every record of a run.
 */
export function forEachRecord(records: StepOutputs, visit: (name: string, record: StepOutput) => void): void {
  for (const [name, record] of Object.entries(records)) {
    visit(name, record);
    for (const iteration of loopOutput(record)?.iterations ?? []) forEachRecord(iteration, visit);
  }
}

/** How many step records a run holds, loop iterations counted, the trigger not: a run's `stepsCount`. */
export function countStepRecords(records: StepOutputs): number {
  let count = 0;
  forEachRecord(records, (name) => {
    if (name !== 'trigger') count++;
  });
  return count;
}

/**
 * The records of a failed run with its failed step's record removed (looking into the last loop
 * iteration when the run stopped inside a loop), so that a retry runs that step again. Returns
 * new maps; the input is not changed. Records without a failed step come back as they are.
 */
export function withoutFailedStep(records: StepOutputs): StepOutputs {
  const names = Object.keys(records);
  const lastName = names[names.length - 1];
  if (lastName === undefined) return records;
  const last = records[lastName]!;
  if (last.status === 'FAILED') {
    const { [lastName]: _dropped, ...rest } = records;
    return rest;
  }
  const output = loopOutput(last);
  if (!output || output.iterations.length === 0) return records;
  const { iterations } = output;
  const lastIteration = withoutFailedStep(iterations[iterations.length - 1]!);
  const without = { ...output, iterations: [...iterations.slice(0, -1), lastIteration] };
  return { ...records, [lastName]: { ...last, output: without } };
}
