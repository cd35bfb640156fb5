import { describe, expect, it } from 'vitest';
import { createMemoryHost } from '../host/memory-host';
import type { PieceRunRequest } from '../host/piece-runner';
import { Outbox } from './outbox';
import type { FromThread } from './protocol';
import { ThreadHost } from './thread-host';

const services = createMemoryHost();
const request = (runId: string): PieceRunRequest => ({
  pieceName: 'test',
  pieceVersion: '1.0.0',
  actionName: 'echo',
  stepName: 'step_1',
  input: { n: 1 },
  propertySettings: {},
  run: { id: runId, flowId: 'f', flowVersionId: 'v', projectId: 'p', environment: 'TESTING' },
  test: false,
  services,
});

function threadRun(runId: string) {
  const posted: FromThread[] = [];
  const threadHost = new ThreadHost();
  const outbox = new Outbox(3, { postMessage: (message) => posted.push(structuredClone(message)) });
  const thread = {
    async run() {
      return { status: 'SUCCEEDED' as const, output: 'here' };
    },
  };
  return { posted, threadHost, opened: threadHost.open(runId, outbox, thread) };
}

describe('ThreadHost', () => {
  it("runs a run's pieces with the thread's runner, and sends its delegated ones through the run's outbox", async () => {
    const { posted, threadHost, opened } = threadRun('run-1');
    expect(await opened.host.pieces.run(request('run-1'))).toEqual({ status: 'SUCCEEDED', output: 'here' });
    const delegated = threadHost.parentPieces.run(request('run-1'));
    const { services: _services, ...portable } = request('run-1');
    expect(posted).toEqual([
      { type: 'call', jobId: 3, callId: 1, call: { method: 'pieces.run', args: [portable] } },
    ]);
    threadHost.settle({ type: 'reply', callId: 1, ok: true, value: { status: 'SUCCEEDED', output: 2 } });
    expect(await delegated).toEqual({ status: 'SUCCEEDED', output: 2 });
  });

  it.each([
    ['another run', 'run-2', false],
    ['an ended run', 'run-1', true],
  ])('refuses a delegated piece of %s', async (_, runId, ended) => {
    const { posted, threadHost, opened } = threadRun('run-1');
    if (ended) opened.end();
    await expect(threadHost.parentPieces.run(request(runId))).rejects.toThrow(
      `Run ${runId} is not running in this worker thread`,
    );
    expect(posted).toEqual([]);
  });

  it("leaves a delegated call's signal behind (it cannot cross to the parent, which has its own)", async () => {
    const { posted, threadHost } = threadRun('run-1');
    const signal = new AbortController().signal;
    const delegated = threadHost.parentPieces.run({ ...request('run-1'), signal });
    const { services: _services, ...portable } = request('run-1');
    expect(posted).toEqual([
      { type: 'call', jobId: 3, callId: 1, call: { method: 'pieces.run', args: [portable] } },
    ]);
    threadHost.settle({ type: 'reply', callId: 1, ok: true, value: { status: 'SUCCEEDED', output: 2 } });
    expect(await delegated).toEqual({ status: 'SUCCEEDED', output: 2 });
  });
});
