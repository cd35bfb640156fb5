/**
 * What the crash tests share: a busy code step (kills land in the middle of runs), webhooks poured
 * at a flow while processes die, and the check that every acknowledged run recorded each of its
 * steps exactly once.
 */
import type { StepRequest } from '@piecework/shared';
import { expect } from 'vitest';
import { codeStep } from './flow-test-kit';

/** A code step named `step_<index>` that works for a few milliseconds. */
export function busyStep(index: number): StepRequest {
  const step = codeStep(`step_${String(index)}`, { n: index });
  if (step.type === 'CODE') {
    step.settings.sourceCode.code =
      'export const code = async (inputs) => { let x = 0; for (let i = 0; i < 30000; i++) x += i % 7; return { x, n: inputs.n }; };';
  }
  return step;
}

/** Webhooks being poured: the ids of the runs acknowledged so far, and how to stop. */
export interface Pour {
  readonly acknowledged: string[];
  /** Stops every sender and waits for their last requests. */
  stop(): Promise<void>;
}

/**
 * Fires webhooks at flow `flowId` from `senders` senders, each waiting `pauseMs` between its
 * requests, until `stop()`. A request that fails (its server gone) is not acknowledged and may be
 * lost; an acknowledged one (200 with `x-webhook-id`) may not.
 */
export function pourWebhooks(
  apiUrl: string,
  flowId: string,
  options: { senders: number; pauseMs?: number },
): Pour {
  const acknowledged: string[] = [];
  let stopped = false;
  const sender = async () => {
    while (!stopped) {
      try {
        const answer = await fetch(`${apiUrl}/v1/webhooks/${flowId}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ at: Date.now() }),
        });
        const id = answer.headers.get('x-webhook-id');
        if (answer.status === 200 && id !== null) acknowledged.push(id);
      } catch {
        // not acknowledged: may be lost
      }
      if (options.pauseMs !== undefined) await new Promise((done) => setTimeout(done, options.pauseMs));
    }
  };
  const running = Array.from({ length: options.senders }, () => sender());
  return {
    acknowledged,
    async stop() {
      stopped = true;
      await Promise.all(running);
    },
  };
}

/** Expects each run of `runIds` to have recorded `step_1`..`step_<count>` (and its trigger) exactly once. */
export function expectEachStepOnce(
  steps: readonly { runId: string; stepName: string }[],
  runIds: readonly string[],
  count: number,
): void {
  const perRun = new Map<string, string[]>();
  for (const step of steps) perRun.set(step.runId, [...(perRun.get(step.runId) ?? []), step.stepName]);
  for (const id of runIds) {
    const names = perRun.get(id) ?? [];
    expect(new Set(names).size, `steps of ${id} recorded once each`).toBe(names.length);
    expect(names.filter((name) => name !== 'trigger').sort()).toEqual(
      Array.from({ length: count }, (_, index) => `step_${String(index + 1)}`).sort(),
    );
  }
}
