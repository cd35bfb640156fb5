/**
 * The log line of a run's execution: one `debug` line per executed job, after its end is written,
 * saying the status it reached, with the run's ids grouped by entity (`flowRun.id`, `flow.id`,
 * `project.id`, `job.id`) like every log line of a run. At the default `info` level it costs one
 * level check.
 */
import type { Logger } from 'pino';
import { entityFields } from '../infrastructure/logging/create-logger';
import type { StartedJob } from './lifecycle/start-runs';

/** Logs (at debug) that the job of `started` executed and left its run `status`. */
export function logRunExecuted(logger: Logger, started: StartedJob, status: string): void {
  if (!logger.isLevelEnabled('debug')) return;
  const { job, run } = started;
  const ids = entityFields({
    flowRunId: run.id,
    flowId: run.flowId,
    projectId: run.projectId,
    jobId: job.id,
  });
  logger.debug({ ...ids, status }, 'Run executed');
}
