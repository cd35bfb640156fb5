/**
 * A stand-in for an OpenTelemetry collector: an HTTP server on loopback that takes OTLP/HTTP log
 * exports in JSON (`POST /v1/logs`, what `@opentelemetry/exporter-logs-otlp-http` sends), keeps
 * each request's headers and records, and can be told to refuse exports (answering 400, which
 * exporters do not retry). Tests wait on its arrivals with {@link OtlpLogReceiver.waitFor}.
 */
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One exported log record as the receiver read it: attributes flattened to plain values. */
export interface ReceivedLogRecord {
  readonly body: unknown;
  readonly severityText: string | undefined;
  readonly severityNumber: number | undefined;
  readonly timeUnixNano: string | undefined;
  readonly attributes: Readonly<Record<string, unknown>>;
  /** The attributes of the record's resource (`service.name`, `service.version`). */
  readonly resource: Readonly<Record<string, unknown>>;
  /** The headers of the request that carried it. */
  readonly headers: IncomingMessage['headers'];
}

/** A running receiver; close it after the test. */
export interface OtlpLogReceiver {
  /** Base URL to give as OTEL_EXPORTER_OTLP_ENDPOINT, e.g. `http://127.0.0.1:40123`. */
  readonly url: string;
  /** Every record accepted so far, in arrival order. */
  readonly records: ReceivedLogRecord[];
  /** How many export requests arrived (accepted or refused). */
  readonly requestCount: number;
  /** Whether exports are refused (400) from now on. */
  refuse(refusing: boolean): void;
  /** Resolves with the first record (already received or arriving later) for which `match` holds. */
  waitFor(match: (record: ReceivedLogRecord) => boolean): Promise<ReceivedLogRecord>;
  /** Resolves once at least `count` export requests have arrived. */
  waitForRequests(count: number): Promise<void>;
  close(): Promise<void>;
}

interface OtlpKeyValue {
  key: string;
  value: Record<string, unknown>;
}

/** An OTLP `AnyValue` (`{stringValue: 'x'}`, `{intValue: '3'}`, ...) as a plain value. */
function plainValue(value: Record<string, unknown> | undefined): unknown {
  if (value === undefined) return undefined;
  const [kind, inner] = Object.entries(value)[0] ?? [];
  if (kind === 'intValue') return Number(inner);
  return inner;
}

function plainAttributes(list: OtlpKeyValue[] | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map(({ key, value }) => [key, plainValue(value)]));
}

/** Starts a receiver on a free loopback port. */
export async function startOtlpLogReceiver(): Promise<OtlpLogReceiver> {
  const records: ReceivedLogRecord[] = [];
  const arrivals = new EventEmitter();
  let requestCount = 0;
  let refusing = false;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requestCount += 1;
      if (request.method !== 'POST' || request.url !== '/v1/logs' || refusing) {
        response.writeHead(refusing ? 400 : 404, { 'content-type': 'application/json' }).end('{}');
        arrivals.emit('request');
        return;
      }
      const payload = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceLogs?: {
          resource?: { attributes?: OtlpKeyValue[] };
          scopeLogs?: { logRecords?: Record<string, unknown>[] }[];
        }[];
      };
      for (const resourceLog of payload.resourceLogs ?? []) {
        const resource = plainAttributes(resourceLog.resource?.attributes);
        for (const scopeLog of resourceLog.scopeLogs ?? []) {
          for (const record of scopeLog.logRecords ?? []) {
            records.push({
              body: plainValue(record['body'] as Record<string, unknown> | undefined),
              severityText: record['severityText'] as string | undefined,
              severityNumber: record['severityNumber'] as number | undefined,
              timeUnixNano: record['timeUnixNano'] as string | undefined,
              attributes: plainAttributes(record['attributes'] as OtlpKeyValue[] | undefined),
              resource,
              headers: request.headers,
            });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      arrivals.emit('request');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const until = (done: () => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!done()) return;
        arrivals.off('request', check);
        resolve();
      };
      arrivals.on('request', check);
      check();
    });
  return {
    url: `http://127.0.0.1:${String(port)}`,
    records,
    get requestCount() {
      return requestCount;
    },
    refuse(value) {
      refusing = value;
    },
    async waitFor(match) {
      await until(() => records.some(match));
      return records.find(match)!;
    },
    waitForRequests: (count) => until(() => requestCount >= count),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
