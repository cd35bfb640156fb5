import type { StepOutput, StepOutputs } from '../step-output';
import { enterIteration, loopOutput, type LoopOutput } from './loop-output';
import { parseStepPath, type StepPlace } from './step-path';

type LoopRecord = StepOutput & { output: LoopOutput };

/** How {@link FiledRecords.file} takes a record. */
export interface FileOptions {
  /**
   * The record is in its stored form (see `storedRecord`): a loop record's iterations are empty
   * placeholders, so filing it where a loop record already is keeps the iterations filed there
   * (and as many as either has). Default false: the record is filed as it is, replacing any.
   */
  stored?: boolean;
}

/**
 * A run's nested records, built by filing each finished step's record at its place: a record
 * inside loops goes into its loop's iteration, and a loop that has no record with iterations
 * there yet (the run stopped inside it) gets a RUNNING one. A loop's `index` follows the rule of
 * `enterIteration`. Copy-on-write: the records it starts from, and the records filed, are never
 * written to; whatever it has to change is copied first. Use it to follow a run from its
 * `step.finished` events; {@link assembleSteps} uses it for stored records.
 */
export class FiledRecords {
  /** The maps and records made here: the only ones written in place. */
  private readonly owned = new WeakSet<object>();
  private readonly root: StepOutputs;

  /** Starts from `saved` (a resumed run's records), which is not changed. */
  constructor(saved: StepOutputs = {}) {
    this.root = this.own({ ...saved });
  }

  /** The records filed so far, nested. */
  get records(): StepOutputs {
    return this.root;
  }

  /** Files `record` at `place`. */
  file(place: StepPlace, record: StepOutput, options: FileOptions = {}): void {
    let records = this.root;
    for (const { loopName, iteration } of place.path)
      records = this.iterationRecords(records, loopName, iteration);
    const existing = options.stored ? loopOutput(records[place.stepName]) : undefined;
    records[place.stepName] = existing ? this.restored(record, existing) : record;
  }

  private iterationRecords(records: StepOutputs, loopName: string, iteration: number): StepOutputs {
    const loop = this.ownedLoop(records[loopName]);
    records[loopName] = loop;
    const current = enterIteration(loop.output, iteration);
    if (this.owned.has(current)) return current;
    return (loop.output.iterations[iteration] = this.own({ ...current }));
  }

  private ownedLoop(record: StepOutput | undefined): LoopRecord {
    if (record && this.owned.has(record)) return record as LoopRecord;
    const output = loopOutput(record);
    if (!record || !output) {
      return this.own({
        type: 'LOOP_ON_ITEMS',
        status: 'RUNNING',
        input: {},
        output: { index: 0, iterations: [] },
        duration: 0,
      });
    }
    return this.own({
      ...record,
      output: { ...output, index: output.index ?? 0, iterations: [...output.iterations] },
    });
  }

  /** A stored loop record with the iterations already filed at its place. */
  private restored(record: StepOutput, existing: LoopOutput): StepOutput {
    const incoming = loopOutput(record);
    if (!incoming) return record;
    const count = Math.max(existing.iterations.length, incoming.iterations.length);
    const iterations = Array.from({ length: count }, (_, i) => existing.iterations[i] ?? {});
    return this.own({ ...record, output: { ...incoming, iterations } });
  }

  private own<T extends object>(value: T): T {
    this.owned.add(value);
    return value;
  }
}

/**
 * A run's nested records from its stored rows in order of arrival: each row is a record in its
 * stored form (see `storedRecord`) at the place its `path` names (see `formatStepPath`). Use it
 * to read back a run kept one record per place, for reads, resumes, retries and recovery.
 */
export function assembleSteps(rows: readonly { path: string; record: StepOutput }[]): StepOutputs {
  const filed = new FiledRecords();
  for (const row of rows) filed.file(parseStepPath(row.path), row.record, { stored: true });
  return filed.records;
}
