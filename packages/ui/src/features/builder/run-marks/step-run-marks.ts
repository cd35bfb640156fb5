/**
 * The run statuses the canvas shows on step cards (a "Test flow" run as it progresses, the failed
 * step of a run opened for debugging): one small store per builder, outside React state, so a
 * status change re-renders only the cards whose status changed. Cards read it with
 * `useStepRunStatus`; the builder writes it with `show` and `clear`.
 */
import type { FlowVersion } from '@piecework/shared';

/** What a step's card says about its part in a run. */
export type StepRunStatus = 'running' | 'waiting' | 'succeeded' | 'failed';

/** The statuses of a run by step name. */
export type StepRunStatuses = Readonly<Record<string, StepRunStatus>>;

/** One builder's run statuses of its steps. */
export interface StepRunMarks {
  /** The status of step `name`, undefined when it has none. */
  statusOf(name: string): StepRunStatus | undefined;
  /**
   * Shows `statuses` (replacing those shown) for the draft `basis`: they stay until
   * {@link StepRunMarks.forgetUnless} is given another draft, or {@link StepRunMarks.clear}.
   */
  show(statuses: StepRunStatuses, basis: FlowVersion): void;
  /** Clears the statuses when they were shown for a draft other than `version` (it was edited). */
  forgetUnless(version: FlowVersion): void;
  clear(): void;
  /** Calls `listener` after each change; answers the function that stops it. */
  subscribe(listener: () => void): () => void;
}

const none: StepRunStatuses = {};

/** A new, empty store: one per builder page. */
export function createStepRunMarks(): StepRunMarks {
  let statuses: StepRunStatuses = none;
  let basis: FlowVersion | undefined;
  const listeners = new Set<() => void>();
  const replace = (next: StepRunStatuses, nextBasis: FlowVersion | undefined) => {
    basis = nextBasis;
    if (next === statuses) return;
    statuses = next;
    for (const listener of listeners) listener();
  };
  return {
    statusOf: (name) => statuses[name],
    show: (next, version) => replace(next, version),
    forgetUnless: (version) => {
      if (basis !== undefined && basis !== version) replace(none, undefined);
    },
    clear: () => replace(none, undefined),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
