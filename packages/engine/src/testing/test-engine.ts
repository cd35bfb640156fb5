import { FlowEngine } from '../flow-engine';
import { createMemoryHost } from '../host/memory-host';
import type { EngineOptions } from '../run/engine-options';
import { createTestPieces } from './test-pieces';

/**
 * An engine for tests: test pieces, in-memory services, instant retry waits (recorded in
 * `sleeps`), and `connections` as given.
 */
export function testEngine(options: Partial<EngineOptions> = {}, connections: Record<string, unknown> = {}) {
  const pieces = createTestPieces();
  const sleeps: number[] = [];
  const host = createMemoryHost({
    pieces,
    connections,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
  const engine = new FlowEngine({ host, options });
  return { engine, pieces, sleeps, host };
}
