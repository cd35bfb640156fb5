import { z } from 'zod';
import { EmbedOrigin } from '../platform/allowed-embed-origins';
import {
  ContainerType,
  DatabaseType,
  Edition,
  ExecutionMode,
  LogLevel,
  PieceSyncMode,
  RedisSentinelRole,
  RedisType,
} from './config-enums';
import { ConfigUrl, DurationText, HostAndPort, IpOrCidr, wholeNumber } from './config-values';

const optionalText = z.string().min(1).optional();

/** AP_APP_WEBHOOK_SECRETS read as JSON: piece name to `{webhookSecret}`. */
const AppWebhookSecrets = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON: {"<piece name>": {"webhookSecret": "..."}}' });
      return z.NEVER;
    }
  })
  .pipe(z.record(z.string(), z.object({ webhookSecret: z.string() })));

/**
 * Piecework's typed configuration: one key per `AP_*` environment variable, named by the
 * camelCase of the variable without `AP_` (`AP_MAX_FLOW_RUN_LOG_SIZE_MB` -> `maxFlowRunLogSizeMb`,
 * `AP_SSRF_ALLOW_LIST` -> `ssrfAllowList`; see {@link configKey}). Defaults are Activepieces'; where
 * it has none, Piecework's choice is marked "(chosen)". Read it once at start with
 * {@link parseConfig}; {@link CONFIG_VARIABLES} documents every variable.
 */
