import { z } from 'zod';
import { StepOutputs, type StepOutput } from '../step-output';

/**
 * The output of a LOOP_ON_ITEMS step: the last item and its 1-based `index`, and each
 * iteration's records (`iterations[i][stepName]`). Use it to read or build a loop's record.
 */
export const LoopOutput = z.object({
  item: z.unknown().optional(),
  index: z.number().int().min(0),
  iterations: z.array(StepOutputs),
});
export type LoopOutput = z.infer<typeof LoopOutput>;

/**
 * The output of `record` when it is a loop's record holding iterations, else undefined (another
 * step, or a loop that failed before its first iteration). Use it before reading iterations.
 */
export function loopOutput(record: StepOutput | undefined): LoopOutput | undefined {
  if (record?.type !== 'LOOP_ON_ITEMS') return undefined;
  const output = record.output as Partial<LoopOutput> | undefined;
  return Array.isArray(output?.iterations) ? (output as LoopOutput) : undefined;
}

/**
 * Makes iteration `iteration` (0-based) of a loop current and returns its records map: the
 * iterations up to it exist (missing ones as empty maps) and `index` is at least
 * `iteration + 1`. Writes `output` in place: give it an output you own.
 *
 * The one index rule: a loop's `index` is the 1-based number of the latest iteration that has
 * begun, so it always equals `iterations.length`, as the engine's loop step keeps it while it
 * runs. Filing a record in iteration i therefore means iteration i has begun, whatever the
 * loop's status: a loop resumed or retried past its saved record (PAUSED, or SUCCEEDED around a
 * failed body step) moves on with its iterations. A finished loop's index never moves: its
 * record already counts every iteration it holds, and `index` only ever grows.
 */
export function enterIteration(output: LoopOutput, iteration: number): StepOutputs {
  const { iterations } = output;
  while (iterations.length <= iteration) iterations.push({});
  output.index = Math.max(output.index, iteration + 1);
  return iterations[iteration]!;
}

/**
 * The record as stored: a loop's iterations are reduced to empty maps (the records inside them
 * are stored at their own places). Use it when a run's records are kept one per place; filing
 * with `{ stored: true }` (see `FiledRecords`) puts them back together.
 */
export function storedRecord(record: StepOutput): StepOutput {
  const iterations = loopOutput(record)?.iterations;
  if (!iterations) return record;
  return {
    ...record,
    output: { ...(record.output as LoopOutput), iterations: iterations.map(() => ({})) },
  };
}
