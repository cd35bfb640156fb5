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

/** A draft as it was saved: a version and its last change (a new read of it is the same draft). */
function draftKey(version: FlowVersion): string {
  return `${version.id}@${version.updated}`;
}

/** A new, empty store: one per builder page. */
export function createStepRunMarks(): StepRunMarks {
  let statuses: StepRunStatuses = none;
  let basis: string | undefined;
  const listeners = new Set<() => void>();
  const replace = (next: StepRunStatuses, nextBasis: string | undefined) => {
    basis = nextBasis;
    if (next === statuses) return;
    statuses = next;
    for (const listener of listeners) listener();
  };
  return {
    statusOf: (name) => statuses[name],
    show: (next, version) => replace(next, draftKey(version)),
    forgetUnless: (version) => {
      if (basis !== undefined && basis !== draftKey(version)) replace(none, undefined);
    },
    clear: () => replace(none, undefined),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