export const PieceworkConfig = z
  .object({
    /** AP_PORT: HTTP port of the REST server. */
    port: wholeNumber(1, 65535).default(3000),
    /** AP_CONFIG_PATH: folder for the SQLite file, stored files and generated secrets. */
    configPath: z.string().min(1).default('./.piecework'),
    /** AP_FRONTEND_URL: public base URL (webhook and resume URLs); unset: `http://localhost:<port>`. */
    frontendUrl: ConfigUrl.optional(),
    /** AP_ENCRYPTION_KEY: 32 hex characters (16 bytes) encrypting connection values; unset: generated and kept under configPath. */
    encryptionKey: z
      .string()
      .regex(/^[0-9a-fA-F]{32}$/, 'must be 32 hex characters (openssl rand -hex 16)')
      .optional(),
    /** AP_JWT_SECRET: at least 32 characters signing session tokens; unset: generated and kept under configPath. */
    jwtSecret: z.string().min(32, 'must be at least 32 characters (openssl rand -hex 32)').optional(),
    /** AP_LOG_LEVEL: lowest level logged. */
    logLevel: LogLevel.default('info'),
    /** AP_LOG_SAMPLE_RATE_INFO: percent (0-100) of info logs kept. */
    logSampleRateInfo: z.number().min(0).max(100, 'must be a percentage from 0 to 100').default(100),
    /** AP_LOG_KEEP_SLOW_MS: requests slower than this (ms) are always logged. */
    logKeepSlowMs: wholeNumber(0).default(2000),
    /** AP_OTEL_ENABLED: send logs over OpenTelemetry (logs only; no traces or metrics). */
    otelEnabled: z.boolean().default(false),
    /** AP_DB_TYPE: SQLITE (default) or POSTGRES. */
    dbType: DatabaseType.default('SQLITE'),
    /** AP_POSTGRES_URL: connection URL; with dbType POSTGRES, this or postgresHost and postgresDatabase. */
    postgresUrl: ConfigUrl.optional(),
    /** AP_POSTGRES_HOST: PostgreSQL host, when no URL is given. */
    postgresHost: optionalText,
    /** AP_POSTGRES_PORT: PostgreSQL port, when no URL is given. */
    postgresPort: wholeNumber(1, 65535).default(5432),
    /** AP_POSTGRES_DATABASE: database name, when no URL is given. */
    postgresDatabase: optionalText,
    /** AP_POSTGRES_USERNAME: user name, when no URL is given. */
    postgresUsername: optionalText,
    /** AP_POSTGRES_PASSWORD: password, when no URL is given. */
    postgresPassword: optionalText,
    /** AP_POSTGRES_USE_SSL: connect over TLS (with the URL or the separate settings). */
    postgresUseSsl: z.boolean().default(false),
    /** AP_POSTGRES_POOL_SIZE: connections one process keeps open to PostgreSQL (chosen default: 10). */
    postgresPoolSize: wholeNumber(1).default(10),
    /** AP_REDIS_URL: when set, jobs go through BullMQ on this Redis; unset: the in-process durable queue. */
    redisUrl: ConfigUrl.optional(),
    /** AP_REDIS_TYPE: STANDALONE or SENTINEL. */
    redisType: RedisType.default('STANDALONE'),
    /** AP_REDIS_HOST: Redis host when AP_REDIS_URL is unset (STANDALONE). */
    redisHost: optionalText,
    /** AP_REDIS_PORT: Redis port with AP_REDIS_HOST. */
    redisPort: wholeNumber(1, 65535).default(6379),
    /** AP_REDIS_PASSWORD: Redis password (of the servers, not of the Sentinels). */
    redisPassword: optionalText,
    /** AP_REDIS_DB: Redis database number. */
    redisDb: wholeNumber(0).default(0),
    /** AP_REDIS_USE_SSL: connect to Redis over TLS. */
    redisUseSsl: z.boolean().default(false),
    /** AP_REDIS_SENTINEL_HOSTS: the Sentinels as `host:port` items; required when redisType is SENTINEL. */
    redisSentinelHosts: z.array(HostAndPort).default([]),
    /** AP_REDIS_SENTINEL_NAME: the master group the Sentinels watch; required when redisType is SENTINEL. */
    redisSentinelName: optionalText,
    /** AP_REDIS_SENTINEL_ROLE: connect to the master or a replica of the group. */
    redisSentinelRole: RedisSentinelRole.default('master'),
    /** AP_REDIS_KEY_PREFIX: prefix of every Redis key, so installations can share a Redis (default `piecework`). */
    redisKeyPrefix: z
      .string()
      .regex(/^[A-Za-z0-9_.-]+$/, { error: 'must be letters, digits, dots, dashes or underscores' })
      .default('piecework'),
    /** AP_EXECUTION_MODE: isolation of runs (chosen default: SANDBOX_CODE_AND_PROCESS). */
    executionMode: ExecutionMode.default('SANDBOX_CODE_AND_PROCESS'),
    /** AP_CONTAINER_TYPE: what this process runs (chosen default: WORKER_AND_APP). */
    containerType: ContainerType.default('WORKER_AND_APP'),
    /** AP_WORKER_CONCURRENCY: jobs one worker runs at once (chosen default: 10). */
    workerConcurrency: wholeNumber(1).default(10),
    /**
     * AP_WORKER_LEASE_SECONDS: how long a worker's claim on a run outlives its last heartbeat; a
     * vanished worker's runs are taken up by another after this (default 30).
     */
    workerLeaseSeconds: wholeNumber(1).default(30),
    /** AP_DEFAULT_CONCURRENT_JOBS_LIMIT: concurrent jobs per project unless the project sets its own. */
    defaultConcurrentJobsLimit: wholeNumber(1).default(5),
    /** AP_FLOW_TIMEOUT_SECONDS: run time limit; over it the run is TIMEOUT (chosen default: 600). */
    flowTimeoutSeconds: wholeNumber(1).default(600),
    /** AP_TRIGGER_DEFAULT_POLL_INTERVAL: minutes between polls of a POLLING trigger without its own schedule. */
    triggerDefaultPollInterval: wholeNumber(1).default(5),
    /**
     * AP_APP_WEBHOOK_SECRETS: the webhook secret of each app-level webhook, as JSON
     * `{"@activepieces/piece-slack": {"webhookSecret": "..."}}`; a piece's `events.verify` gets its own.
     */
    appWebhookSecrets: AppWebhookSecrets.optional(),
    /** AP_WEBHOOK_TIMEOUT_SECONDS: how long a `/sync` webhook waits for the flow's response before 204. */
    webhookTimeoutSeconds: wholeNumber(1).default(30),
    /** AP_MAX_FLOW_RUN_LOG_SIZE_MB: step inputs and outputs of a run together; over it: LOG_SIZE_EXCEEDED. */
    maxFlowRunLogSizeMb: wholeNumber(1).default(50),
    /** AP_FLOW_RUN_LOG_SLICE_THRESHOLD_KB: larger step outputs are offloaded to file/object storage. */
    flowRunLogSliceThresholdKb: wholeNumber(0).default(32),
    /** AP_FLOW_RUN_LOG_INPUT_TRUNCATE_THRESHOLD_KB: larger input values show truncated in the log. */
    flowRunLogInputTruncateThresholdKb: wholeNumber(0).default(2),
    /**
     * AP_EXECUTION_DATA_RETENTION_DAYS: finished runs older than this many days are deleted with
     * their steps, files and waitpoints (Activepieces' default: 30).
     */
    executionDataRetentionDays: wholeNumber(1).default(30),
    /** AP_MAX_WEBHOOK_PAYLOAD_SIZE_MB: larger webhook payloads get 413. */
    maxWebhookPayloadSizeMb: wholeNumber(1).default(25),
    /** AP_MAX_FILE_SIZE_MB: files from actions and triggers (chosen default: 25). */
    maxFileSizeMb: wholeNumber(1).default(25),
    /** AP_MAX_TABLES_PER_PROJECT: tables one project may hold; more: 402 QUOTA_EXCEEDED (chosen default: 1000). */
    maxTablesPerProject: wholeNumber(1).default(1000),
    /** AP_MAX_FIELDS_PER_TABLE: fields (columns) one table may hold; more: 402 QUOTA_EXCEEDED. */
    maxFieldsPerTable: wholeNumber(1).default(100),
    /** AP_MAX_RECORDS_PER_TABLE: records (rows) one table may hold; more: 402 QUOTA_EXCEEDED (chosen default: 1,000,000). */
    maxRecordsPerTable: wholeNumber(1).default(1_000_000),
    /** AP_SSRF_ALLOW_LIST: IPs/CIDRs outbound requests may reach despite the private-address filter. */
    ssrfAllowList: z.array(IpOrCidr).default([]),
    /**
     * AP_GIT_SYNC_ALLOW_FILE_URLS: let git sync connect projects to `file://` repositories on the
     * server's own disk (tests, single-machine setups); off, only SSH remotes are accepted (chosen).
     */
    gitSyncAllowFileUrls: z.boolean().default(false),
    /** AP_ALLOWED_EMBED_ORIGINS: origins allowed to embed, besides the platform's own list. */
    allowedEmbedOrigins: z.array(EmbedOrigin).default([]),
    /** AP_ALLOW_DISPOSABLE_EMAILS: accept sign-ups from throwaway email providers. */
    allowDisposableEmails: z.boolean().default(false),
    /**
     * AP_EDITION: `ce` or `ee` (self-hosted: the first sign-up owns the server, later sign-ups need
     * an invitation or an allowed domain) or `cloud` (each uninvited sign-up gets its own platform).
     */
    edition: Edition.default('ce'),
    /**
     * AP_LICENSE_PUBLIC_KEY: the vendor's Ed25519 public key that license keys must be signed with
     * (PEM, `\n` allowed for line breaks, or base64 of the raw 32-byte key); unset: every
     * activation is refused and platforms stay on the free plan.
     */
    licensePublicKey: optionalText,
    /** AP_GOOGLE_CLIENT_ID: Google sign-in (shown only when both Google variables are set). */
    googleClientId: optionalText,
    /** AP_GOOGLE_CLIENT_SECRET: Google sign-in secret. */
    googleClientSecret: optionalText,
    /**
     * AP_API_RATE_LIMIT_AUTHN_ENABLED: limit the authentication routes (sign-in, sign-up, codes,
     * password resets, federated claims) per client IP and per email; over the limit: 429.
     */
    apiRateLimitAuthnEnabled: z.boolean().default(true),
    /** AP_API_RATE_LIMIT_AUTHN_MAX: requests one IP (and one email) may make to one such route per window. */
    apiRateLimitAuthnMax: wholeNumber(1).default(50),
    /** AP_API_RATE_LIMIT_AUTHN_WINDOW: the window of that limit, in milliseconds (read from `1 minute`, `30 seconds`...). */
    apiRateLimitAuthnWindow: DurationText.prefault('1 minute'),
    /**
     * AP_HUMAN_INPUT_RATE_LIMIT_MAX: submissions one client IP may make per window to the forms and
     * chat pages' routes and to the webhooks of flows started by the forms piece; over it: 429.
     */
    humanInputRateLimitMax: wholeNumber(1).default(20),
    /** AP_HUMAN_INPUT_RATE_LIMIT_WINDOW: the window of that limit, in milliseconds (read from `1 minute`, `30 seconds`...). */
    humanInputRateLimitWindow: DurationText.prefault('1 minute'),
    /** AP_USE_CDN_FOR_BUNDLES: fetch official piece bundles from the CDN first. */
    useCdnForBundles: z.boolean().default(true),
    /** AP_LOAD_TRANSLATIONS_FOR_DEV_PIECES: load translations of pieces under development. */
    loadTranslationsForDevPieces: z.boolean().default(false),
    /** AP_PIECES_SYNC_MODE: keep the catalogue of not-installed pieces in step with AP_PIECES_SYNC_URL. */
    piecesSyncMode: PieceSyncMode.default('OFFICIAL_AUTO'),
    /** AP_PIECES_SYNC_URL: the API base the catalogue syncs from (chosen default: Activepieces' cloud). */
    piecesSyncUrl: ConfigUrl.default('https://cloud.activepieces.com/api/'),
    /** AP_PIECES_SYNC_API_KEY: a bearer token for a sync source that asks for one (another Piecework). */
    piecesSyncApiKey: optionalText,
    /** AP_PIECES_INSTALL_ON_DEMAND: install a catalogue piece version when a flow first needs it (chosen). */
    piecesInstallOnDemand: z.boolean().default(true),
    /** AP_SMTP_HOST: SMTP server for emails (invitations, verification); unset: no email. */
    smtpHost: optionalText,
    /** AP_SMTP_PORT: SMTP port (chosen default: 587). */
    smtpPort: wholeNumber(1, 65535).default(587),
    /** AP_SMTP_USERNAME: SMTP user. */
    smtpUsername: optionalText,
    /** AP_SMTP_PASSWORD: SMTP password. */
    smtpPassword: optionalText,
    /** AP_SMTP_SENDER_EMAIL: From address. */
    smtpSenderEmail: z.email({ error: 'must be an email address' }).optional(),
    /** AP_SMTP_SENDER_NAME: From name. */
    smtpSenderName: optionalText,
  })
  .superRefine((config, ctx) => {
    if (config.redisType === 'SENTINEL') {
      if (config.redisSentinelHosts.length === 0) {
        ctx.addIssue({
          code: 'custom',
          message: 'is required when AP_REDIS_TYPE is SENTINEL',
          path: ['redisSentinelHosts'],
        });
      }
      if (config.redisSentinelName === undefined) {
        ctx.addIssue({
          code: 'custom',
          message: 'is required when AP_REDIS_TYPE is SENTINEL',
          path: ['redisSentinelName'],
        });
      }
    }
    if (
      config.containerType !== 'WORKER_AND_APP' &&
      (config.dbType !== 'POSTGRES' || !isRedisConfigured(config))
    ) {
      ctx.addIssue({
        code: 'custom',
        message:
          'APP and WORKER processes share one database and one job queue: they need AP_DB_TYPE=POSTGRES and Redis (AP_REDIS_URL, AP_REDIS_HOST or AP_REDIS_TYPE=SENTINEL)',
        path: ['containerType'],
      });
    }
    if (config.dbType !== 'POSTGRES' || config.postgresUrl !== undefined) return;
    if (config.postgresHost === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'is required when AP_DB_TYPE is POSTGRES (or set AP_POSTGRES_HOST and AP_POSTGRES_DATABASE)',
        path: ['postgresUrl'],
      });
    } else if (config.postgresDatabase === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'is required with AP_POSTGRES_HOST when AP_POSTGRES_URL is not set',
        path: ['postgresDatabase'],
      });
    }
  });
export type PieceworkConfig = z.infer<typeof PieceworkConfig>;

/**
 * Whether the configuration names a Redis (AP_REDIS_URL, AP_REDIS_HOST or a Sentinel set): jobs
 * then go through BullMQ, and APP and WORKER processes are possible.
 */
export function isRedisConfigured(
  config: Pick<PieceworkConfig, 'redisUrl' | 'redisHost' | 'redisType'>,
): boolean {
  return config.redisUrl !== undefined || config.redisHost !== undefined || config.redisType === 'SENTINEL';
}

/** A key of {@link PieceworkConfig}. */
export type PieceworkConfigKey = keyof PieceworkConfig;
