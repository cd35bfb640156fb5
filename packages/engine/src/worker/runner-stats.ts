/**
 * Counters of a `WorkerRunner`'s pool since it was made, read with `runner.stats`: to check in
 * tests (or show in metrics) how many threads it started and how often flow versions crossed.
 */
export interface WorkerRunnerStats {
  /** Worker threads started, prestarted and replacement threads included. */
  threadsStarted: number;
  /**
   * Flow versions posted to threads: once per version object and thread that runs it (again only
   * after the thread evicted it); runs of a version the thread holds send its key alone.
   */
  versionsSent: number;
}
