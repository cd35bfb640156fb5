import type { StepOutput, StepOutputs } from '@piecework/shared';
import type { StepPath } from '../run/engine-events';
import type { EngineRequest } from '../run/engine-request';
import { withoutFailedStep } from '../run/saved-records';
import type { LoopOutput } from '../steps/loop-step';

type LoopRecord = StepOutput & { output: LoopOutput };

/**
 * A run's records as far as the parent knows them from `step.finished` events: what it reports
 * when it ends a run itself (hard deadline, dead worker). Best effort: it starts from the
 * request's saved records (a new run's trigger record is rebuilt from its payload), sets each
 * finished step's record, and files records of steps inside loops under their loop's iteration,
 * giving a loop that has not finished yet a RUNNING record. The request's records are never
 * changed: whatever is written to is copied first.
 */
export class RunProgress {
  private readonly owned = new WeakSet<object>();
  /** The records filed so far; made from the request when {@link steps} is first read. */
  private records: StepOutputs | undefined;
  /** Records not filed yet: filing waits until {@link steps} is read (rarely: a run the parent ends). */
  private readonly unfiled: { stepName: string; path: StepPath; record: StepOutput }[] = [];

  constructor(private readonly request: EngineRequest) {}

  /** Files a finished step's record (when {@link steps} is next read; until then it is only kept). */
  finished(stepName: string, path: StepPath, record: StepOutput): void {
    this.unfiled.push({ stepName, path, record });
  }

  /** The records known so far. */
  get steps(): StepOutputs {
    const filed = (this.records ??= this.own({ ...savedRecords(this.request) }));
    for (const { stepName, path, record } of this.unfiled) {
      let records = filed;
      for (const { loopName, iteration } of path)
        records = this.iterationRecords(records, loopName, iteration);
      records[stepName] = record;
    }
    this.unfiled.length = 0;
    return filed;
  }

  private iterationRecords(records: StepOutputs, loopName: string, iteration: number): StepOutputs {
    const loop = this.ownedLoop(records[loopName]);
    records[loopName] = loop;
    const { iterations } = loop.output;
    while (iterations.length <= iteration) iterations.push(this.own({}));
    loop.output.index = Math.max(loop.output.index, iteration + 1);
    const current = iterations[iteration]!;
    return this.owned.has(current) ? current : (iterations[iteration] = this.own({ ...current }));
  }

  private ownedLoop(record: StepOutput | undefined): LoopRecord {
    if (record && this.owned.has(record)) return record as LoopRecord;
    const output = record?.output as Partial<LoopOutput> | undefined;
    if (record?.type !== 'LOOP_ON_ITEMS' || !Array.isArray(output?.iterations)) {
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

  private own<T extends object>(value: T): T {
    this.owned.add(value);
    return value;
  }
}

function savedRecords(request: EngineRequest): StepOutputs {
  switch (request.kind) {
    case 'EXECUTE': {
      const { trigger } = request.flowVersion;
      return {
        trigger: {
          type: trigger.type,
          status: 'SUCCEEDED',
          input: {},
          output: request.triggerPayload,
          duration: 0,
        },
      };
    }
    case 'RESUME':
      return request.steps;
    case 'RETRY_FROM_FAILED_STEP':
      return withoutFailedStep(request.steps);
    case 'TEST_STEP':
      return {};
  }
}
