import type { CodeStep } from '@piecework/shared';
import type { RunContext } from '../run/run-context';
import type { SandboxOutcome } from '../sandbox/sandbox';
import type { AttemptOutcome } from '../run/attempt-outcome';
import { codeBundle, codeNeeds } from './code-bundle';
import { whileRunLasts } from './while-run-lasts';

/**
 * One attempt of a CODE step: its source runs in the run's QuickJS sandbox with the resolved
 * input; the value `code` returns is the output, a throw fails the step with its message. A step
 * whose `package.json` declares dependencies runs as the bundle the host's code bundler makes
 * (awaited for no longer than the run lasts); one without runs as written, with no host call.
 */
export async function attemptCodeStep(
  context: RunContext,
  step: CodeStep,
  input: Record<string, unknown>,
): Promise<AttemptOutcome> {
  const { sourceCode } = step.settings;
  const needs = codeNeeds(sourceCode.packageJson);
  switch (needs.kind) {
    case 'PLAIN':
      return outcomeOf(await context.requireSandbox().runCode(sourceCode.code, input));
    case 'REFUSED':
      return { status: 'FAILED', message: needs.message };
    case 'BUNDLE': {
      const called = await whileRunLasts(context, () => codeBundle(context.host, sourceCode));
      if (!called.ok) return called.outcome;
      if (!called.value.ok) return { status: 'FAILED', message: called.value.message };
      const sandbox = context.requireSandbox();
      return outcomeOf(await sandbox.runCode(called.value.bundle, input, { bundled: true }));
    }
    default:
      return assertNever(needs);
  }
}

function outcomeOf(outcome: SandboxOutcome): AttemptOutcome {
  if (outcome.ok) return { status: 'SUCCEEDED', output: outcome.value };
  const { failure } = outcome;
  if (failure.kind === 'ERROR') return { status: 'FAILED', message: failure.message };
  return { status: 'LIMIT', runStatus: failure.kind, message: failure.message };
}

function assertNever(value: never): never {
  throw new Error(`Unknown code step need ${JSON.stringify(value)}`);
}
