/**
 * The OpenTelemetry side of the log export: a logs SDK `LoggerProvider` whose resource names the
 * service (`service.name`, `service.version`), a `BatchLogRecordProcessor` (records are queued and
 * posted in batches off the log call; when the queue is full, new records are dropped rather than
 * waited for) and the OTLP/HTTP exporter (JSON to `<endpoint>/v1/logs`). Only
 * `open-otel-log-export.ts` imports this file, lazily, so a server without AP_OTEL_ENABLED never
 * loads the SDK.
 */
import { parseKeyPairsIntoRecord } from '@opentelemetry/core';
import { OTLPLogExporter } from '@opentelemetry/exporter-logs-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchLogRecordProcessor, LoggerProvider } from '@opentelemetry/sdk-logs';
import type { DestinationStream } from 'pino';
import type { OtelLogSettings } from '../config/otel-log-settings';
import { FailureReportingExporter, type ExportFailureReport } from './failure-reporting-exporter';
import { otelLogRecordOf } from './otel-log-record';

/** A running export: a destination for pino lines, and its end. */
export interface OtelLogSink {
  /** Takes pino's JSON lines and queues them as log records. */
  readonly destination: DestinationStream;
  /**
   * Sends what is queued, then stops the export (later lines are ignored). Resolves within the
   * export timeout even when the endpoint does not answer (what is still unsent is then lost).
   */
  close(): Promise<void>;
}

/** The name of the instrumentation scope of every exported record. */
const SCOPE_NAME = 'piecework';

/**
 * Starts exporting to `settings.url`, the resource saying `release` as `service.version`;
 * `report` hears of failed exports once per outage.
 */
export function startOtelLogSink(
  settings: OtelLogSettings,
  release: string,
  report: ExportFailureReport,
): OtelLogSink {
  const headers = Object.assign({}, ...settings.headerLists.map(parseKeyPairsIntoRecord)) as Record<
    string,
    string
  >;
  const exporter = new FailureReportingExporter(
    new OTLPLogExporter({ url: settings.url, headers, timeoutMillis: settings.timeoutMs }),
    report,
  );
  const provider = new LoggerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName, 'service.version': release }),
    processors: [new BatchLogRecordProcessor({ exporter, exportTimeoutMillis: settings.timeoutMs })],
  });
  const logger = provider.getLogger(SCOPE_NAME, release);
  let open = true;
  return {
    destination: {
      write(line: string) {
        if (!open) return;
        let parsed: unknown;
        try {
          parsed = JSON.parse(line);
        } catch {
          return; // pino writes JSON; anything else is not a log line
        }
        if (typeof parsed === 'object' && parsed !== null)
          logger.emit(otelLogRecordOf(parsed as Record<string, unknown>));
      },
    },
    async close() {
      open = false;
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, settings.timeoutMs).unref();
      });
      await Promise.race([provider.shutdown().catch(() => undefined), timedOut]);
      clearTimeout(timer);
    },
  };
}
