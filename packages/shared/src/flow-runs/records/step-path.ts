import { z } from 'zod';

/**
 * Where a step ran: the loops around it, outermost first, each with its 0-based iteration.
 * Empty for a step outside loops. Use it to say which record a finished step's record is.
 */
export const StepPath = z
  .array(z.object({ loopName: z.string(), iteration: z.number().int().min(0) }))
  .readonly();
export type StepPath = z.infer<typeof StepPath>;

/** A step's place in a run's nested records: its name and the loops around it. Use it to file a record. */
export interface StepPlace {
  stepName: string;
  path: StepPath;
}

/**
 * The text form of a step's place, e.g. `step_1[0].step_2` (step_2 in iteration 0 of loop
 * step_1). Use it as the key of a stored record; {@link parseStepPath} reads it back.
 */
export function formatStepPath(stepName: string, path: StepPath): string {
  let text = '';
  for (const { loopName, iteration } of path) text += `${loopName}[${String(iteration)}].`;
  return text + stepName;
}

/**
 * The place a {@link formatStepPath} text names. Throws on a malformed text: stored paths are
 * only ever written by {@link formatStepPath}, so one that does not parse is a bug.
 */
export function parseStepPath(text: string): StepPlace {
  const segments = text.split('.');
  const stepName = segments.pop()!;
  const path = segments.map((segment) => {
    const match = /^(.+)\[(\d+)\]$/.exec(segment);
    if (!match) throw new Error(`Malformed step path '${text}'`);
    return { loopName: match[1]!, iteration: Number(match[2]) };
  });
  return { path, stepName };
}
