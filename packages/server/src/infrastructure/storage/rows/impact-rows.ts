/**
 * The rows of the Impact dashboard's daily figures (migration `0026-impact`).
 * Column conventions: see `../database.ts`.
 */

/** `impactRunDay`: how many production runs of a flow ended on a UTC day with a status, in a duration bucket. */
export interface ImpactRunDayTable {
  flowId: string;
  /** The UTC day the runs ended, `YYYY-MM-DD`. */
  day: string;
  /** The run status they ended with. */
  status: string;
  /** The duration bucket (`modules/impact/duration-buckets.ts`). */
  bucket: number;
  projectId: string;
  platformId: string;
  runs: number;
}

/** `impactStepFailureDay`: how many production runs of a flow a step stopped on a UTC day. */
export interface ImpactStepFailureDayTable {
  flowId: string;
  /** The UTC day the runs ended, `YYYY-MM-DD`. */
  day: string;
  stepName: string;
  /** The step's display name in the latest failure. */
  stepDisplayName: string;
  projectId: string;
  platformId: string;
  failures: number;
}
