import type { CodeStep } from '@piecework/shared';
import type { RunContext } from '../run/run-context';
import type { AttemptOutcome } from './attempt-outcome';

/**
 * One attempt of a CODE step: its source runs in the run's QuickJS sandbox with the resolved
 * input; the value `code` returns is the output, a throw fails the step with its message.
 */
export async function attemptCodeStep(
  context: RunContext,
  step: CodeStep,
  input: Record<string, unknown>,
): Promise<AttemptOutcome> {
  const outcome = await context.requireSandbox().runCode(step.settings.sourceCode.code, input);
  if (outcome.ok) return { status: 'SUCCEEDED', output: outcome.value };
  const { failure } = outcome;
  if (failure.kind === 'ERROR') return { status: 'FAILED', message: failure.message };
  return { status: 'LIMIT', runStatus: failure.kind, message: failure.message };
}
