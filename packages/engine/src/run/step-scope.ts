import type { StepOutput } from '@piecework/shared';

/** What an expression sees of one executed step: `{output, error}` (`error` only when it failed). */
export interface StepScopeEntry {
  output: unknown;
  error?: { message: string };
}

/**
 * The names an expression can read at one point of a run: every step executed so far at this
 * level and the levels around it (inner loop iterations shadow outer steps), plus `connections`.
 * Immutable: entering a loop iteration makes a child scope.
 */
export class StepScope {
  private readonly entries = new Map<string, StepScopeEntry>();

  constructor(private readonly parent?: StepScope) {}

  /** A scope for a loop iteration: the loop's `{item, index}` plus whatever the body adds. */
  child(): StepScope {
    return new StepScope(this);
  }

  /** Records what a step exposes (its output, or its error when it failed). */
  set(name: string, entry: StepScopeEntry): void {
    this.entries.set(name, entry);
  }

  /** Records a step from its run record (`output`, or `error.message` for a FAILED step). */
  setFromRecord(name: string, record: StepOutput, output: unknown = record.output): void {
    this.set(
      name,
      record.status === 'FAILED' ? { output, error: { message: record.errorMessage ?? '' } } : { output },
    );
  }

  /** The entry for a name, looking outwards; undefined for a step not executed (yet). */
  get(name: string): StepScopeEntry | undefined {
    return this.entries.get(name) ?? this.parent?.get(name);
  }

  /** True when `name` is in scope here or outside. */
  has(name: string): boolean {
    return this.entries.has(name) || (this.parent?.has(name) ?? false);
  }

  /** Every name in scope (inner names shadow outer ones). */
  names(): Set<string> {
    const names = this.parent?.names() ?? new Set<string>();
    for (const name of this.entries.keys()) names.add(name);
    return names;
  }
}
