/**
 * Where logs go over OpenTelemetry when AP_OTEL_ENABLED is true, read from the standard OTel
 * variables as Activepieces reads them: `OTEL_EXPORTER_OTLP_LOGS_ENDPOINT` (used as given) or
 * `OTEL_EXPORTER_OTLP_ENDPOINT` (with `/v1/logs` appended), else `http://localhost:4318/v1/logs`;
 * `OTEL_EXPORTER_OTLP_HEADERS` and `OTEL_EXPORTER_OTLP_LOGS_HEADERS` (`key=value,...`, values
 * percent-encoded; the second wins per key); `OTEL_EXPORTER_OTLP_LOGS_TIMEOUT` or
 * `OTEL_EXPORTER_OTLP_TIMEOUT` (ms, default 10000); `OTEL_SERVICE_NAME` (default `piecework`).
 */
import { PieceworkError } from '@piecework/shared';

/** The export target of the server's logs over OTLP/HTTP. Read it with `readOtelLogSettings`. */
export interface OtelLogSettings {
  /** Full URL logs are posted to, e.g. `http://collector:4318/v1/logs`. */
  readonly url: string;
  /** Header lists as written in the variables (general first, logs-specific last), parsed when the export starts. */
  readonly headerLists: readonly string[];
  /** The `service.name` of the exported resource. */
  readonly serviceName: string;
  /** Longest wait for one export (retries included), and for the last one when the server stops, in ms. */
  readonly timeoutMs: number;
}

/** Where an OTLP/HTTP receiver listens when no endpoint is set (the OpenTelemetry default). */
export const DEFAULT_OTLP_HTTP_ENDPOINT = 'http://localhost:4318';

/** The export timeout when no `OTEL_EXPORTER_OTLP_*TIMEOUT` is set (the OpenTelemetry default), in ms. */
export const DEFAULT_OTLP_TIMEOUT_MS = 10_000;

/** The `service.name` of exported logs when `OTEL_SERVICE_NAME` is unset. */
export const DEFAULT_OTEL_SERVICE_NAME = 'piecework';

/**
 * The export target when `enabled` (AP_OTEL_ENABLED), else undefined. An endpoint that is not an
 * absolute http(s) URL, or a timeout that is not a whole number of ms above 0, throws `VALIDATION`
 * naming the variable, so start-up stops with it.
 */
export function readOtelLogSettings(
  env: Record<string, string | undefined>,
  enabled: boolean,
): OtelLogSettings | undefined {
  if (!enabled) return undefined;
  const logsEndpoint = nonEmpty(env['OTEL_EXPORTER_OTLP_LOGS_ENDPOINT']);
  const endpoint = nonEmpty(env['OTEL_EXPORTER_OTLP_ENDPOINT']);
  const url =
    logsEndpoint !== undefined
      ? checkedUrl('OTEL_EXPORTER_OTLP_LOGS_ENDPOINT', logsEndpoint)
      : `${checkedUrl('OTEL_EXPORTER_OTLP_ENDPOINT', endpoint ?? DEFAULT_OTLP_HTTP_ENDPOINT).replace(/\/+$/, '')}/v1/logs`;
  const headerLists = [env['OTEL_EXPORTER_OTLP_HEADERS'], env['OTEL_EXPORTER_OTLP_LOGS_HEADERS']]
    .map(nonEmpty)
    .filter((list): list is string => list !== undefined);
  const timeoutVariable =
    nonEmpty(env['OTEL_EXPORTER_OTLP_LOGS_TIMEOUT']) !== undefined
      ? 'OTEL_EXPORTER_OTLP_LOGS_TIMEOUT'
      : 'OTEL_EXPORTER_OTLP_TIMEOUT';
  const timeoutText = nonEmpty(env[timeoutVariable]);
  return {
    url,
    headerLists,
    serviceName: nonEmpty(env['OTEL_SERVICE_NAME']) ?? DEFAULT_OTEL_SERVICE_NAME,
    timeoutMs:
      timeoutText === undefined ? DEFAULT_OTLP_TIMEOUT_MS : checkedTimeout(timeoutVariable, timeoutText),
  };
}

function nonEmpty(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

/** `text` as a whole number of ms above 0; else a VALIDATION error naming `variable`. */
function checkedTimeout(variable: string, text: string): number {
  if (!/^\d+$/.test(text) || Number(text) === 0)
    throw invalid(variable, text, 'must be a whole number of milliseconds above 0');
  return Number(text);
}

function invalid(variable: string, text: string, reason: string): PieceworkError {
  return new PieceworkError('VALIDATION', {
    message: `Invalid ${variable}="${text}": ${reason}`,
    variable,
    value: text,
  });
}

/** `text` when it is an absolute http(s) URL; else a VALIDATION error naming `variable`. */
function checkedUrl(variable: string, text: string): string {
  let protocol: string | undefined;
  try {
    protocol = new URL(text).protocol;
  } catch {
    protocol = undefined;
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw invalid(variable, text, 'must be an absolute http(s) URL');
  }
  return text;
}
