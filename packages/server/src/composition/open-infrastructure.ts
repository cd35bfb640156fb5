/**
 * The first stage of the server's assembly: what everything else is built on — settings, logger,
 * store, the server base, the process's role and, with Redis configured, the scale-out parts.
 */
import type { Logger } from 'pino';
import type { CreateServerOptions } from '../create-server';
import { openScaleOut, type ScaleOut } from '../execution/scale-out/open-scale-out';
import { loadServerSettings, type ServerSettings } from '../infrastructure/config/server-settings';
import { createLogger } from '../infrastructure/logging/create-logger';
import { openOtelLogExport, type LogExport } from '../infrastructure/logging/open-otel-log-export';
import type { DataStore } from '../infrastructure/storage/data-store';
import { openStore } from '../infrastructure/storage/open-store';
import { licensePublicKeyOf } from '../modules/platform-plan/platform-plan';
import { PIECEWORK_RELEASE } from '../release';
import { createServerBase, type ServerBase } from '../server-context';

/** What {@link openInfrastructure} opens. */
export interface Infrastructure {
  readonly settings: ServerSettings;
  readonly logger: Logger;
  /** The export of the logger's lines over OpenTelemetry (AP_OTEL_ENABLED); undefined when off. */
  readonly logExport: LogExport | undefined;
  /** The migrated database (SQLite, or PostgreSQL with AP_DB_TYPE=POSTGRES). */
  readonly store: DataStore;
  /** The context without the run machinery. */
  readonly base: ServerBase;
  /** Queue, run signals, worker registry and timers through Redis; undefined without Redis. */
  readonly scaleOut: ScaleOut | undefined;
  /** Whether this process serves the API (AP_CONTAINER_TYPE other than WORKER). */
  readonly servesApi: boolean;
  /** Whether this process executes runs (AP_CONTAINER_TYPE other than APP). */
  readonly executes: boolean;
  /** Lease of a claimed job in ms (the run options', else AP_WORKER_LEASE_SECONDS). */
  readonly leaseMs: number;
  /** The release this process says it runs. */
  readonly release: string;
}

/**
 * Loads the settings (an invalid `AP_*` value or a malformed AP_LICENSE_PUBLIC_KEY throws), then
 * opens the logger (and its export over OpenTelemetry, when enabled), the store and the scale-out parts.
 */
export async function openInfrastructure(
  options: Pick<CreateServerOptions, 'env' | 'settings' | 'logger' | 'runs' | 'release' | 'wallClockMicros'>,
): Promise<Infrastructure> {
  const settings = options.settings ?? loadServerSettings(options.env);
  licensePublicKeyOf(settings); // a malformed AP_LICENSE_PUBLIC_KEY stops the start
  const { config } = settings;
  const logger =
    options.logger ?? createLogger({ level: config.logLevel, sampleRateInfo: config.logSampleRateInfo });
  const release = options.release ?? PIECEWORK_RELEASE;
  const logExport =
    settings.otelLogs === undefined ? undefined : await openOtelLogExport(logger, settings.otelLogs, release);
  const store = await openStore(settings);
  const role = config.containerType;
  const servesApi = role !== 'WORKER';
  const executes = role !== 'APP';
  const leaseMs = options.runs?.leaseMs ?? config.workerLeaseSeconds * 1000;
  const base = createServerBase(settings, store, logger, options.wallClockMicros);
  const scaleOut = await openScaleOut(settings, { store, logger, now: base.now, leaseMs, release });
  return { settings, logger, logExport, store, base, scaleOut, servesApi, executes, leaseMs, release };
}
