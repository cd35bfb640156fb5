/**
 * Follows a "Test flow" run on the canvas: the run is read every half second while it is queued,
 * running or paused, and each read shows its steps' statuses (`run-step-statuses.ts`) in the
 * builder's {@link StepRunMarks}; once it ends, reading stops and the final statuses stay. An
 * edit of the draft (another version) clears them and stops following; so does the next test.
 */
import { isTerminalRunStatus, type FlowRun, type FlowVersion } from '@piecework/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../../api/session-context';
import { runStepStatuses } from './run-step-statuses';
import type { StepRunMarks } from './step-run-marks';

/** How often a test run that has not ended is read again. */
const POLL_MS = 500;

function sameDraft(one: FlowVersion, other: FlowVersion): boolean {
  return one.id === other.id && one.updated === other.updated;
}

interface Followed {
  readonly run: FlowRun;
  /** The draft the run tests. */
  readonly basis: FlowVersion;
}

/**
 * Shows the progress of test runs of `version` in `marks`; answers `follow(run)`, to call with
 * each test run started.
 */
export function useTestRunMarks(marks: StepRunMarks, version: FlowVersion): (run: FlowRun) => void {
  const client = useApi();
  const [followed, setFollowed] = useState<Followed | null>(null);
  const run = useQuery({
    queryKey: ['test-run-progress', followed?.run.id],
    enabled: followed !== null,
    queryFn: (): Promise<FlowRun> => client.flowRuns.get(followed!.run.id),
    refetchInterval: (current) => {
      const status = current.state.data?.status;
      return status !== undefined && isTerminalRunStatus(status) ? false : POLL_MS;
    },
  });
  useEffect(() => {
    marks.forgetUnless(version);
    if (followed !== null && !sameDraft(followed.basis, version)) setFollowed(null);
  }, [marks, version, followed]);
  const latest = run.data ?? followed?.run;
  useEffect(() => {
    if (followed === null || latest === undefined || latest.id !== followed.run.id) return;
    marks.show(runStepStatuses(latest, followed.basis), followed.basis);
  }, [marks, followed, latest]);
  return useCallback((started: FlowRun) => setFollowed({ run: started, basis: version }), [version]);
}
