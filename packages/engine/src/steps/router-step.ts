import type { RouterStep } from '@piecework/shared';
import { selectBranches } from '../conditions';
import type { ChainExecutor } from './execute-chain';
import type { Frame } from '../run/frame';
import { failStep, finishStep } from '../run/finish-step';
import type { Halt } from '../run/halt';
import { resolveStepInput } from '../run/resolve-step-input';
import type { RunContext } from '../run/run-context';

/**
 * Runs a router: resolves its whole settings, evaluates every branch, records its output
 * `{branches: [{branchName, branchIndex, evaluation}]}` (SUCCEEDED) before running the chosen
 * branches in order (the first true one, or every true one), then the flow goes on after it.
 * The router fails only when its settings cannot be resolved. On resume it is evaluated again.
 */
export async function executeRouterStep(
  context: RunContext,
  step: RouterStep,
  frame: Frame,
  executeChain: ChainExecutor,
): Promise<Halt | undefined> {
  const startedAt = context.host.now();
  context.stepStarted(step.name, frame.path);
  const resolution = await resolveStepInput(context, step.settings, frame.scope);
  if (!resolution.ok) return failStep(context, step, frame, step.settings, resolution.outcome, startedAt);
  const selection = selectBranches(resolution.value.branches, resolution.value.executionType);
  const output = { branches: selection.branches };
  const result = { status: 'SUCCEEDED', loggedInput: resolution.logged, output, startedAt } as const;
  const halt = await finishStep(context, step, frame, result);
  if (halt) return halt;
  for (const index of selection.selected) {
    const branchHalt = await executeChain(context, step.children[index], frame);
    if (branchHalt) return branchHalt;
  }
  return undefined;
}
