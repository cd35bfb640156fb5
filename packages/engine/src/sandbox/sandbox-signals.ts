/**
 * What the host callbacks (interrupt handler, console sink) report while sandboxed code runs.
 * Reset before each operation, read after it.
 */
export class SandboxSignals {
  /** The interrupt handler stopped the code (the deadline passed). */
  interrupted = false;
  /** A host callback threw: the code is interrupted and the operation rethrows this. */
  hostError: { error: unknown } | undefined = undefined;
  /** The WebAssembly memory's last growth was refused: an allocation failed for lack of memory. */
  memoryExhausted = false;

  /** Clears the signals before an operation. */
  reset(): void {
    this.interrupted = false;
    this.hostError = undefined;
    this.memoryExhausted = false;
  }

  /**
   * Records whether the memory granted a growth (see `instantiateQuickJS`). The allocator tries
   * a few sizes in a row: a refusal followed by a grant is no failure.
   */
  recordGrowth(granted: boolean): void {
    this.memoryExhausted = !granted;
  }

  /** Records a host callback's exception (the first one wins); the code is then interrupted. */
  recordHostError(error: unknown): void {
    this.hostError ??= { error };
  }

  /**
   * The interrupt handler: asks `shouldInterrupt` (QuickJS calls the handler about every 10,000
   * interpreter ticks, roughly every 0.1 ms of a busy loop, so no further throttling is done).
   */
  shouldStop(shouldInterrupt: () => boolean): boolean {
    if (this.hostError) return true;
    let stop: boolean;
    try {
      stop = shouldInterrupt();
    } catch (error) {
      this.recordHostError(error);
      return true;
    }
    if (stop) this.interrupted = true;
    return stop;
  }
}
