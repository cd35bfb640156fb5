import { EventEmitter } from 'eventemitter3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryHost } from '../host/memory-host';
import { codeSandboxLimits, resolveEngineOptions } from '../run/engine-options';
import { runEngine } from '../run-engine';
import { drainSandboxPool, idleSandboxCount } from '../sandbox/sandbox-pool';
import { code, flow } from '@piecework/shared/testing';
import { executeRequest } from './test-requests';
import { warmUpThread } from './warm-up-thread';

// The pool is the process's: start from an empty one, whatever ran before in this process.
beforeAll(() => drainSandboxPool());
afterAll(() => drainSandboxPool());

describe('warmUpThread', () => {
  it("leaves a sandbox with the runs' memory limit in the pool, where the first run finds it", async () => {
    const options = resolveEngineOptions({ codeMemoryLimitMb: 64 });
    const limits = codeSandboxLimits(options);
    expect(idleSandboxCount(limits)).toBe(0);
    await warmUpThread(options);
    expect(idleSandboxCount(limits)).toBe(1);
    const request = executeRequest(flow(code('step_1', 'return 1')));
    const result = await runEngine(request, createMemoryHost(), options, new EventEmitter());
    expect(result.status).toBe('SUCCEEDED');
    // The run took the warm sandbox and handed it back: a sandbox of its own would make two.
    expect(idleSandboxCount(limits)).toBe(1);
  });
});
