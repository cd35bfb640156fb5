import type { StepOutput, StepOutputs } from '@piecework/shared';
import type { LoopOutput } from '../steps/loop-step';
import { isOffloadedOutput } from './offloaded-output';

function loopIterations(record: StepOutput): StepOutputs[] | undefined {
  if (record.type !== 'LOOP_ON_ITEMS') return undefined;
  const output = record.output as LoopOutput | undefined;
  return Array.isArray(output?.iterations) ? output.iterations : undefined;
}

/** Calls `visit` for every record of a run, loop iterations included (depth first, in order). */
export function forEachRecord(records: StepOutputs, visit: (name: string, record: StepOutput) => void): void {
  for (const [name, record] of Object.entries(records)) {
    visit(name, record);
    for (const iteration of loopIterations(record) ?? []) forEachRecord(iteration, visit);
  }
}

/** How many step records a run holds, loop iterations counted, the trigger not. */
export function countStepRecords(records: StepOutputs): number {
  let count = 0;
  forEachRecord(records, (name) => {
    if (name !== 'trigger') count++;
  });
  return count;
}

/** The file ids of every offloaded output in a run's records. */
export function offloadedFileIds(records: StepOutputs): string[] {
  const ids: string[] = [];
  forEachRecord(records, (_, record) => {
    if (isOffloadedOutput(record.output)) ids.push(record.output.__pieceworkOffloadedOutput.fileId);
  });
  return ids;
}

/**
 * The records of a failed run with its failed step's record removed (looking into the last loop
 * iteration when the run stopped inside a loop), so that a resume runs that step again. Returns
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
  const iterations = loopIterations(last);
  if (!iterations || iterations.length === 0) return records;
  const lastIteration = withoutFailedStep(iterations[iterations.length - 1]!);
  const output = { ...(last.output as LoopOutput), iterations: [...iterations.slice(0, -1), lastIteration] };
  return { ...records, [lastName]: { ...last, output } };
}
