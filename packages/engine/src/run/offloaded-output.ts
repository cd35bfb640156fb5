import { forEachRecord, type StepOutputs } from '@piecework/shared';

/**
 * A step output too large for the run log (over AP_FLOW_RUN_LOG_SLICE_THRESHOLD_KB) is saved in
 * the host's file store; its record holds this marker instead. The engine loads it back when a
 * later execution (a resume) needs it; the server does when a run is fetched.
 */
export interface OffloadedOutput {
  __pieceworkOffloadedOutput: { fileId: string; sizeBytes: number };
}

/** The marker for an output saved as `fileId`. */
export function offloadedOutput(fileId: string, sizeBytes: number): OffloadedOutput {
  return { __pieceworkOffloadedOutput: { fileId, sizeBytes } };
}

/** True when a record's output is an offload marker. */
export function isOffloadedOutput(value: unknown): value is OffloadedOutput {
  return (
    typeof value === 'object' &&
    value !== null &&
    '__pieceworkOffloadedOutput' in value &&
    typeof (value as OffloadedOutput).__pieceworkOffloadedOutput?.fileId === 'string'
  );
}

/** The file ids of every offloaded output in a run's records: what a resume loads back first. */
export function offloadedFileIds(records: StepOutputs): string[] {
  const ids: string[] = [];
  forEachRecord(records, (_, record) => {
    if (isOffloadedOutput(record.output)) ids.push(record.output.__pieceworkOffloadedOutput.fileId);
  });
  return ids;
}
