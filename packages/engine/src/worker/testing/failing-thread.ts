/**
 * A worker thread for the runner's tests that fails its first run as `triggerPayload.mode`
 * says: `oom` allocates until its heap is exhausted, `crash` throws, `exit` exits with code 3.
 */
import { parentPort } from 'node:worker_threads';
import type { ToThread } from '../protocol';

const port = parentPort!;
port.on('message', (message: ToThread) => {
  if (message.type !== 'run' || message.request.kind !== 'EXECUTE') return;
  const { mode } = message.request.triggerPayload as { mode: 'oom' | 'crash' | 'exit' };
  if (mode === 'oom') {
    const hog: number[][] = [];
    for (;;) hog.push(new Array(100_000).fill(hog.length));
  }
  if (mode === 'crash') throw new Error('thread broke');
  process.exit(3);
});
port.postMessage({ type: 'ready' });
