/**
 * Step records as rows and back. The engine reports each finished step with its place (`path`:
 * the loops around it and their iterations); the server keeps one `flowRunStep` row per place,
 * `step_2` or `step_1[0].step_2` (step_2 in iteration 0 of loop step_1). A loop's own row keeps
 * only how many iterations it had (each iteration's records are the rows inside it), so nothing
 * is stored twice. {@link assembleSteps} rebuilds the engine's nested `StepOutputs` (loops keep
 * iterations in `output.iterations[i][stepName]`) for reads, resumes, retries and recovery.
 */
import type { LoopOutput, StepPath } from '@piecework/engine';
import type { StepOutput, StepOutputs } from '@piecework/shared';

/** The text form of a step's place, e.g. `step_1[0].step_2`. */
export function formatStepPath(stepName: string, path: StepPath): string {
  let text = '';
  for (const { loopName, iteration } of path) text += `${loopName}[${String(iteration)}].`;
  return text + stepName;
}

/** The loops around a step and its name, from {@link formatStepPath}'s text. */
export function parseStepPath(text: string): { path: StepPath; stepName: string } {
  const segments = text.split('.');
  const stepName = segments.pop()!;
  const path = segments.map((segment) => {
    const match = /^(.+)\[(\d+)\]$/.exec(segment);
    if (!match) throw new Error(`Malformed step path '${text}'`);
    return { loopName: match[1]!, iteration: Number(match[2]) };
  });
  return { path, stepName };
}

/** The record as stored: a loop's iterations are reduced to empty maps (their rows hold them). */
export function storedRecord(record: StepOutput): StepOutput {
  const iterations = loopOutput(record)?.iterations;
  if (!iterations) return record;
  return {
    ...record,
    output: { ...(record.output as LoopOutput), iterations: iterations.map(() => ({})) },
  };
}

/**
 * The nested records of a run from its rows in order of arrival. Rows inside a loop whose own
 * row is not there yet (the run stopped inside it) get a RUNNING loop record, as the engine's
 * own progress tracking does, so that a resume continues the loop where it stopped.
 */
export function assembleSteps(rows: readonly { path: string; record: StepOutput }[]): StepOutputs {
  const root: StepOutputs = {};
  for (const row of rows) {
    const { path, stepName } = parseStepPath(row.path);
    let records = root;
    for (const { loopName, iteration } of path) records = iterationRecords(records, loopName, iteration);
    const existing = loopOutput(records[stepName]);
    const incoming = loopOutput(row.record);
    if (existing && incoming) {
      const count = Math.max(existing.iterations.length, incoming.iterations.length);
      const iterations = Array.from({ length: count }, (_, i) => existing.iterations[i] ?? {});
      records[stepName] = { ...row.record, output: { ...incoming, iterations } };
    } else {
      records[stepName] = row.record;
    }
  }
  return root;
}

function iterationRecords(records: StepOutputs, loopName: string, iteration: number): StepOutputs {
  let output = loopOutput(records[loopName]);
  if (!output) {
    output = { index: 0, iterations: [] };
    records[loopName] = { type: 'LOOP_ON_ITEMS', status: 'RUNNING', input: {}, output, duration: 0 };
  }
  while (output.iterations.length <= iteration) output.iterations.push({});
  if (records[loopName]!.status === 'RUNNING') output.index = Math.max(output.index, iteration + 1);
  return output.iterations[iteration]!;
}

function loopOutput(record: StepOutput | undefined): LoopOutput | undefined {
  if (record?.type !== 'LOOP_ON_ITEMS') return undefined;
  const output = record.output as Partial<LoopOutput> | undefined;
  return Array.isArray(output?.iterations) ? (output as LoopOutput) : undefined;
}

/** Calls `visit` on every record, loop iterations included (depth first, in order). */
export function forEachStepRecord(records: StepOutputs, visit: (record: StepOutput) => void): void {
  for (const record of Object.values(records)) {
    visit(record);
    for (const iteration of loopOutput(record)?.iterations ?? []) forEachStepRecord(iteration, visit);
  }
}
