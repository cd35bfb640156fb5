/**
 * One pino line as an OpenTelemetry log record: pino's level as the severity, `msg` as the body,
 * `time` as the timestamp, and every other field as an attribute, nested objects flattened with
 * dots, so the grouped ids of a run's lines (`{flowRun: {id}, flow: {id}, project: {id}, job: {id}}`)
 * become the attributes `flowRun.id`, `flow.id`, `project.id` and `job.id`. A logged error (`err`)
 * becomes the `exception.type`, `exception.message` and `exception.stacktrace` attributes.
 */
import { SeverityNumber, type AnyValue, type LogAttributes, type LogRecord } from '@opentelemetry/api-logs';

/** Fields of a pino line that are not attributes: they are the record's own parts, or pino's bookkeeping. */
const NOT_ATTRIBUTES = new Set(['level', 'time', 'msg', 'err', 'keep', 'pid', 'hostname']);

/** The most parts an attribute key has (`a.b.c.d`); what is nested deeper is kept as JSON text. */
const MAX_DEPTH = 4;

const SEVERITIES: readonly (readonly [minLevel: number, SeverityNumber, string])[] = [
  [60, SeverityNumber.FATAL, 'FATAL'],
  [50, SeverityNumber.ERROR, 'ERROR'],
  [40, SeverityNumber.WARN, 'WARN'],
  [30, SeverityNumber.INFO, 'INFO'],
  [20, SeverityNumber.DEBUG, 'DEBUG'],
  [10, SeverityNumber.TRACE, 'TRACE'],
];

/** The log record of one parsed pino line (an object with pino's `level`, `time` and `msg`). */
export function otelLogRecordOf(line: Record<string, unknown>): LogRecord {
  const attributes: LogAttributes = {};
  for (const key in line) {
    if (!NOT_ATTRIBUTES.has(key)) flatten(attributes, key, line[key], 1);
  }
  addException(attributes, line['err']);
  const level = typeof line['level'] === 'number' ? line['level'] : 30;
  const [, severityNumber, severityText] =
    SEVERITIES.find(([minLevel]) => level >= minLevel) ?? SEVERITIES[5]!;
  const msg = line['msg'];
  const record: LogRecord = {
    severityNumber,
    severityText,
    body: typeof msg === 'string' ? msg : '',
    attributes,
  };
  if (typeof line['time'] === 'number') record.timestamp = line['time'];
  return record;
}

function flatten(into: LogAttributes, key: string, value: unknown, depth: number): void {
  if (value === null || value === undefined) return;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    into[key] = value;
  } else if (typeof value === 'object' && !Array.isArray(value) && depth < MAX_DEPTH) {
    const object = value as Record<string, unknown>;
    for (const childKey in object) flatten(into, `${key}.${childKey}`, object[childKey], depth + 1);
  } else {
    into[key] = JSON.stringify(value) as AnyValue;
  }
}

/** pino's serialized error (`{type, message, stack}`) as OpenTelemetry's exception attributes. */
function addException(into: LogAttributes, err: unknown): void {
  if (typeof err !== 'object' || err === null) return;
  const { type, message, stack } = err as { type?: unknown; message?: unknown; stack?: unknown };
  if (typeof type === 'string') into['exception.type'] = type;
  if (typeof message === 'string') into['exception.message'] = message;
  if (typeof stack === 'string') into['exception.stacktrace'] = stack;
}
