/**
 * What a claim does with the jobs BullMQ delivered, decided from their rows (read in the claim's
 * transaction): take them, hand them back for later, or drop them. Pure, so its rules are pinned
 * by a table of cases.
 */
import type { Selectable } from 'kysely';
import type { JobTable } from '../infrastructure/storage/database';
import type { ProjectJobSlots } from './project-job-slots';

/** The decisions of {@link planBullClaim}. */
export interface BullClaimPlan {
  /** Rows to claim, in delivery order. */
  take: Selectable<JobTable>[];
  /**
   * Jobs to hand back, each available again at `atMs` (wall clock); `busyProject` names the
   * project at its limit that set it aside (the job is parked: a slot of that project freeing
   * brings it back before `atMs`).
   */
  later: { id: string; atMs: number; busyProject?: string }[];
  /** Jobs without a row (their run ended or was canceled, or their write rolled back): drop them. */
  gone: string[];
}

/** What {@link planBullClaim} decides from. */
export interface BullClaimInput {
  /** The delivered job ids, in delivery order. */
  delivered: readonly string[];
  /** Their rows (missing: no row). */
  rows: ReadonlyMap<string, Selectable<JobTable>>;
  /** The slots of the rows' projects (see `projectJobSlots`). */
  slots: ReadonlyMap<string, ProjectJobSlots>;
  /** Now, as a row timestamp, and in ms. */
  now: string;
  nowMs: number;
  /** When a job of a project at its limit is tried again (a short backoff with jitter), in ms. */
  busyRetryAtMs: () => number;
}

/**
 * Decides each delivered job: no row -> gone; QUEUED and available -> taken while its project
 * has a free slot, else back at `busyRetryAtMs()`; QUEUED but not available yet -> back at its
 * `availableAt`; RUNNING under a lease that ran out (its worker vanished) -> taken like a QUEUED
 * one; RUNNING under a live lease -> back just after the lease ends (a job never runs twice at
 * once).
 */
export function planBullClaim(input: BullClaimInput): BullClaimPlan {
  const free = new Map([...input.slots].map(([projectId, slots]) => [projectId, slots.free]));
  const plan: BullClaimPlan = { take: [], later: [], gone: [] };
  for (const id of input.delivered) {
    const row = input.rows.get(id);
    if (row === undefined) {
      plan.gone.push(id);
      continue;
    }
    const notBefore = row.status === 'QUEUED' ? row.availableAt : row.lockedUntil;
    if (notBefore !== null && notBefore > input.now) {
      const atMs = Date.parse(notBefore) + (row.status === 'QUEUED' ? 0 : 1);
      plan.later.push({ id, atMs: Math.max(atMs, input.nowMs) });
      continue;
    }
    const left = free.get(row.projectId) ?? 0;
    if (left <= 0) {
      plan.later.push({ id, atMs: input.busyRetryAtMs(), busyProject: row.projectId });
      continue;
    }
    free.set(row.projectId, left - 1);
    plan.take.push(row);
  }
  return plan;
}
