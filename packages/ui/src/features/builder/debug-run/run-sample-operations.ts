/**
 * What opening a run in the builder saves: the output the run recorded for the trigger and for
 * each step, as that step's sample output in the draft (one SAVE_SAMPLE_DATA each), so the data
 * selector and "Test step" use the run's real values. The draft may differ from the version that
 * ran: steps of the run the draft no longer has are skipped and named. A step inside a loop takes
 * the output of its first iteration; a step without output (the failed one) gets none.
 */
import {
  findStep,
  forEachRecord,
  type FlowOperation,
  type FlowRun,
  type FlowVersion,
} from '@piecework/shared';

/** The operations that load a run's outputs into a draft, and the run's steps it skipped. */
export interface RunSampleOperations {
  readonly operations: FlowOperation[];
  /** Names of steps the run recorded that the draft does not have. */
  readonly skipped: string[];
}

/** The SAVE_SAMPLE_DATA operations that give `draft`'s steps `run`'s recorded outputs. */
export function runSampleOperations(run: FlowRun, draft: Pick<FlowVersion, 'trigger'>): RunSampleOperations {
  const operations: FlowOperation[] = [];
  const skipped: string[] = [];
  const seen = new Set<string>();
  forEachRecord(run.steps ?? {}, (name, record) => {
    if (seen.has(name)) return;
    seen.add(name);
    if (findStep(draft, name) === undefined) {
      skipped.push(name);
      return;
    }
    if (record.output === undefined) return;
    operations.push({
      type: 'SAVE_SAMPLE_DATA',
      request: { stepName: name, type: 'OUTPUT', payload: record.output },
    });
  });
  return { operations, skipped };
}
