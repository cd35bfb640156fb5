import type { EngineHost } from '../host/engine-host';
import type { PieceRunner, PieceRunOutcome } from '../host/piece-runner';
import { messageOf } from '../run/attempt-outcome';
import type { Outbox } from './outbox';
import type { HostCall, ToThread } from './protocol';

type Reply = Extract<ToThread, { type: 'reply' }>;

/**
 * The host a run sees inside a worker thread: `now` and `sleep` are the thread's own clock and
 * timers; pieces, connections, store, files and flows are calls to the parent, which runs them on
 * the real host and replies (a failure comes back as an Error with the same message), and so are
 * code bundles (the parent answers for a host without a code bundler); logs go to the
 * run's outbox without waiting. A call leaves with the run's pending events in front of it, and
 * reading the clock lets the outbox send events held too long (see `Outbox.tick`). One per
 * thread; `settle` takes the parent's replies.
 *
 * Pieces may instead run in the thread, by a runner the thread script made (see
 * `runWorkerThread`); that runner reaches the parent through {@link parentPieces}.
 */
export class ThreadHost {
  private nextCallId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  /** The outboxes of the runs going on in this thread, by run id (for {@link parentPieces}). */
  private readonly outboxes = new Map<string, Outbox>();

  /**
   * Runs a piece in the parent, on the real host's piece runner, for whichever run of this
   * thread the request names (`request.run.id`); rejects when that run is not going on here.
   * The request's `services` and `signal` stay behind: the parent attaches the real host's
   * services, and aborts the call when the run's job ends there (see `ActiveJob`).
   */
  readonly parentPieces: PieceRunner = {
    run: ({ services: _services, signal: _signal, ...request }) => {
      const outbox = this.outboxes.get(request.run.id);
      if (!outbox)
        return Promise.reject(new Error(`Run ${request.run.id} is not running in this worker thread`));
      return this.call(outbox, { method: 'pieces.run', args: [request] }) as Promise<PieceRunOutcome>;
    },
  };

  /**
   * The host of run `runId`, whose messages leave through `outbox`; its pieces run by `pieces`
   * when given (a runner made in the thread), else in the parent. Call `end()` once the run is over.
   */
  open(runId: string, outbox: Outbox, pieces?: PieceRunner): { host: EngineHost; end(): void } {
    const call = <T>(hostCall: HostCall) => this.call(outbox, hostCall) as Promise<T>;
    if (pieces) this.outboxes.set(runId, outbox);
    const host: EngineHost = {
      now: () => {
        outbox.tick();
        return Date.now();
      },
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      pieces: pieces ?? {
        run: ({ services: _services, signal: _signal, ...request }) =>
          call<PieceRunOutcome>({ method: 'pieces.run', args: [request] }),
      },
      connections: { get: (externalId) => call({ method: 'connections.get', args: [externalId] }) },
      store: {
        get: (key, scope) => call({ method: 'store.get', args: [key, scope] }),
        put: (key, value, scope) => call({ method: 'store.put', args: [key, value, scope] }),
        delete: (key, scope) => call({ method: 'store.delete', args: [key, scope] }),
      },
      files: {
        save: (content, info) => call({ method: 'files.save', args: [content, info] }),
        load: (fileId) => call({ method: 'files.load', args: [fileId] }),
      },
      flows: { list: (params) => call({ method: 'flows.list', args: [params] }) },
      log: { log: (level, message, fields) => outbox.log(level, message, fields) },
      code: { bundle: (source) => call({ method: 'code.bundle', args: [source] }) },
    };
    const end = () => {
      if (this.outboxes.get(runId) === outbox) this.outboxes.delete(runId);
    };
    return { host, end };
  }

  /** Hands a reply of the parent to the call waiting for it. */
  settle(reply: Reply): void {
    const waiting = this.pending.get(reply.callId);
    if (!waiting) return;
    this.pending.delete(reply.callId);
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(new Error(reply.message));
  }

  private call(outbox: Outbox, call: HostCall): Promise<unknown> {
    const callId = this.nextCallId++;
    return new Promise((resolve, reject) => {
      this.pending.set(callId, { resolve, reject });
      try {
        outbox.send({ type: 'call', jobId: outbox.jobId, callId, call });
      } catch (error) {
        this.pending.delete(callId);
        reject(new Error(`Cannot send ${call.method} to the host: ${messageOf(error)}`));
      }
    });
  }
}
