import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './create-logger';
import { otelLogRecordOf } from './otel-log-record';

/** The lines a real pino logger writes for `log`, parsed. */
function linesOf(log: (logger: ReturnType<typeof createLogger>) => void): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  log(createLogger({ level: 'trace', sampleRateInfo: 100, destination }));
  return lines;
}

describe('otelLogRecordOf', () => {
  it("maps pino's levels to OpenTelemetry severities", () => {
    const lines = linesOf((logger) => {
      for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const) logger[level](level);
    });
    expect(
      lines.map(otelLogRecordOf).map(({ severityNumber, severityText }) => [severityNumber, severityText]),
    ).toEqual([
      [1, 'TRACE'],
      [5, 'DEBUG'],
      [9, 'INFO'],
      [13, 'WARN'],
      [17, 'ERROR'],
      [21, 'FATAL'],
    ]);
  });

  it("flattens a child logger's grouped ids and the line's fields into attributes", () => {
    const [line] = linesOf((logger) =>
      logger
        .child({
          flowRun: { id: 'run-1' },
          flow: { id: 'flow-1' },
          project: { id: 'p-1' },
          job: { id: 'job-1' },
        })
        .info(
          { keep: true, status: 'FAILED', tags: ['a', 'b'], deep: { a: { b: { c: { d: 1 } } } } },
          'Run executed',
        ),
    );
    const record = otelLogRecordOf(line!);
    expect(record.body).toBe('Run executed');
    expect(record.timestamp).toBe(line!['time']);
    expect(record.attributes).toEqual({
      'flowRun.id': 'run-1',
      'flow.id': 'flow-1',
      'project.id': 'p-1',
      'job.id': 'job-1',
      status: 'FAILED',
      tags: '["a","b"]',
      'deep.a.b.c': '{"d":1}',
    });
  });

  it('turns a logged error into the exception attributes', () => {
    const [line] = linesOf((logger) =>
      logger.error({ err: new TypeError('no such flow') }, 'Claiming jobs failed'),
    );
    const { attributes } = otelLogRecordOf(line!);
    expect(attributes).toMatchObject({ 'exception.type': 'TypeError', 'exception.message': 'no such flow' });
    expect(attributes!['exception.stacktrace']).toContain('TypeError: no such flow');
    expect(Object.keys(attributes!).some((key) => key.startsWith('err.'))).toBe(false);
  });
});
