/**
 * A log exporter that tells of failed exports once per outage: the first batch dropped after a
 * success (or at start) is reported with its error, the batches dropped after it are only counted,
 * and the next successful export reports how many records were dropped in all. An unreachable
 * collector therefore costs one warning, not one per record or per batch (whose own export would
 * fail in turn).
 */
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import type { LogRecordExporter, ReadableLogRecord } from '@opentelemetry/sdk-logs';

/** What {@link FailureReportingExporter} tells: an outage's start, and its end with the records it cost. */
export interface ExportFailureReport {
  /** The first export of an outage failed with `error`, dropping `records` records. */
  failed(records: number, error: unknown): void;
  /** Exports succeed again; `dropped` records were lost while they failed. */
  recovered(dropped: number): void;
}

/** Wraps `inner`, telling `report` of failed exports as the file comment says. */
export class FailureReportingExporter implements LogRecordExporter {
  private dropped = 0;

  constructor(
    private readonly inner: LogRecordExporter,
    private readonly report: ExportFailureReport,
  ) {}

  /** Exports `logs` through the wrapped exporter, noting the outcome. */
  export(logs: ReadableLogRecord[], resultCallback: (result: ExportResult) => void): void {
    this.inner.export(logs, (result) => {
      if (result.code === ExportResultCode.SUCCESS) {
        if (this.dropped > 0) this.report.recovered(this.dropped);
        this.dropped = 0;
      } else {
        if (this.dropped === 0) this.report.failed(logs.length, result.error);
        this.dropped += logs.length;
      }
      resultCallback(result);
    });
  }

  /** Flushes the wrapped exporter. */
  forceFlush(): Promise<void> {
    return this.inner.forceFlush();
  }

  /** Shuts the wrapped exporter down. */
  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }
}
