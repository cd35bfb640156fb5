/**
 * The output the run page shows for a step: a loop's output without its iterations (the tree
 * shows them one at a time), any other output as it is.
 */
import type { StepOutput } from '@piecework/shared';

/** A loop's output without `iterations`; any other output as it is. */
export function shownOutput(record: StepOutput): unknown {
  if (record.type !== 'LOOP_ON_ITEMS' || typeof record.output !== 'object' || record.output === null) {
    return record.output;
  }
  const { iterations: _iterations, ...rest } = record.output as Record<string, unknown>;
  return rest;
}
