import { z } from 'zod';

/** AP_DB_TYPE: the database. SQLITE (an embedded file under AP_CONFIG_PATH) or POSTGRES (AP_POSTGRES_URL). */
export const DatabaseType = z.enum(['SQLITE', 'POSTGRES']);
export type DatabaseType = z.infer<typeof DatabaseType>;

/**
 * AP_EXECUTION_MODE: how runs are isolated. Code steps always run in the QuickJS sandbox in
 * Piecework; the mode says whether piece calls also run in a separate process
 * (SANDBOX_PROCESS, SANDBOX_CODE_AND_PROCESS) or in the worker itself (SANDBOX_CODE_ONLY,
 * UNSANDBOXED). The old value SANDBOXED is gone (use SANDBOX_PROCESS).
 */
export const ExecutionMode = z.enum([
  'UNSANDBOXED',
  'SANDBOX_PROCESS',
  'SANDBOX_CODE_ONLY',
  'SANDBOX_CODE_AND_PROCESS',
]);
export type ExecutionMode = z.infer<typeof ExecutionMode>;

/** AP_REDIS_TYPE: a single Redis server (STANDALONE) or a Sentinel setup (SENTINEL). Replaces AP_QUEUE_MODE. */
export const RedisType = z.enum(['STANDALONE', 'SENTINEL']);
export type RedisType = z.infer<typeof RedisType>;

/** AP_REDIS_SENTINEL_ROLE: which server of a Sentinel set to connect to (the master, or a replica). */
export const RedisSentinelRole = z.enum(['master', 'slave']);
export type RedisSentinelRole = z.infer<typeof RedisSentinelRole>;

/**
 * AP_CONTAINER_TYPE: what this process runs. WORKER_AND_APP (one process does everything), APP
 * (REST server only) or WORKER (runs jobs; takes its concurrency from the app server).
 */
export const ContainerType = z.enum(['WORKER_AND_APP', 'APP', 'WORKER']);
export type ContainerType = z.infer<typeof ContainerType>;

/** AP_LOG_LEVEL: the lowest log level written (pino's levels). */
export const LogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);
export type LogLevel = z.infer<typeof LogLevel>;

/**
 * AP_EDITION: how the server is run, by Activepieces' values. `ce` (community, the
 * default) and `ee` (enterprise) are self-hosted: the first sign-up creates the server's platform
 * and its admin, later ones need an invitation (or an allowed email domain). `cloud` is a hosted
 * multi-tenant service: every sign-up without an invitation gets a platform of its own.
 */
export const Edition = z.enum(['ce', 'ee', 'cloud']);
export type Edition = z.infer<typeof Edition>;

/**
 * AP_PIECES_SYNC_MODE: whether the server keeps its catalogue of pieces it has not installed in
 * step with a pieces API (AP_PIECES_SYNC_URL): OFFICIAL_AUTO (at start and daily) or NONE.
 */
export const PieceSyncMode = z.enum(['OFFICIAL_AUTO', 'NONE']);
export type PieceSyncMode = z.infer<typeof PieceSyncMode>;
