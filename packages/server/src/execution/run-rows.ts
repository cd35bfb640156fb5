/**
 * Rows of the `flowRun` table to and from the API's `FlowRun`, and the run as carried in
 * flow.run.* audit events.
 */
import type {
  AuditFlowRun,
  FailedStep,
  FlowRun,
  FlowRunStatus,
  RunEnvironment,
  StepOutputs,
} from '@piecework/shared';
import type { FlowRunRow } from '../infrastructure/storage/rows/execution-rows';
import { fromJson } from '../infrastructure/storage/json-column';

/** The API form of a run row; `steps` only when given (lists leave them out). */
export function flowRunFromRow(row: FlowRunRow, steps?: StepOutputs): FlowRun {
  const failedStep = fromJson<FailedStep>(row.failedStep);
  const tags = fromJson<string[]>(row.tags);
  return {
    id: row.id,
    created: row.created,
    updated: row.updated,
    projectId: row.projectId,
    flowId: row.flowId,
    flowVersionId: row.flowVersionId,
    failParentOnFailure: row.failParentOnFailure === 1,
    ...(row.parentRunId === null ? {} : { parentRunId: row.parentRunId }),
    ...(row.triggeredBy === null ? {} : { triggeredBy: row.triggeredBy }),
    ...(tags === null ? {} : { tags }),
    flowVersion: { displayName: row.flowDisplayName },
    logsFileId: row.logsFileId,
    status: row.status as FlowRunStatus,
    startTime: row.startTime,
    finishTime: row.finishTime,
    environment: row.environment as RunEnvironment,
    ...(steps === undefined ? {} : { steps }),
    ...(failedStep === null ? {} : { failedStep }),
    ...(row.stepNameToTest === null ? {} : { stepNameToTest: row.stepNameToTest }),
    archivedAt: row.archivedAt,
    stepsCount: row.stepsCount,
    ...(row.endReason === null || row.endReason === undefined ? {} : { endReason: row.endReason }),
  };
}

/** The run as carried in flow.run.* events; `duration` from its start to its finish when both are known. */
export function auditFlowRunOf(row: FlowRunRow): AuditFlowRun {
  const duration =
    row.startTime !== null && row.finishTime !== null
      ? Math.max(0, Date.parse(row.finishTime) - Date.parse(row.startTime))
      : undefined;
  return {
    id: row.id,
    environment: row.environment as RunEnvironment,
    flowId: row.flowId,
    flowVersionId: row.flowVersionId,
    status: row.status as FlowRunStatus,
    startTime: row.startTime,
    finishTime: row.finishTime,
    ...(duration === undefined ? {} : { duration }),
    ...(row.triggeredBy === null ? {} : { triggeredBy: row.triggeredBy }),
    ...(row.stepNameToTest === null ? {} : { stepNameToTest: row.stepNameToTest }),
    flowDisplayName: row.flowDisplayName,
  };
}
