/**
 * The server's pino logger. Info logs are sampled (AP_LOG_SAMPLE_RATE_INFO percent are kept);
 * a log line carrying `keep: true` (a slow request, see AP_LOG_KEEP_SLOW_MS) is always kept, and
 * warnings and errors always are.
 */
import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from '@piecework/shared';

/** Options of {@link createLogger}. */
export interface LoggerOptions {
  level: LogLevel;
  /** Percent (0-100) of info lines kept. */
  sampleRateInfo: number;
  /** Where lines go (default stdout). Tests pass a stream to read them. */
  destination?: DestinationStream;
  /** Random source in [0, 1) for sampling (tests pin it). */
  random?: () => number;
}

const INFO = 30;

/** A pino logger honouring the sampling rules above. */
export function createLogger(options: LoggerOptions): Logger {
  const random = options.random ?? Math.random;
  const keepShare = options.sampleRateInfo / 100;
  return pino(
    {
      level: options.level.toLowerCase(),
      base: undefined,
      hooks: {
        logMethod(args, method, level) {
          if (level === INFO && keepShare < 1 && !isKept(args[0]) && random() >= keepShare) {
            return;
          }
          method.apply(this, args);
        },
      },
    },
    options.destination,
  );
}

function isKept(first: unknown): boolean {
  return typeof first === 'object' && first !== null && (first as { keep?: unknown }).keep === true;
}

/** Log fields grouped by entity: `{flow: {id}, project: {id}, flowRun: {id}, job: {id}}`. */
export function entityFields(ids: {
  flowId?: string | undefined;
  projectId?: string | undefined;
  flowRunId?: string | undefined;
  jobId?: string | undefined;
}): Record<string, { id: string }> {
  const fields: Record<string, { id: string }> = {};
  if (ids.flowId !== undefined) fields['flow'] = { id: ids.flowId };
  if (ids.projectId !== undefined) fields['project'] = { id: ids.projectId };
  if (ids.flowRunId !== undefined) fields['flowRun'] = { id: ids.flowRunId };
  if (ids.jobId !== undefined) fields['job'] = { id: ids.jobId };
  return fields;
}
