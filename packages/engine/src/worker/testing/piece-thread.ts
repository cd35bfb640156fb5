/**
 * A worker thread for the runner's tests that runs pieces in the thread: action `in_thread`
 * answers here with the thread's id and `settings.marker`, after writing `input.value` to the
 * store (a call to the parent's host) and reading it back; every other action goes to the
 * parent. `settings.fail` makes the setup throw (`'throw'`) or reject (`'reject'`).
 */
import { threadId } from 'node:worker_threads';
import { runWorkerThread } from '../run-worker-thread';

interface PieceThreadSettings {
  marker: string;
  fail?: 'throw' | 'reject';
}

runWorkerThread({
  pieces: (parent, settings) => {
    const { marker, fail } = settings as PieceThreadSettings;
    if (fail === 'throw') throw new Error('no pieces here');
    const runner = {
      async run(request: Parameters<typeof parent.run>[0]) {
        if (request.actionName !== 'in_thread') return parent.run(request);
        const { store } = request.services;
        await store.put('seen', request.input.value, 'FLOW');
        const stored = await store.get('seen', 'FLOW');
        return { status: 'SUCCEEDED' as const, output: { marker, threadId, stored } };
      },
    };
    return fail === 'reject' ? Promise.reject(new Error('no pieces yet')) : runner;
  },
});
