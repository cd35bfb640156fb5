/**
 * Group commit: write calls that wait while a transaction runs share the next transaction, so
 * that one COMMIT serves many of them. Independent of the database: it needs only the
 * {@link TransactionPrimitives} of one.
 */

/**
 * What {@link GroupCommit} needs of a database. The savepoint operations are only ever used one
 * at a time inside `transaction` (never nested), so one fixed savepoint name suffices.
 */
export interface TransactionPrimitives<Trx> {
  /**
   * Runs `body` in one transaction: commits when it returns, rolls back and rethrows when it
   * throws. Rejects, with nothing written, when the transaction cannot begin or commit.
   */
  transaction<T>(body: (trx: Trx) => Promise<T>): Promise<T>;
  /** Opens the savepoint. */
  savepoint(trx: Trx): Promise<void>;
  /** Keeps the work done since the savepoint and closes it. Throws when the transaction is no longer usable. */
  release(trx: Trx): Promise<void>;
  /** Undoes the work done since the savepoint and closes it. Throws when the transaction is no longer usable. */
  rollbackTo(trx: Trx): Promise<void>;
  /**
   * Whether a call that failed with `error` succeeds when simply run again (PostgreSQL's deadlock
   * and serialization failures): such a call runs again in a later transaction, up to
   * {@link MAX_ATTEMPTS} times in all, instead of rejecting. Default: no error is.
   */
  isRetryable?(error: unknown): boolean;
}

/** Most times one call runs when its failures are retryable (see `isRetryable`). */
export const MAX_ATTEMPTS = 5;

/** Options of {@link GroupCommit}. */
export interface GroupCommitOptions {
  /** Most calls in one transaction; the rest wait for the next one. Default 256. */
  maxBatch?: number;
  /**
   * When the calls of a batch get a savepoint each: `always` (default), or `after-failure`: a
   * batch runs its calls without savepoints, and only when one throws is the whole batch rolled
   * back and run again, each call in its savepoint (the outcome is the same; the cost is paid
   * only on failure). Use `after-failure` where a savepoint costs a round trip (PostgreSQL: two
   * per call, `SAVEPOINT` and `RELEASE`) and write calls rarely throw.
   */
  isolateCalls?: 'always' | 'after-failure';
}

/** How one write may be scheduled. */
export interface WriteOptions {
  /**
   * Let the write wait up to this many ms for another write to share a transaction with (it
   * goes in the next transaction anyway, and is committed at the latest when the time is up).
   * For writes nobody waits on — a run's end after its answer was sent — so that a steady
   * stream of single requests costs one commit per request, not two. Default 0 (at once).
   */
  deferMs?: number;
}

interface Call<Trx> {
  fn: (trx: Trx) => Promise<unknown>;
  /** What to run once this call's writes are committed (see `afterCommit`), from its last run. */
  onCommit: (() => void)[] | undefined;
  /** Times `fn` failed with a retryable error so far. */
  retries: number;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** What a call's `fn` did in its batch's transaction. */
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Thrown out of a batch's transaction when a call's savepoint could not be closed. */
class BrokenTransaction {
  constructor(
    /** Index in the batch of the call that broke the transaction. */
    readonly index: number,
    /** What that call rejects with. */
    readonly error: unknown,
  ) {}
}

/**
 * Runs write calls in shared transactions: use it to implement a store's `write` when commits are
 * expensive and calls arrive concurrently (SQLite: a COMMIT costs more than a small write).
 *
 * A call made while no transaction runs starts one at the end of the current turn of the event
 * loop (`setImmediate`), so that the calls made by everything the loop handles in that turn —
 * several requests read from their sockets, several runs ending — share it. Calls made while one
 * runs wait; when it ends, up to `maxBatch` of them run in the next transaction, one after the
 * other in the order they were made (each sees the writes of those before it), each in its own
 * savepoint, then one COMMIT. A call whose `fn` throws is rolled back to its savepoint and rejects with its own error;
 * the others still commit. A call's promise resolves only once its transaction has committed, and
 * a failed BEGIN or COMMIT rejects every call of the batch (those whose `fn` threw keep their own
 * error), with nothing written. A batch of one call uses no savepoint.
 *
 * When closing a call's savepoint fails, the database has aborted the whole transaction (SQLite
 * does so on e.g. `SQLITE_FULL`, an I/O error or a trigger's `RAISE(ROLLBACK)`): everything is
 * rolled back, that call rejects (with its `fn`'s error, else with the failure to close its
 * savepoint), and all the others of the batch run again, in order, in a new transaction. So a `fn`
 * may be invoked again if another write in its batch broke the transaction; it must not have
 * effects outside `trx` (nothing was committed, so running it again is safe).
 */
export class GroupCommit<Trx> {
  readonly #primitives: TransactionPrimitives<Trx>;
  readonly #maxBatch: number;
  readonly #isolateAlways: boolean;
  /** A batch failed without savepoints: the next one runs its calls in savepoints. */
  #isolateNext = false;
  readonly #waiting: Call<Trx>[] = [];
  readonly #deferred: Call<Trx>[] = [];
  #deferTimer: ReturnType<typeof setTimeout> | undefined;
  #running = false;
  #scheduled = false;
  /** The call whose `fn` runs now (calls run one at a time). */
  #current: Call<Trx> | undefined;

