import type { PieceChild } from './piece-child';

interface Waiter {
  allowList: readonly string[] | undefined;
  resolve(child: PieceChild): void;
  reject(error: Error): void;
}

/**
 * A warm pool of at most `size` piece processes, each running one call at a time. A process is
 * started for one SSRF allow list (the filter is installed when it starts), so a call takes an
 * idle process with its allow list (`undefined`: any), else starts one while there is room,
 * else replaces an idle process of another list, else waits its turn. A process that dies or
 * is killed leaves the pool and is replaced at once, so the next call finds a warm one.
 */
export class ChildPool {
  private readonly children = new Set<PieceChild>();
  private readonly idle: PieceChild[] = [];
  private readonly waiting: Waiter[] = [];
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly start: (allowList: readonly string[]) => PieceChild,
  ) {}

  /** Runs `task` on a process of this allow list, then gives the process back. */
  async use<T>(
    allowList: readonly string[] | undefined,
    task: (child: PieceChild) => Promise<T>,
  ): Promise<T> {
    const child = await this.acquire(allowList);
    try {
      return await task(child);
    } finally {
      this.release(child);
    }
  }

  /**
   * Takes a process that left (exited, killed) out of the pool and starts its replacement; not
   * for one that never started (it would fail again and again: the next call starts one).
   */
  retire(child: PieceChild): void {
    if (!this.children.delete(child)) return;
    this.removeIdle(child);
    if (!this.closed && child.started && this.children.size < this.size)
      this.idle.push(this.spawn(child.allowList));
    this.drain();
  }

  /** Kills every process; waiting calls reject. */
  close(): void {
    this.closed = true;
    for (const waiter of this.waiting.splice(0)) waiter.reject(new Error('The piece host is closed'));
    for (const child of this.children) child.kill();
    this.children.clear();
    this.idle.length = 0;
  }

  private acquire(allowList: readonly string[] | undefined): Promise<PieceChild> {
    if (this.closed) return Promise.reject(new Error('The piece host is closed'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ allowList, resolve, reject });
      this.drain();
    });
  }

  private release(child: PieceChild): void {
    if (!child.alive) {
      this.retire(child);
      return;
    }
    if (this.closed) {
      child.kill();
      return;
    }
    this.idle.push(child);
    this.drain();
  }

  /** Serves waiting calls in order while processes can be found for them. */
  private drain(): void {
    while (this.waiting.length > 0) {
      const waiter = this.waiting[0]!;
      const child = this.take(waiter.allowList);
      if (!child) return;
      this.waiting.shift();
      waiter.resolve(child);
    }
  }

  private take(allowList: readonly string[] | undefined): PieceChild | undefined {
    const fits = (child: PieceChild) => allowList === undefined || sameList(child.allowList, allowList);
    const match = this.idle.find((child) => child.alive && fits(child));
    if (match) {
      this.removeIdle(match);
      return match;
    }
    if (this.children.size < this.size) return this.spawn(allowList ?? []);
    const other = this.idle.find((child) => child.alive);
    if (!other) return undefined;
    this.removeIdle(other);
    this.children.delete(other);
    other.kill();
    return this.spawn(allowList ?? []);
  }

  private spawn(allowList: readonly string[]): PieceChild {
    const child = this.start(allowList);
    this.children.add(child);
    return child;
  }

  private removeIdle(child: PieceChild): void {
    const index = this.idle.indexOf(child);
    if (index !== -1) this.idle.splice(index, 1);
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((entry, index) => entry === b[index]);
}
