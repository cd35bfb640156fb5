/**
 * Exports the server's logs over OpenTelemetry (AP_OTEL_ENABLED): every line the logger writes
 * still goes where it went, and is also queued as an OTel log record and posted in batches to the
 * OTLP/HTTP endpoint. The SDK is imported here, lazily, only when the export is opened: a server
 * without it loads none of it and its log calls are unchanged. A failing endpoint never fails or
 * blocks the server: a dropped batch is logged once per outage, and the return logged once.
 */
import type { Logger } from 'pino';
import type { OtelLogSettings } from '../config/otel-log-settings';
import { teeLogLines } from './tee-log-lines';

/** A running log export; close it when the server stops. */
export interface LogExport {
  /** Stops teeing lines, sends what is queued (waiting for the endpoint at most its timeout), and stops. */
  close(): Promise<void>;
}

/** Starts exporting `logger`'s lines to `settings`' endpoint, naming `release` as the service version. */
export async function openOtelLogExport(
  logger: Logger,
  settings: OtelLogSettings,
  release: string,
): Promise<LogExport> {
  const { startOtelLogSink } = await import('./otel-log-export');
  const sink = startOtelLogSink(settings, release, {
    failed: (records, error) =>
      logger.warn(
        { err: error, records },
        'Exporting logs over OpenTelemetry failed; batches are dropped until it works again',
      ),
    recovered: (dropped) => logger.warn({ dropped }, 'Exporting logs over OpenTelemetry works again'),
  });
  const untee = teeLogLines(logger, sink.destination);
  return {
    async close() {
      untee();
      await sink.close();
    },
  };
}
