import { z } from 'zod';

/** Query of `GET /v1/flow-runs/storage-usage`: the project whose run data is measured. */
export const StorageUsageQuery = z.object({
  projectId: z.string(),
});
export type StorageUsageQuery = z.infer<typeof StorageUsageQuery>;

/** The run data one flow keeps: its runs and their approximate size in bytes. */
export const FlowStorageUsage = z.object({
  flowId: z.string(),
  /** The flow's display name as its newest kept run recorded it. */
  flowDisplayName: z.string(),
  /** Runs of the flow still kept. */
  runs: z.number().int().nonnegative(),
  /** Trigger payloads, responses, step records and run files, in bytes (approximate). */
  bytes: z.number().int().nonnegative(),
});
export type FlowStorageUsage = z.infer<typeof FlowStorageUsage>;

/**
 * The run data a project keeps, per flow (largest first), and how long finished runs are kept.
 * `measuredAt` says when the sums were taken: they are kept for a short while between views.
 */
export const ProjectStorageUsage = z.object({
  projectId: z.string(),
  /** AP_EXECUTION_DATA_RETENTION_DAYS: finished runs older than this are deleted. */
  retentionDays: z.number().int().positive(),
  runs: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  flows: z.array(FlowStorageUsage),
  measuredAt: z.string(),
});
export type ProjectStorageUsage = z.infer<typeof ProjectStorageUsage>;
