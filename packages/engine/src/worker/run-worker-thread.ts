/**
 * The code of a `WorkerRunner` thread, as a function a thread script calls (the package's own
 * `worker-thread` entry calls it without a setup). It loads the engine and prepares a warm
 * QuickJS sandbox once (a deferred thread, see `startDeferredThread`, first waits for the
 * `setup` message of the runner that adopts it), makes the setup's piece runner, says `ready`,
 * then runs one `runEngine` per `run` message with a {@link ThreadHost}, keeping the flow
 * versions it is sent ({@link HeldVersions}) and sending the run's events and logs in batches
 * ({@link Outbox}), the last ones with the result.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { EventEmitter } from 'eventemitter3';
import type { PieceRunner } from '../host/piece-runner';
import type { EngineEvents } from '../run/engine-events';
import type { EngineOptions } from '../run/engine-options';
import type { EngineRequest } from '../run/engine-request';
import { runEngine } from '../run-engine';
import type { RunResult } from '../run/run-result';
import { messageOf } from '../run/attempt-outcome';
import { HeldVersions } from './held-versions';
import { currentOsThreadId } from './thread-priority';
import { Outbox, type ParentLink } from './outbox';
import type { FromThread, ThreadConfig, ThreadData, ToThread } from './protocol';
import { ThreadHost } from './thread-host';
import { warmUpThread } from './warm-up-thread';

type RunMessage = Extract<ToThread, { type: 'run' }>;

/** What a thread script adds to {@link runWorkerThread}; every field is optional. */
export interface WorkerThreadSetup {
  /**
   * Makes the piece runner of the thread's runs, once, before the thread says it is ready, so
   * that pieces that can run in the thread do not cross to the main thread. `parent` runs a piece
   * in the main thread on the host given to `WorkerRunner.run` (each call is a message there and
   * back); `settings` is the runner's `threadSettings` (plain data). Pieces get `request.services`
   * whose store, files and connections are calls to the main thread. When it throws (or rejects),
   * the thread does not start: `prestart` and runs reject with "A worker thread failed to start:
   * The worker thread's setup failed: ...". Default: every piece runs in the main thread.
   */
  pieces?: (parent: PieceRunner, settings: unknown) => PieceRunner | Promise<PieceRunner>;
}

/**
 * Runs this worker thread as a thread of a `WorkerRunner`: call it once, at the top of the
 * script given as `workerScript`, to add a {@link WorkerThreadSetup} (e.g. pieces that run in the
 * thread). Throws when called outside a worker thread.
 *
 * @example
 * ```ts
 * // my-thread.ts, started by new WorkerRunner({ workerScript: 'my-thread.js', threadSettings: { dir } })
 * import { runWorkerThread } from '@piecework/engine/worker';
 * runWorkerThread({ pieces: (parent, settings) => myPieces(parent, settings as { dir: string }) });
 * ```
 */
export function runWorkerThread(setup: WorkerThreadSetup = {}): void {
  if (!parentPort)
    throw new Error('runWorkerThread runs a WorkerRunner thread; it cannot run on the main thread');
  const port = parentPort;
  const data = workerData as ThreadData;
  const parent: ParentLink = { postMessage: (message: FromThread) => port.postMessage(message) };
  const threadHost = new ThreadHost();
  const versions = new HeldVersions();
  let options: EngineOptions | undefined;
  let pieces: PieceRunner | undefined;

  port.on('message', (message: ToThread) => {
    switch (message.type) {
      case 'setup':
        return start(message.data);
      case 'stop':
        // A deferred thread no runner wants: nothing else keeps it alive.
        return port.close();
      case 'run':
        return void run(message);
      case 'reply':
        return threadHost.settle(message);
    }
  });
  // A deferred thread waits for its config (`setup`) before it warms up.
  if (!('deferred' in data)) start(data);

  function start(config: ThreadConfig): void {
    if (options) throw new Error('A worker thread is set up only once');
    options = config.options;
    const setUp = Promise.resolve()
      .then(() => setup.pieces?.(threadHost.parentPieces, config.settings))
      .then((made) => {
        pieces = made;
      });
    void Promise.all([warmUpThread(options), setUp]).then(
      () => parent.postMessage({ type: 'ready', osThreadId: currentOsThreadId() }),
      (error: unknown) => {
        // Thrown outside any promise: the thread dies with it, and its runner reports it.
        setImmediate(() => {
          throw new Error(`The worker thread's setup failed: ${messageOf(error)}`, { cause: error });
        });
      },
    );
  }

  async function run(message: RunMessage): Promise<void> {
    const { jobId } = message;
    const outbox = new Outbox(jobId, parent);
    const { host, end } = threadHost.open(message.request.run.id, outbox, pieces);
    let result: RunResult;
    try {
      if (!options) throw new Error('A run reached the worker thread before its setup');
      // Synchronously, in message order: the held versions follow the parent's account of them.
      const request: EngineRequest = versions.request(message.request, message.version);
      const events = new EventEmitter<EngineEvents>();
      if (message.startedEvents)
        events.on('step.started', (...args) => outbox.event({ name: 'step.started', args }));
      events.on('step.finished', (...args) => outbox.event({ name: 'step.finished', args }));
      events.on('run.responded', (...args) => outbox.event({ name: 'run.responded', args }));
      result = await runEngine(request, host, options, events);
    } catch (error) {
      outbox.send({ type: 'threw', jobId, message: messageOf(error) });
      return;
    } finally {
      end();
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
}
