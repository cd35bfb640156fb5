/**
 * Emails a project's alert receivers when a production run ends in failure (FAILED, TIMEOUT,
 * INTERNAL_ERROR, MEMORY_LIMIT_EXCEEDED, LOG_SIZE_EXCEEDED). Called once the run's end is
 * committed; it never delays the run nor fails it: the receivers are looked up (only for a failed
 * production run, which is rare) and mailed in the background, and every error is logged. Nothing
 * happens on a server without SMTP, for test runs, or for runs that succeeded, paused or were
 * canceled.
 */
import { FlowRunStatus, type FailedStep } from '@piecework/shared';
import { runFailureEmail } from '../../infrastructure/email/run-failure-email';
import type { FlowRunRow } from '../../infrastructure/storage/rows/execution-rows';
import type { ServerBase } from '../../server-context';
import { fromJson } from '../../infrastructure/storage/json-column';
import { findProjectDisplayName, listEmailReceivers } from './alert-repository';

/** What run-failure alerting uses from the server context. */
export type RunFailureAlertDependencies = Pick<ServerBase, 'store' | 'mailer' | 'logger' | 'settings'>;

const S = FlowRunStatus.enum;

/** The end statuses that alert: an execution that went wrong (not a cancel, not a success). */
export const ALERTING_STATUSES: ReadonlySet<string> = new Set<FlowRunStatus>([
  S.FAILED,
  S.TIMEOUT,
  S.INTERNAL_ERROR,
  S.MEMORY_LIMIT_EXCEEDED,
  S.LOG_SIZE_EXCEEDED,
]);

/** Longest error message quoted in an alert (the rest is on the run's page). */
const MAX_MESSAGE_CHARS = 500;

/** Starts alerting for `run` (its end committed) when it is a failed production run; returns at once. */
export function alertOnRunFailure(base: RunFailureAlertDependencies, run: FlowRunRow): void {
  if (!base.mailer.configured || run.environment !== 'PRODUCTION' || !ALERTING_STATUSES.has(run.status)) {
    return;
  }
  void sendRunFailureAlerts(base, run).catch((error: unknown) => {
    base.logger.warn(
      { err: error, runId: run.id, projectId: run.projectId },
      'Could not send run-failure alerts',
    );
  });
}

/** Emails every EMAIL receiver of the run's project (each separately: one bad address does not stop the rest). */
export async function sendRunFailureAlerts(
  base: RunFailureAlertDependencies,
  run: FlowRunRow,
): Promise<void> {
  const receivers = await listEmailReceivers(base.store.db, run.projectId);
  if (receivers.length === 0) return;
  const project = await findProjectDisplayName(base.store.db, run.projectId);
  const failedStep = fromJson<FailedStep>(run.failedStep) ?? undefined;
  const content = runFailureEmail({
    publicUrl: base.settings.publicUrl,
    projectId: run.projectId,
    projectName: project?.displayName ?? run.projectId,
    flowName: run.flowDisplayName,
    runId: run.id,
    status: run.status,
    finishedAt: run.finishTime ?? run.updated,
    failedStep,
    error: truncate(failedStep?.message ?? run.internalError ?? undefined),
  });
  for (const { receiver } of receivers) {
    try {
      await base.mailer.send({ to: receiver, ...content });
    } catch (error) {
      base.logger.warn(
        { err: error, runId: run.id, projectId: run.projectId },
        'Could not email a run-failure alert',
      );
    }
  }
}

function truncate(message: string | undefined): string | undefined {
  if (message === undefined || message.length <= MAX_MESSAGE_CHARS) return message;
  return `${message.slice(0, MAX_MESSAGE_CHARS)}…`;
}
