import { EventEmitter } from 'eventemitter3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createMemoryHost } from '../host/memory-host';
import { resolveEngineOptions } from '../run/engine-options';
import { runEngine } from '../run/run-engine';
import type * as CreateSandbox from '../sandbox/create-sandbox';
import { drainSandboxPool } from '../sandbox/sandbox-pool';
import { code, flow } from '../testing/flow-builders';
import { executeRequest } from './test-requests';
import { warmUpThread } from './warm-up-thread';

const created = vi.hoisted(() => ({ count: 0 }));
vi.mock('../sandbox/create-sandbox', async (importOriginal) => {
  const actual = await importOriginal<typeof CreateSandbox>();
  return {
    createSandbox: (...args: Parameters<typeof actual.createSandbox>) => {
      created.count++;
      return actual.createSandbox(...args);
    },
  };
});
afterAll(() => drainSandboxPool());

describe('warmUpThread', () => {
  it("leaves a sandbox with the runs' memory limit in the pool, where the first run finds it", async () => {
    const options = resolveEngineOptions({ codeMemoryLimitMb: 64 });
    await warmUpThread(options);
    expect(created.count).toBe(1);
    const request = executeRequest(flow(code('step_1', 'return 1')));
    const result = await runEngine(request, createMemoryHost(), options, new EventEmitter());
    expect(result.status).toBe('SUCCEEDED');
    expect(created.count).toBe(1);
  });
});
