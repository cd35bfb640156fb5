/**
 * The early engine thread goes from the command's entry to the run runtime even when each has a
 * copy of `early-engine-thread.ts` of its own (two bundles in the built command), and only once.
 */
import type { Worker } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';

describe('offerEarlyEngineThread / takeEarlyEngineThread', () => {
  it('hands the thread from one copy of the module to another, once', async () => {
    const entry = await import('./early-engine-thread');
    vi.resetModules();
    const server = await import('./early-engine-thread');
    expect(server).not.toBe(entry);

    const thread = { threadId: 7 } as unknown as Worker;
    entry.offerEarlyEngineThread(thread);
    expect(server.takeEarlyEngineThread()).toBe(thread);
    expect(server.takeEarlyEngineThread()).toBeUndefined();
    expect(entry.takeEarlyEngineThread()).toBeUndefined();
  });
});