  constructor(primitives: TransactionPrimitives<Trx>, options: GroupCommitOptions = {}) {
    this.#primitives = primitives;
    this.#maxBatch = Math.max(1, options.maxBatch ?? 256);
    this.#isolateAlways = (options.isolateCalls ?? 'always') === 'always';
  }

  /** Runs `fn` in a transaction, maybe shared with other calls; resolves once that transaction has committed. */
  run<T>(fn: (trx: Trx) => Promise<T>, options: WriteOptions = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const call: Call<Trx> = {
        fn,
        onCommit: undefined,
        retries: 0,
        resolve: resolve as (value: unknown) => void,
        reject,
      };
      const deferMs = options.deferMs ?? 0;
      if (deferMs > 0) {
        this.#deferred.push(call);
        this.#deferTimer ??= setTimeout(() => {
          this.#deferTimer = undefined;
          if (!this.#running) void this.#drain();
        }, deferMs);
        return;
      }
      this.#waiting.push(call);
      this.#schedule();
    });
  }

  /**
   * Runs `callback` once the writes of the call whose `fn` is running now are committed, and
   * never if they roll back (a `fn` run again registers again). Use it, from inside a `fn`, for
   * effects outside the database that must follow the commit (telling other processes of a job
   * the transaction added). A callback that throws is ignored.
   *
   * @throws when no `fn` is running.
   */
  afterCommit(callback: () => void): void {
    if (this.#current === undefined) throw new Error('afterCommit is for the write call that is running');
    (this.#current.onCommit ??= []).push(callback);
  }

  /** Runs `call.fn` in `trx` as the current call, its commit callbacks starting afresh. */
  async #invoke(call: Call<Trx>, trx: Trx): Promise<unknown> {
    call.onCommit = undefined;
    this.#current = call;
    try {
      return await call.fn(trx);
    } finally {
      this.#current = undefined;
    }
  }

  /** Settles a committed call: its commit callbacks, then its promise. */
  #committed(call: Call<Trx>, value: unknown): void {
    const callbacks = call.onCommit ?? [];
    call.onCommit = undefined;
    for (const callback of callbacks) {
      try {
        callback();
      } catch {
        // A callback's failure is its own to report; the call did commit.
      }
    }
    call.resolve(value);
  }

  /** Starts a transaction at the end of this event-loop turn, unless one runs or is due. */
  #schedule(): void {
    if (this.#running || this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      if (!this.#running) void this.#drain();
    });
  }

  /** Moves the deferred calls to the front of the queue (they were issued first). */
  #takeDeferred(): void {
    if (this.#deferred.length === 0) return;
    clearTimeout(this.#deferTimer);
    this.#deferTimer = undefined;
    this.#waiting.unshift(...this.#deferred.splice(0));
  }

  async #drain(): Promise<void> {
    this.#running = true;
    try {
      for (this.#takeDeferred(); this.#waiting.length > 0; this.#takeDeferred()) {
        await this.#runBatch(this.#waiting.splice(0, this.#maxBatch));
      }
    } finally {
      this.#running = false;
    }
  }

  /** Runs one batch in one transaction and settles its calls (or puts them back to run again). Never throws. */
  async #runBatch(batch: Call<Trx>[]): Promise<void> {
    if (batch.length === 1) {
      const [call] = batch as [Call<Trx>];
      try {
        this.#committed(call, await this.#primitives.transaction((trx) => this.#invoke(call, trx)));
      } catch (error) {
        this.#fail(call, error);
      }
      return;
    }
    if (!this.#isolateAlways && !this.#isolateNext) {
      await this.#runBatchWithoutSavepoints(batch);
      return;
    }
    this.#isolateNext = false;
    const outcomes: Outcome[] = [];
    try {
      await this.#primitives.transaction(async (trx) => {
        for (const call of batch) outcomes.push(await this.#runInSavepoint(trx, call, outcomes.length));
      });
    } catch (error) {
      if (error instanceof BrokenTransaction) {
        const broken = batch[error.index];
        if (broken !== undefined) this.#fail(broken, error.error);
        this.#waiting.unshift(...batch.filter((_, index) => index !== error.index));
        return;
      }
      batch.forEach((call, index) => {
        const outcome = outcomes[index];
        this.#fail(call, outcome !== undefined && !outcome.ok ? outcome.error : error);
      });
      return;
    }
    batch.forEach((call, index) => {
      const outcome = outcomes[index] as Outcome;
      if (outcome.ok) this.#committed(call, outcome.value);
      else this.#fail(call, outcome.error);
    });
  }

  /**
   * Runs `batch` in one transaction with no savepoints. When a call throws, everything is rolled
   * back and the whole batch goes back to the front of the queue, to run again with a savepoint
   * per call (which also finds the call to blame, should an earlier one have left the transaction
   * aborted and a later one failed for it). A failed BEGIN or COMMIT rejects every call. Never
   * throws.
   */
  async #runBatchWithoutSavepoints(batch: Call<Trx>[]): Promise<void> {
    const values: unknown[] = [];
    let callFailed = false;
    try {
      await this.#primitives.transaction(async (trx) => {
        for (const call of batch) {
          try {
            values.push(await this.#invoke(call, trx));
          } catch (error) {
            callFailed = true;
            throw error;
          }
        }
      });
    } catch (error) {
      if (callFailed) {
        this.#isolateNext = true;
        this.#waiting.unshift(...batch);
        return;
      }
      for (const call of batch) this.#fail(call, error);
      return;
    }
    batch.forEach((call, index) => this.#committed(call, values[index]));
  }

  /** Rejects `call` with `error`, or queues it to run again when the error is retryable. */
  #fail(call: Call<Trx>, error: unknown): void {
    if (call.retries + 1 < MAX_ATTEMPTS && this.#primitives.isRetryable?.(error) === true) {
      call.retries += 1;
      this.#waiting.push(call);
      this.#schedule();
      return;
    }
    call.reject(error);
  }

  /** Runs `fn` between a savepoint and its release (or rollback when `fn` throws). */
  async #runInSavepoint(trx: Trx, call: Call<Trx>, index: number): Promise<Outcome> {
    await this.#primitives.savepoint(trx);
    let outcome: Outcome;
    try {
      outcome = { ok: true, value: await this.#invoke(call, trx) };
    } catch (error) {
      outcome = { ok: false, error };
    }
    try {
      if (outcome.ok) await this.#primitives.release(trx);
      else await this.#primitives.rollbackTo(trx);
    } catch (closeError) {
      throw new BrokenTransaction(index, outcome.ok ? closeError : outcome.error);
    }
    return outcome;
  }
}

/** A store's write side over one {@link GroupCommit}: what `DataStore.write` and `afterCommit` are. */
export interface StoreWrites<Trx> {
  /** {@link GroupCommit.run}. */
  write<T>(fn: (trx: Trx) => Promise<T>, options?: WriteOptions): Promise<T>;
  /** {@link GroupCommit.afterCommit}. */
  afterCommit(callback: () => void): void;
}

/** The {@link StoreWrites} of `group`. */
export function storeWritesOf<Trx>(group: GroupCommit<Trx>): StoreWrites<Trx> {
  return {
    write: (fn, options) => group.run(fn, options),
    afterCommit: (callback) => group.afterCommit(callback),
  };
}
