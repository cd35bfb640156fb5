import type { ConfigValueKind } from './config-values';
import { PieceworkConfig } from './piecework-config';
import type { PieceworkConfigKey } from './piecework-config';

/** One documented environment variable. */
export interface ConfigVariable {
  /** The variable, e.g. `AP_PORT`. */
  readonly name: string;
  /** Its key in {@link PieceworkConfig}: the camelCase of the name without `AP_`. */
  readonly key: PieceworkConfigKey;
  /** How its text is read: a string, a number, `true`/`false`, or a comma-separated list. */
  readonly kind: ConfigValueKind;
  /** The value used when it is unset (undefined: no default, the feature is off or generated). */
  readonly default: unknown;
  /** True when its value must never be printed (errors show `<redacted>`). */
  readonly secret: boolean;
  /** What it does, in one line. */
  readonly description: string;
}

/** The config key of a variable name: `AP_MAX_FILE_SIZE_MB` -> `maxFileSizeMb`. */
export function configKey(name: string): string {
  return name
    .replace(/^AP_/, '')
    .toLowerCase()
    .replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

type Row = [name: string, kind: ConfigValueKind, description: string, secret?: 'secret'];

const ROWS: Row[] = [
  ['AP_PORT', 'number', 'HTTP port of the REST server.'],
  ['AP_CONFIG_PATH', 'string', 'Folder for the SQLite database, stored files and generated secrets.'],
  ['AP_FRONTEND_URL', 'string', 'Public base URL of the service; unset: http://localhost:<AP_PORT>.'],
  [
    'AP_ENCRYPTION_KEY',
    'string',
    'Key (32 hex characters) encrypting connection values; unset: generated once.',
    'secret',
  ],
  [
    'AP_JWT_SECRET',
    'string',
    'Secret (32+ characters) signing session tokens; unset: generated once.',
    'secret',
  ],
  ['AP_LOG_LEVEL', 'string', 'Lowest log level written: fatal, error, warn, info, debug, trace or silent.'],
  ['AP_LOG_SAMPLE_RATE_INFO', 'number', 'Percent of info logs kept (0-100).'],
  ['AP_LOG_KEEP_SLOW_MS', 'number', 'Requests slower than this many milliseconds are always logged.'],
  ['AP_OTEL_ENABLED', 'boolean', 'Send logs over OpenTelemetry (logs only).'],
  ['AP_DB_TYPE', 'string', 'Database: SQLITE (embedded file) or POSTGRES.'],
  [
    'AP_POSTGRES_URL',
    'string',
    'PostgreSQL connection URL; with AP_DB_TYPE POSTGRES, this or AP_POSTGRES_HOST and AP_POSTGRES_DATABASE.',
    'secret',
  ],
  ['AP_POSTGRES_HOST', 'string', 'PostgreSQL host, when AP_POSTGRES_URL is not set.'],
  ['AP_POSTGRES_PORT', 'number', 'PostgreSQL port, when AP_POSTGRES_URL is not set.'],
  ['AP_POSTGRES_DATABASE', 'string', 'PostgreSQL database name, when AP_POSTGRES_URL is not set.'],
  ['AP_POSTGRES_USERNAME', 'string', 'PostgreSQL user name, when AP_POSTGRES_URL is not set.'],
  ['AP_POSTGRES_PASSWORD', 'string', 'PostgreSQL password, when AP_POSTGRES_URL is not set.', 'secret'],
  ['AP_POSTGRES_USE_SSL', 'boolean', 'Connect to PostgreSQL over TLS.'],
  ['AP_POSTGRES_POOL_SIZE', 'number', 'Connections one process keeps open to PostgreSQL.'],
  [
    'AP_REDIS_URL',
    'string',
    'Redis URL; when set, jobs go through BullMQ (app + workers scale-out).',
    'secret',
  ],
  ['AP_REDIS_TYPE', 'string', 'Redis setup: STANDALONE or SENTINEL (replaces AP_QUEUE_MODE).'],
  ['AP_REDIS_HOST', 'string', 'Redis host when AP_REDIS_URL is unset.'],
  ['AP_REDIS_PORT', 'number', 'Redis port with AP_REDIS_HOST.'],
  ['AP_REDIS_PASSWORD', 'string', 'Redis password.', 'secret'],
  ['AP_REDIS_DB', 'number', 'Redis database number.'],
  ['AP_REDIS_USE_SSL', 'boolean', 'Connect to Redis over TLS.'],
  [
    'AP_REDIS_SENTINEL_HOSTS',
    'list',
    'Comma-separated host:port of the Redis Sentinels (AP_REDIS_TYPE=SENTINEL).',
  ],
  ['AP_REDIS_SENTINEL_NAME', 'string', 'Master group name the Redis Sentinels watch.'],
  ['AP_REDIS_SENTINEL_ROLE', 'string', 'Sentinel role to connect to: master or slave.'],
  [
    'AP_REDIS_KEY_PREFIX',
    'string',
    'Prefix of every Redis key (default piecework): installations sharing a Redis.',
  ],
  [
    'AP_EXECUTION_MODE',
    'string',
    'Run isolation: UNSANDBOXED, SANDBOX_PROCESS, SANDBOX_CODE_ONLY, SANDBOX_CODE_AND_PROCESS.',
  ],
  ['AP_CONTAINER_TYPE', 'string', 'What this process runs: WORKER_AND_APP, APP or WORKER.'],
  ['AP_WORKER_CONCURRENCY', 'number', 'Jobs one worker runs at once.'],
  [
    'AP_WORKER_LEASE_SECONDS',
    'number',
    "How long a worker's claim on a run outlives its last heartbeat before another worker takes it up.",
  ],
  [
    'AP_DEFAULT_CONCURRENT_JOBS_LIMIT',
    'number',
    'Concurrent jobs per project unless the project sets its own.',
  ],
  ['AP_FLOW_TIMEOUT_SECONDS', 'number', 'Run time limit in seconds; over it the run ends TIMEOUT.'],
  [
    'AP_TRIGGER_DEFAULT_POLL_INTERVAL',
    'number',
    'Minutes between polls of a POLLING trigger without its own schedule.',
  ],
  [
    'AP_APP_WEBHOOK_SECRETS',
    'string',
    'JSON map of piece name to {webhookSecret} for app-level webhooks (events.verify).',
    'secret',
  ],
  [
    'AP_WEBHOOK_TIMEOUT_SECONDS',
    'number',
    'Seconds a /sync webhook waits for the flow response before answering 204.',
  ],
  [
    'AP_MAX_FLOW_RUN_LOG_SIZE_MB',
    'number',
    'Step inputs and outputs of a run together (MB); over it: LOG_SIZE_EXCEEDED.',
  ],
  [
    'AP_FLOW_RUN_LOG_SLICE_THRESHOLD_KB',
    'number',
    'Step outputs larger than this (KB) are offloaded to storage.',
  ],
  [
    'AP_FLOW_RUN_LOG_INPUT_TRUNCATE_THRESHOLD_KB',
    'number',
    'Input values larger than this (KB) show truncated in the log.',
  ],
  [
    'AP_EXECUTION_DATA_RETENTION_DAYS',
    'number',
    'Finished runs older than this many days are deleted with their steps and files.',
  ],
  ['AP_MAX_WEBHOOK_PAYLOAD_SIZE_MB', 'number', 'Largest webhook payload (MB); larger ones get 413.'],
  ['AP_MAX_FILE_SIZE_MB', 'number', 'Largest file from actions and triggers (MB).'],
  [
    'AP_MAX_TABLES_PER_PROJECT',
    'number',
    'Tables one project may hold; more are refused (402 QUOTA_EXCEEDED).',
  ],
  ['AP_MAX_FIELDS_PER_TABLE', 'number', 'Fields one table may hold; more are refused (402 QUOTA_EXCEEDED).'],
  [
    'AP_MAX_RECORDS_PER_TABLE',
    'number',
    'Records one table may hold; more are refused (402 QUOTA_EXCEEDED).',
  ],
  [
    'AP_SSRF_ALLOW_LIST',
    'list',
    'Comma-separated IPs/CIDRs outbound requests may reach despite the private-address filter.',
  ],
  [
    'AP_GIT_SYNC_ALLOW_FILE_URLS',
    'boolean',
    'Let git sync use file:// repositories on the server disk (tests, one-machine setups); off: SSH only.',
  ],
  [
    'AP_ALLOWED_EMBED_ORIGINS',
    'list',
    'Comma-separated origins allowed to embed (wildcards like https://*.example.com).',
  ],
  ['AP_ALLOW_DISPOSABLE_EMAILS', 'boolean', 'Accept sign-ups from throwaway email providers.'],
  [
    'AP_EDITION',
    'string',
    'ce or ee (self-hosted: sign-up by invitation after the first) or cloud (a platform per sign-up).',
  ],
  [
    'AP_LICENSE_PUBLIC_KEY',
    'string',
    'Ed25519 public key (PEM, or base64 of the raw 32 bytes) verifying license keys; unset: none is accepted.',
  ],
  [
    'AP_GOOGLE_CLIENT_ID',
    'string',
    'Google sign-in client id (the button shows only when both Google variables are set).',
  ],
  ['AP_GOOGLE_CLIENT_SECRET', 'string', 'Google sign-in client secret.', 'secret'],
  [
    'AP_API_RATE_LIMIT_AUTHN_ENABLED',
    'boolean',
    'Rate-limit the authentication routes per client IP and per email (429 over the limit).',
  ],
  [
    'AP_API_RATE_LIMIT_AUTHN_MAX',
    'number',
    'Requests one IP, and one email, may make to one authentication route per window.',
  ],
  [
    'AP_API_RATE_LIMIT_AUTHN_WINDOW',
    'string',
    "Window of the authentication rate limit: '1 minute', '30 seconds' or milliseconds.",
  ],
  [
    'AP_HUMAN_INPUT_RATE_LIMIT_MAX',
    'number',
    "Submissions one IP may make per window to forms and chat pages and their flows' webhooks.",
  ],
  [
    'AP_HUMAN_INPUT_RATE_LIMIT_WINDOW',
    'string',
    "Window of the forms and chat rate limit: '1 minute', '30 seconds' or milliseconds.",
  ],
  [
    'AP_USE_CDN_FOR_BUNDLES',
    'boolean',
    'Fetch official piece bundles from the CDN before the package registry.',
  ],
  ['AP_LOAD_TRANSLATIONS_FOR_DEV_PIECES', 'boolean', 'Load translations of pieces under development.'],
  [
    'AP_PIECES_SYNC_MODE',
    'string',
    'OFFICIAL_AUTO: list the pieces of AP_PIECES_SYNC_URL (synced at start and daily); NONE: no sync.',
  ],
  ['AP_PIECES_SYNC_URL', 'string', 'API base the piece catalogue syncs from (its /v1/pieces routes).'],
  [
    'AP_PIECES_SYNC_API_KEY',
    'string',
    'Bearer token sent to AP_PIECES_SYNC_URL, when it asks for one.',
    'secret',
  ],
  [
    'AP_PIECES_INSTALL_ON_DEMAND',
    'boolean',
    'Install a catalogue piece version when a flow first needs it; false: admins install by hand.',
  ],
  ['AP_SMTP_HOST', 'string', 'SMTP server for emails; unset: no email is sent.'],
  ['AP_SMTP_PORT', 'number', 'SMTP port.'],
  ['AP_SMTP_USERNAME', 'string', 'SMTP user name.'],
  ['AP_SMTP_PASSWORD', 'string', 'SMTP password.', 'secret'],
  ['AP_SMTP_SENDER_EMAIL', 'string', 'From address of emails.'],
  ['AP_SMTP_SENDER_NAME', 'string', 'From name of emails.'],
];

function defaultOf(key: PieceworkConfigKey): unknown {
  const result = PieceworkConfig.shape[key].safeParse(undefined);
  return result.success ? result.data : undefined;
}

/**
 * Every `AP_*` variable Piecework reads, with its config key, kind, default and a one-line
 * description: the source for the configuration docs. Same order as {@link PieceworkConfig}.
 */
export const CONFIG_VARIABLES: readonly ConfigVariable[] = ROWS.map(([name, kind, description, secret]) => {
  const key = configKey(name) as PieceworkConfigKey;
  return { name, key, kind, default: defaultOf(key), secret: secret === 'secret', description };
});
