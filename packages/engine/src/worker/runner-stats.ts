/**
 * Counters of a `WorkerRunner`'s pool since it was made, read with `runner.stats`: to check in
 * tests (or show in metrics) how many threads it started and how often flow versions crossed.
 */
export interface WorkerRunnerStats {
  /**
   * Worker threads the pool took into service: prestarted, started for runs, replacements, and
   * an adopted thread (`WorkerRunnerOptions.adopt`, see `threadsAdopted`); not a thread offered
   * for adoption that did not match.
   */
  threadsStarted: number;
  /** Of {@link threadsStarted}, the thread adopted from `WorkerRunnerOptions.adopt`: 0 or 1. */
  threadsAdopted: number;
  /**
   * Flow versions posted to threads: once per version object and thread that runs it (again only
   * after the thread evicted it); runs of a version the thread holds send its key alone.
   */
  versionsSent: number;
}
