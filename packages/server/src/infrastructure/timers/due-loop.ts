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

  /** When the last look started (ISO): work due after it may not have been seen yet. */
  let lastLookStartedAt = ctx.now();

  /** One look: does what is due; a failure is logged, never thrown. */
  async function look(): Promise<void> {
    lastLookStartedAt = ctx.now();
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
      delay = nextLookDelay({ earliest, now: ctx.now(), lastLookStartedAt, pollIntervalMs });
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

/**
 * How long the timer waits before its next look, in ms: until the earliest due instant (1 ms
 * past it: a timer may fire up to a millisecond early, and instants are compared by the
 * millisecond), at most `pollIntervalMs`. An instant already past counts as work that failed
 * (retried at the poll rate) only when the last look started after it; one that came due while
 * that look ran (or in its millisecond) is looked at again at once.
 */
export function nextLookDelay(input: {
  earliest: string | null;
  now: string;
  lastLookStartedAt: string;
  pollIntervalMs: number;
}): number {
  const { earliest, now, lastLookStartedAt, pollIntervalMs } = input;
  if (earliest === null) return pollIntervalMs;
  const dueAt = Date.parse(earliest);
  const untilDue = dueAt - Date.parse(now);
  if (untilDue >= 0) return Math.min(untilDue + 1, pollIntervalMs);
  return dueAt >= Date.parse(lastLookStartedAt) ? 1 : pollIntervalMs;
}
