import { z } from 'zod';
import { FlowRunStatus } from '../flow-runs/flow-run-status';
import { RunEnvironment } from '../flow-runs/run-environment';
import { AuditProject } from './audit-project';

/** The run an audit event is about; `duration` in milliseconds, once known. */
export const AuditFlowRun = z.object({
  id: z.string(),
  environment: RunEnvironment,
  flowId: z.string(),
  flowVersionId: z.string(),
  status: FlowRunStatus,
  startTime: z.string().nullable().optional(),
  finishTime: z.string().nullable().optional(),
  duration: z.number().min(0).optional(),
  triggeredBy: z.string().optional(),
  stepNameToTest: z.string().optional(),
  flowDisplayName: z.string().optional(),
});
export type AuditFlowRun = z.infer<typeof AuditFlowRun>;

/** `data` of flow.run.started, flow.run.finished and flow.run.retried. */
export const FlowRunEventData = z.object({
  flowRun: AuditFlowRun,
  project: AuditProject.optional(),
});
export type FlowRunEventData = z.infer<typeof FlowRunEventData>;

/**
 * `data` of stuck.runs.ended: the runs a person ended with one call to `POST /v1/stuck-runs/end`
 * (as they were once ended) and the reason they gave.
 */
export const StuckRunsEndedEventData = z.object({
  flowRuns: z.array(AuditFlowRun),
  reason: z.string(),
  project: AuditProject.optional(),
});
export type StuckRunsEndedEventData = z.infer<typeof StuckRunsEndedEventData>;
