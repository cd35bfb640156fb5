import {
  FiledRecords,
  withoutFailedStep,
  type StepOutput,
  type StepOutputs,
  type StepPath,
} from '@piecework/shared';
import type { EngineRequest } from '../run/engine-request';

/**
 * A run's records as far as the parent knows them from `step.finished` events: what it reports
 * when it ends a run itself (hard deadline, dead worker). Best effort: it starts from the
 * request's saved records (a new run's trigger record is rebuilt from its payload) and files
 * each finished step's record at its place (see `FiledRecords`: records inside loops under their
 * loop's iteration, a loop that has not finished yet given a RUNNING record). The request's
 * records are never changed.
 */
export class RunProgress {
  /** The records filed so far; made from the request when {@link steps} is first read. */
  private filed: FiledRecords | undefined;
  /** Records not filed yet: filing waits until {@link steps} is read (rarely: a run the parent ends). */
  private readonly unfiled: { stepName: string; path: StepPath; record: StepOutput }[] = [];

  constructor(private readonly request: EngineRequest) {}

  /** Files a finished step's record (when {@link steps} is next read; until then it is only kept). */
  finished(stepName: string, path: StepPath, record: StepOutput): void {
    this.unfiled.push({ stepName, path, record });
  }

  /** The records known so far. */
  get steps(): StepOutputs {
    const filed = (this.filed ??= new FiledRecords(savedRecords(this.request)));
    for (const { stepName, path, record } of this.unfiled) filed.file({ stepName, path }, record);
    this.unfiled.length = 0;
    return filed.records;
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
