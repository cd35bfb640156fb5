/**
 * Logs of test servers, captured in memory (never on the console): every line a server writes is
 * parsed and kept, in the order written, for the test to read.
 */
import { Writable } from 'node:stream';
import type { LogLevel } from '@piecework/shared';
import type { Logger } from 'pino';
import { createLogger } from '../infrastructure/logging/create-logger';

/**
 * A logger at `level` (default info; info lines sampled by `sampleRateInfo`, as
 * AP_LOG_SAMPLE_RATE_INFO says) pushing each line, parsed, onto `logs`, with `fields` added to
 * every line (e.g. which process of a test cluster wrote it). Use one per test server; several
 * servers may share `logs`.
 */
export function capturingLogger(
  logs: Record<string, unknown>[],
  sampleRateInfo: number,
  fields?: Record<string, unknown>,
  level: LogLevel = 'info',
): Logger {
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() !== '') logs.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  const logger = createLogger({ level, sampleRateInfo, destination });
  return fields === undefined ? logger : logger.child(fields);
}
