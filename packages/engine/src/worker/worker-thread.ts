/**
 * The code of a `WorkerRunner` thread (built as the package's `worker-thread` entry). It loads
 * the engine and compiles QuickJS once, says `ready`, then runs one `runEngine` per `run`
 * message with a {@link ThreadHost}, posting each engine event as it happens and the result at
 * the end.
 */
import { parentPort } from 'node:worker_threads';
import { EventEmitter } from 'eventemitter3';
import type { EngineEvents } from '../run/engine-events';
import { runEngine } from '../run/run-engine';
import type { RunResult } from '../run/run-result';
import { createSandbox } from '../sandbox/create-sandbox';
import { messageOf } from '../steps/attempt-outcome';
import type { EngineEvent, FromThread, ToThread } from './protocol';
import { ThreadHost } from './thread-host';

type RunMessage = Extract<ToThread, { type: 'run' }>;

if (!parentPort)
  throw new Error('worker-thread is the code of a WorkerRunner thread; it cannot run on the main thread');
const port = parentPort;
const post = (message: FromThread) => port.postMessage(message);
const threadHost = new ThreadHost({ postMessage: post });

port.on('message', (message: ToThread) => {
  if (message.type === 'run') void run(message);
  else threadHost.settle(message);
});
void warmUp().finally(() => post({ type: 'ready' }));

async function run({ jobId, request, options }: RunMessage): Promise<void> {
  const events = new EventEmitter<EngineEvents>();
  const forward = (event: EngineEvent) => post({ type: 'event', jobId, event });
  events.on('step.started', (...args) => forward({ name: 'step.started', args }));
  events.on('step.finished', (...args) => forward({ name: 'step.finished', args }));
  events.on('run.responded', (...args) => forward({ name: 'run.responded', args }));
  let result: RunResult;
  try {
    result = await runEngine(request, threadHost.hostFor(jobId), options, events);
  } catch (error) {
    post({ type: 'threw', jobId, message: messageOf(error) });
    return;
  }
  try {
    post({ type: 'done', jobId, result });
  } catch (error) {
    const message = `Internal error: the run's result cannot be sent to the parent: ${messageOf(error)}`;
    post({
      type: 'done',
      jobId,
      result: { status: 'INTERNAL_ERROR', message, steps: {}, duration: result.duration, stepsCount: 0 },
    });
  }
}

/** Loads and compiles QuickJS before the first run, so that no run pays for it. */
async function warmUp(): Promise<void> {
  try {
    const sandbox = await createSandbox({ memoryLimitBytes: 16 * 1024 * 1024, shouldInterrupt: () => false });
    sandbox.dispose();
  } catch {
    // A sandbox that cannot be made fails the first run that needs it, with its own message.
  }
}
