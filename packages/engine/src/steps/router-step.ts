import type { RouterStep } from '@piecework/shared';
import { selectBranches } from '../conditions';
import type { ChainExecutor } from '../run/execute-chain';
import type { Frame } from '../run/frame';
import { failedHalt, type Halt } from '../run/halt';
import { recordStep } from '../run/record-step';
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
  if (!resolution.ok) {
    const { outcome } = resolution;
    const result = {
      status: 'FAILED' as const,
      loggedInput: step.settings,
      errorMessage: outcome.message,
      startedAt,
    };
    const { record, halt } = await recordStep(context, step, result);
    frame.records[step.name] = record;
    frame.scope.setFromRecord(step.name, record);
    context.stepFinished(step.name, frame.path, record);
    return (
      halt ?? failedHalt(outcome.status === 'LIMIT' ? outcome.runStatus : 'FAILED', outcome.message, step)
    );
  }
  const selection = selectBranches(resolution.value.branches, resolution.value.executionType);
  const output = { branches: selection.branches };
  const { record, halt } = await recordStep(context, step, {
    status: 'SUCCEEDED',
    loggedInput: resolution.logged,
    output,
    startedAt,
  });
  frame.records[step.name] = record;
  frame.scope.setFromRecord(step.name, record, output);
  context.stepFinished(step.name, frame.path, record);
  if (halt) return halt;
  for (const index of selection.selected) {
    const branchHalt = await executeChain(context, step.children[index], frame);
    if (branchHalt) return branchHalt;
  }
  return undefined;
}
