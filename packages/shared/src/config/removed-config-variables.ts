/**
 * Variables that no longer exist, with what replaced them (null: nothing). Setting one has no
 * effect; the server can warn about them with {@link findRemovedConfigVariables}.
 */
export const REMOVED_CONFIG_VARIABLES: Readonly<Record<string, string | null>> = {
  AP_SANDBOX_RUN_TIME_SECONDS: 'AP_FLOW_TIMEOUT_SECONDS',
  AP_FLOW_WORKER_CONCURRENCY: 'AP_WORKER_CONCURRENCY',
  AP_SCHEDULED_WORKER_CONCURRENCY: 'AP_WORKER_CONCURRENCY',
  AP_MAX_CONCURRENT_JOBS_PER_PROJECT: 'AP_DEFAULT_CONCURRENT_JOBS_LIMIT',
  AP_CODE_SANDBOX_TYPE: 'AP_EXECUTION_MODE',
  AP_QUEUE_MODE: 'AP_REDIS_TYPE',
  AP_PRE_WARM_CACHE: null,
};

/** The removed variables set in `env` (see {@link REMOVED_CONFIG_VARIABLES}), in a stable order. */
export function findRemovedConfigVariables(env: Record<string, string | undefined>): string[] {
  return Object.keys(REMOVED_CONFIG_VARIABLES).filter((name) => env[name] !== undefined);
}
