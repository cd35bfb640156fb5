/**
 * Wake-ups at instants to come: the claim loop is woken when a delayed job comes due, instead of
 * at its next poll. One timer at a time (for the earliest instant), however many are asked.
 */

/** Instants closer than this are served by one wake-up. */
const MERGE_MS = 20;

/**
 * Calls `wake` at each instant given to {@link at} (wall-clock ms), merging instants closer than
 * {@link MERGE_MS}. Use it to turn BullMQ's `delayed` events into wake-ups; {@link stop} clears
 * its timer.
 */
export class DelayedWakes {
  /** Pending instants, ascending. */
  private readonly due: number[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly wake: () => void,
    private readonly wallClock: () => number = Date.now,
  ) {}

  /** Asks for a wake-up at `atMs`. */
  at(atMs: number): void {
    if (this.due.some((instant) => Math.abs(instant - atMs) < MERGE_MS)) return;
    const index = this.due.findIndex((instant) => instant > atMs);
    if (index === -1) this.due.push(atMs);
    else this.due.splice(index, 0, atMs);
    if (index === 0 || this.due.length === 1) this.arm();
  }

  /** How many wake-ups are pending. */
  get pending(): number {
    return this.due.length;
  }

  /** Clears the timer and every pending wake-up. */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.due.length = 0;
  }

  private arm(): void {
    clearTimeout(this.timer);
    const next = this.due[0];
    if (next === undefined) return;
    this.timer = setTimeout(() => this.fire(), Math.max(0, next - this.wallClock()));
    this.timer.unref();
  }

  private fire(): void {
    const now = this.wallClock();
    while (this.due[0] !== undefined && this.due[0] <= now) this.due.shift();
    this.wake();
    this.arm();
  }
}
