/**
 * A worker thread for the runner's tests that fails its first run as `triggerPayload.mode`
 * says: `oom` allocates until its heap is exhausted, `crash` throws, `exit` exits with code 3,
 * `unsent` reports an event it could not send (and goes on as if running).
 */
import { parentPort } from 'node:worker_threads';
import type { FromThread, ToThread } from '../protocol';

const port = parentPort!;
port.on('message', (message: ToThread) => {
  if (message.type !== 'run' || message.request.kind !== 'EXECUTE') return;
  const { mode } = message.request.triggerPayload as { mode: 'oom' | 'crash' | 'exit' | 'unsent' };
  if (mode === 'oom') {
    const hog: number[][] = [];
    for (;;) hog.push(new Array(100_000).fill(hog.length));
  }
  if (mode === 'crash') throw new Error('thread broke');
  if (mode === 'unsent') {
    const unsent: FromThread = {
      type: 'unsent',
      jobId: message.jobId,
      message: 'the step.finished event is odd',
    };
    return port.postMessage(unsent);
  }
  process.exit(3);
});
port.postMessage({ type: 'ready' });
