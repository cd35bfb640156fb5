import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, entityFields } from './create-logger';

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n'))
        if (line !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, destination };
}

describe('createLogger', () => {
  it('keeps AP_LOG_SAMPLE_RATE_INFO percent of info lines, and every warning', () => {
    const { lines, destination } = capture();
    let draw = 0;
    const logger = createLogger({
      level: 'info',
      sampleRateInfo: 25,
      destination,
      random: () => (draw++ % 4) / 4,
    });
    for (let i = 0; i < 100; i++) logger.info({ i }, 'sampled');
    logger.warn('always');
    expect(lines.filter((line) => line['msg'] === 'sampled')).toHaveLength(25);
    expect(lines.filter((line) => line['msg'] === 'always')).toHaveLength(1);
  });

  it('always keeps a line marked keep (a slow request), whatever the rate', () => {
    const { lines, destination } = capture();
    const logger = createLogger({ level: 'info', sampleRateInfo: 0, destination });
    logger.info({ keep: true, responseTime: 2500 }, 'request completed');
    logger.info('dropped');
    expect(lines.map((line) => line['msg'])).toEqual(['request completed']);
  });

  it('groups ids by entity', () => {
    expect(entityFields({ flowId: 'f', projectId: 'p', flowRunId: 'r', jobId: 'j' })).toEqual({
      flow: { id: 'f' },
      project: { id: 'p' },
      flowRun: { id: 'r' },
      job: { id: 'j' },
    });
  });
});
