/**
 * The runs waiting for a thread of a `WorkerRunner`, grouped by tenant (a run's `group`, e.g. its
 * project): the next run to start comes from the group running the fewest runs, among equals from
 * the one served least recently, and is that group's oldest. A group with a thousand waiting runs
 * gets its turn like a group with one, and a group at its cap waits while others go on.
 */

/** What the queue needs of a waiting item: the group it counts against. */
export interface Grouped {
  readonly group: string;
}

/** See the module comment. `T` is the waiting item (a run with its callbacks). */
export class FairQueue<T extends Grouped> {
  private readonly waiting = new Map<string, T[]>();
  private readonly running = new Map<string, number>();
  private readonly lastServed = new Map<string, number>();
  private served = 0;
  private count = 0;

  /** How many items wait. */
  get length(): number {
    return this.count;
  }

  /** How many items of `group` run now (taken and not yet {@link done}). */
  runningOf(group: string): number {
    return this.running.get(group) ?? 0;
  }

  /** Adds an item at the end of its group's line. */
  push(item: T): void {
    const line = this.waiting.get(item.group);
    if (line) line.push(item);
    else this.waiting.set(item.group, [item]);
    this.count += 1;
  }

  /**
   * Takes the next item whose group `mayRun` allows (see the module comment) and counts it as
   * running; undefined when none may run.
   */
  take(mayRun: (group: string, running: number) => boolean): T | undefined {
    let best: string | undefined;
    for (const group of this.waiting.keys()) {
      const running = this.runningOf(group);
      if (!mayRun(group, running)) continue;
      if (best === undefined || this.before(group, best)) best = group;
    }
    if (best === undefined) return undefined;
    const line = this.waiting.get(best)!;
    const item = line.shift()!;
    if (line.length === 0) this.waiting.delete(best);
    this.count -= 1;
    this.running.set(best, this.runningOf(best) + 1);
    this.lastServed.set(best, ++this.served);
    return item;
  }

  /** Whether some waiting item's group `mayRun` allows. */
  hasRunnable(mayRun: (group: string, running: number) => boolean): boolean {
    for (const group of this.waiting.keys()) if (mayRun(group, this.runningOf(group))) return true;
    return false;
  }

  /** Removes a waiting item (canceled before it ran); false when it no longer waits. */
  remove(item: T): boolean {
    const line = this.waiting.get(item.group);
    const index = line?.indexOf(item) ?? -1;
    if (!line || index < 0) return false;
    line.splice(index, 1);
    if (line.length === 0) this.waiting.delete(item.group);
    this.count -= 1;
    return true;
  }

  /** Counts a taken item of `group` as no longer running. */
  done(group: string): void {
    const running = this.runningOf(group) - 1;
    if (running > 0) return void this.running.set(group, running);
    this.running.delete(group);
    // A group neither running nor waiting is forgotten (memory stays bounded by active groups).
    if (!this.waiting.has(group)) this.lastServed.delete(group);
  }

  /** Every waiting item, emptying the queue (the runner closes). */
  drain(): T[] {
    const all = [...this.waiting.values()].flat();
    this.waiting.clear();
    this.count = 0;
    return all;
  }

  private before(a: string, b: string): boolean {
    const runningA = this.runningOf(a);
    const runningB = this.runningOf(b);
    if (runningA !== runningB) return runningA < runningB;
    return (this.lastServed.get(a) ?? 0) < (this.lastServed.get(b) ?? 0);
  }
}
