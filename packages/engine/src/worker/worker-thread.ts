/**
 * The code of a `WorkerRunner` thread (built as the package's `worker-thread` entry). It loads
 * the engine and prepares a warm QuickJS sandbox once, says `ready`, then runs one `runEngine`
 * per `run` message with a {@link ThreadHost}, keeping the flow versions it is sent
 * ({@link HeldVersions}) and sending the run's events and logs in batches ({@link Outbox}), the
 * last ones with the result.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { EventEmitter } from 'eventemitter3';
import type { EngineEvents } from '../run/engine-events';
import type { EngineRequest } from '../run/engine-request';
import { runEngine } from '../run/run-engine';
import type { RunResult } from '../run/run-result';
import { messageOf } from '../steps/attempt-outcome';
import { HeldVersions } from './held-versions';
import { Outbox, type ParentLink } from './outbox';
import type { FromThread, ThreadData, ToThread } from './protocol';
import { ThreadHost } from './thread-host';
import { warmUpThread } from './warm-up-thread';

type RunMessage = Extract<ToThread, { type: 'run' }>;

if (!parentPort)
  throw new Error('worker-thread is the code of a WorkerRunner thread; it cannot run on the main thread');
const port = parentPort;
const { options } = workerData as ThreadData;
const parent: ParentLink = { postMessage: (message: FromThread) => port.postMessage(message) };
const threadHost = new ThreadHost();
const versions = new HeldVersions();

port.on('message', (message: ToThread) => {
  if (message.type === 'run') void run(message);
  else threadHost.settle(message);
});
void warmUpThread(options).finally(() => parent.postMessage({ type: 'ready' }));

async function run(message: RunMessage): Promise<void> {
  const { jobId } = message;
  const outbox = new Outbox(jobId, parent);
  let result: RunResult;
  try {
    // Synchronously, in message order: the held versions follow the parent's account of them.
    const request: EngineRequest = versions.request(message.request, message.version);
    const events = new EventEmitter<EngineEvents>();
    if (message.startedEvents)
      events.on('step.started', (...args) => outbox.event({ name: 'step.started', args }));
    events.on('step.finished', (...args) => outbox.event({ name: 'step.finished', args }));
    events.on('run.responded', (...args) => outbox.event({ name: 'run.responded', args }));
    result = await runEngine(request, threadHost.hostFor(outbox), options, events);
  } catch (error) {
    outbox.send({ type: 'threw', jobId, message: messageOf(error) });
    return;
  }
  try {
    outbox.send({ type: 'done', jobId, result });
  } catch (error) {
    const message = `Internal error: the run's result cannot be sent to the parent: ${messageOf(error)}`;
    parent.postMessage({
      type: 'done',
      jobId,
      result: { status: 'INTERNAL_ERROR', message, steps: {}, duration: result.duration, stepsCount: 0 },
    });
  }
}
