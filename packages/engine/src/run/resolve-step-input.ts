import {
  findConnectionReferences,
  resolveValue,
  resolveValueWithLog,
  SandboxLimitError,
  type ResolutionScope,
} from '../expressions';
import { messageOf, type AttemptOutcome } from './attempt-outcome';
import type { RunContext } from './run-context';
import type { StepScope } from './step-scope';

/** A resolved input and its logged form, or why it could not be resolved. */
export type InputResolution =
  | { ok: true; value: Record<string, unknown>; logged: unknown }
  | { ok: false; outcome: Extract<AttemptOutcome, { status: 'FAILED' | 'LIMIT' }> };

/**
 * Resolves the `{{ }}` references of a step's settings value against the scope. Connections it
 * reads are fetched from the host first (a missing one fails the step, naming it); the logged
 * form shows `**REDACTED**` where a connection was read. A sandbox limit (TIMEOUT, memory) while
 * evaluating ends the run; any other problem fails the step.
 */
export async function resolveStepInput<T>(
  context: RunContext,
  value: T,
  scope: StepScope,
): Promise<{ ok: true; value: T; logged: unknown } | Extract<InputResolution, { ok: false }>> {
  try {
    const connectionNames = findConnectionReferences(value);
    const connections: Record<string, unknown> = Object.create(null);
    for (const name of connectionNames) {
      const connection = await context.host.connections.get(name);
      if (connection === null || connection === undefined) {
        return { ok: false, outcome: { status: 'FAILED', message: `Connection '${name}' was not found` } };
      }
      connections[name] = connection;
    }
    const resolutionScope = scopeWithConnections(scope, connectionNames.size > 0 ? connections : undefined);
    const evaluate = (expression: string, subset: Readonly<Record<string, unknown>>) =>
      context.requireSandbox().evaluateExpression(expression, subset);
    if (connectionNames.size === 0) {
      const resolved = resolveValue(value, resolutionScope, evaluate) as T;
      return { ok: true, value: resolved, logged: resolved };
    }
    const both = resolveValueWithLog(value, resolutionScope, evaluate);
    return { ok: true, value: both.value as T, logged: both.logged };
  } catch (error) {
    if (error instanceof SandboxLimitError) {
      return { ok: false, outcome: { status: 'LIMIT', runStatus: error.kind, message: error.message } };
    }
    return { ok: false, outcome: { status: 'FAILED', message: messageOf(error) } };
  }
}

function scopeWithConnections(
  scope: StepScope,
  connections: Record<string, unknown> | undefined,
): ResolutionScope {
  return {
    get: (name) => (name === 'connections' && connections ? connections : scope.get(name)),
    has: (name) => (name === 'connections' && connections !== undefined) || scope.has(name),
    names: () => scope.names(),
  };
}
