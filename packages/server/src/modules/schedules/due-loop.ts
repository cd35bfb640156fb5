/**
 * The timer behind every kind of durable timed work of one server process (schedules, polls,
 * renewals): it looks every `pollIntervalMs` (new and changed rows are seen within that) and
 * sooner when the earliest work is due before; two looks never overlap. `start()` does all
 * overdue work once before it answers, so a restart skips nothing due.
 */
import type { ServerBase } from '../../server-context';

/** One kind of timed work: do what is due, and say when the next is due. */
export interface DueWork<T> {
  /** Does everything due now (failures of single items are its own to log) and answers what it did. */
  fireDue(): Promise<T>;
  /** The earliest instant (ISO) at which something is due, or null when nothing is planned. */
  earliest(): Promise<string | null>;
}

/** A running timer over one kind of {@link DueWork}. */
export interface DueLoop<T> {
  /** Does what is due now, then keeps doing it as it comes due. */
  start(): Promise<void>;
  /** Stops the timer and waits for a look in progress. */
  stop(): Promise<void>;
  /** Does what is due now (after any look under way) and answers what it did. */
  fireDue(): Promise<T>;
}

/** A timer over `work`; `name` is how its log lines name it. */
export function createDueLoop<T>(
  ctx: Pick<ServerBase, 'logger' | 'now'>,
  name: string,
  work: DueWork<T>,
  pollIntervalMs = 1000,
): DueLoop<T> {
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<unknown> = Promise.resolve();
  let arming: Promise<void> = Promise.resolve();

  /** Runs `fn` after every look already under way: two looks never overlap. */
  function serialized<R>(fn: () => Promise<R>): Promise<R> {
    const result = inFlight.then(fn);
    inFlight = result.catch(() => undefined);
    return result;
  }

  /** One look: does what is due; a failure is logged, never thrown. */
  async function look(): Promise<void> {
    try {
      await serialized(() => work.fireDue());
    } catch (error) {
      ctx.logger.error({ err: error }, `${name} could not read its due work`);
    }
  }

  async function arm(): Promise<void> {
    if (!started) return;
    let delay = pollIntervalMs;
    try {
      const earliest = await work.earliest();
      const untilEarliest = earliest === null ? pollIntervalMs : Date.parse(earliest) - Date.parse(ctx.now());
      // An earliest instant in the past is work that failed: retry at the poll rate. The extra
      // millisecond keeps a timer (which may fire up to 1 ms early) from waking just before the
      // instant and then taking it for a failure.
      if (untilEarliest >= 0) delay = Math.min(untilEarliest + 1, pollIntervalMs);
    } catch (error) {
      ctx.logger.error({ err: error }, `${name} could not read the next due time`);
    }
    if (!started) return;
    timer = setTimeout(() => {
      arming = look().then(arm);
    }, delay);
    timer.unref();
  }

  return {
    fireDue: () => serialized(() => work.fireDue()),
    async start() {
      if (started) return;
      started = true;
      await look();
      arming = arm();
      await arming;
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      await inFlight;
      await arming;
    },
  };
}
