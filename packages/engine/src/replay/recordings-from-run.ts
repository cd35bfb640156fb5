import type { StepOutputs, StepRecordings } from '@piecework/shared';
import { stepPlaces } from './step-places';

/**
 * The recordings of a finished run's piece steps, by place: each SUCCEEDED or FAILED piece
 * record's logged input with its output or error. Code steps, routers and loops are not
 * recorded (they run again); PAUSED and RUNNING records are left out (the step never answered).
 * Give it the run's records with offloaded outputs loaded back.
 */
export function recordingsFromRun(records: StepOutputs): StepRecordings {
  const recordings: StepRecordings = {};
  for (const { place, record } of stepPlaces(records)) {
    if (record.type !== 'PIECE') continue;
    if (record.status === 'SUCCEEDED') {
      recordings[place] = { input: record.input, output: record.output, status: 'SUCCEEDED' };
    } else if (record.status === 'FAILED') {
      recordings[place] = {
        input: record.input,
        output: null,
        status: 'FAILED',
        ...(record.errorMessage === undefined ? {} : { errorMessage: record.errorMessage }),
      };
    }
  }
  return recordings;
}
