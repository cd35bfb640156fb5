/**
 * The callers of `WorkerRunner.prestart()` still waiting for a thread of the pool to be ready:
 * all are settled together, when one is ready or when none can be.
 */
export class ReadyWaiters {
  private waiting: { resolve: () => void; reject: (error: Error) => void }[] = [];

  /** Whether someone waits (starting threads then keep the process alive). */
  get any(): boolean {
    return this.waiting.length > 0;
  }

  /** Resolves once a thread is ready; rejects if none can be. */
  wait(): Promise<void> {
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  /** A thread is ready. */
  resolve(): void {
    for (const waiter of this.waiting.splice(0)) waiter.resolve();
  }

  /** No thread can get ready (every one failed to start, or the runner closed). */
  reject(error: Error): void {
    for (const waiter of this.waiting.splice(0)) waiter.reject(error);
  }
}
