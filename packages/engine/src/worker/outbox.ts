import type { LogLevel } from '../host/engine-host';
import { messageOf } from '../run/attempt-outcome';
import type { CarrierMessage, EngineEvent, FromThread, Relayed } from './protocol';

/**
 * How long pending items may wait while the thread stays busy: the longest a step that keeps the
 * thread's event loop busy (a CPU-bound code step) holds back the events before it.
 */
export const MAX_HOLD_MS = 5;

/** Where the thread posts its messages (the worker's `parentPort`). */
export interface ParentLink {
  postMessage(message: FromThread): void;
}

/**
 * The events and log lines of one run inside a worker thread, sent to the parent in batches
 * instead of one message each (every message costs the parent's main thread a dispatch). Order
 * is kept exactly. Pending items leave:
 * - with the next message of the run that must not overtake them ({@link send}: a host call —
 *   the parent sees every earlier event before it serves the call — or the run's end);
 * - at once after a `run.responded` event (a synchronous caller waits for it);
 * - on `setImmediate` after the first pending item, when the thread's event loop gets a turn;
 * - on {@link tick} once the oldest has waited {@link MAX_HOLD_MS}: the engine reads the clock at
 *   every step and, through QuickJS's interrupt handler, while code runs, so a step that keeps
 *   the event loop busy does not hold back the events before it (the parent keeps their records
 *   if it has to stop the thread). Only a single built-in call that blocks QuickJS itself (one
 *   the hard deadline exists for) can leave the items of its last few ms unsent.
 *
 * Items that cannot be cloned are sent one by one: a log line without its fields, and for an
 * event an `unsent` message (the parent stops the run, as it does for an event it cannot relay).
 */
export class Outbox {
  private items: Relayed[] = [];
  private firstAt = 0;
  private scheduled: ReturnType<typeof setImmediate> | undefined;

  constructor(
    readonly jobId: number,
    private readonly parent: ParentLink,
  ) {}

  /** Queues an engine event; `run.responded` is sent at once. */
  event(event: EngineEvent): void {
    this.push({ type: 'event', event });
    if (event.name === 'run.responded') this.flush();
  }

  /** Queues a log line. */
  log(level: LogLevel, message: string, fields?: Record<string, unknown>): void {
    this.push({ type: 'log', level, message, ...(fields ? { fields } : {}) });
  }

  /** The thread is busy and reads its clock: sends the pending items if they waited too long. */
  tick(): void {
    if (this.items.length > 0 && performance.now() - this.firstAt >= MAX_HOLD_MS) this.flush();
  }

  /** Sends the pending items now (one `batch` message), if there are any. */
  flush(): void {
    const items = this.take();
    if (items.length > 0) this.sendItems(items);
  }

  /**
   * Posts `message` with the pending items in front of it. Throws as `postMessage` does when
   * `message` itself cannot be cloned; the items are sent all the same.
   */
  send(message: CarrierMessage): void {
    const items = this.take();
    if (items.length === 0) return this.parent.postMessage(message);
    try {
      this.parent.postMessage({ ...message, items });
      return;
    } catch {
      // The message or an item cannot be cloned: send the items on their own, then the message.
    }
    this.sendItems(items);
    this.parent.postMessage(message);
  }

  private push(item: Relayed): void {
    if (this.items.length === 0) this.firstAt = performance.now();
    this.items.push(item);
    this.scheduled ??= setImmediate(() => {
      this.scheduled = undefined;
      this.flush();
    });
  }

  private take(): Relayed[] {
    if (this.scheduled !== undefined) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    const items = this.items;
    this.items = [];
    return items;
  }

  /** Posts items as one batch; when that fails, one by one. Never throws. */
  private sendItems(items: Relayed[]): void {
    if (this.tryPost(items) === undefined) return;
    for (const item of items) {
      const failure = this.tryPost([item]);
      if (failure === undefined) continue;
      if (item.type === 'log') {
        // Fields that cannot be cloned (functions, class instances): the line without them.
        this.tryPost([{ type: 'log', level: item.level, message: item.message }]);
        continue;
      }
      const message = `the ${item.event.name} event cannot be sent to the parent: ${failure}`;
      try {
        this.parent.postMessage({ type: 'unsent', jobId: this.jobId, message });
      } catch {
        // The port is gone: the parent ends the run when the thread exits.
      }
      return;
    }
  }

  /** Posts items as one batch; returns why that failed, or undefined once sent. */
  private tryPost(items: Relayed[]): string | undefined {
    try {
      this.parent.postMessage({ type: 'batch', jobId: this.jobId, items });
      return undefined;
    } catch (error) {
      return messageOf(error);
    }
  }
}
