/**
 * Starts a worker thread ahead of the first run: the thread loads the engine and compiles the
 * QuickJS sandbox (a few hundred ms) while the server waits for its first request, instead of
 * while that request waits.
 */
import { createMemoryHost } from '@piecework/engine';
import type { WorkerRunner } from '@piecework/engine/worker';
import type { FlowVersion } from '@piecework/shared';

const at = new Date(0).toISOString();

/** A flow of one code step: running it loads everything a run needs. */
const WARM_UP_VERSION: FlowVersion = {
  id: 'warm-up',
  created: at,
  updated: at,
  flowId: 'warm-up',
  displayName: 'Warm-up',
  valid: true,
  state: 'LOCKED',
  connectionIds: [],
  notes: [],
  trigger: {
    name: 'trigger',
    displayName: 'Warm-up',
    type: 'EMPTY',
    valid: true,
    settings: {},
    nextAction: {
      name: 'step_1',
      displayName: 'Warm-up',
      type: 'CODE',
      valid: true,
      settings: { input: {}, sourceCode: { code: 'export const code = async () => 1;', packageJson: '{}' } },
    },
  },
};

/** Runs the warm-up flow once in `runner` (in the background; failures are ignored). */
export function warmUp(runner: WorkerRunner): void {
  const run = {
    id: 'warm-up',
    flowId: 'warm-up',
    flowVersionId: 'warm-up',
    projectId: 'warm-up',
    environment: 'TESTING',
  } as const;
  runner
    .run({ kind: 'EXECUTE', flowVersion: WARM_UP_VERSION, run, triggerPayload: {} }, createMemoryHost())
    .catch(() => {});
}
