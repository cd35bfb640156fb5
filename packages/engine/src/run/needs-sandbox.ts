import { findTemplateTokens, getAllSteps, type FlowVersion } from '@piecework/shared';
import { parsePlainPath } from '../expressions';

/**
 * Whether running this version needs QuickJS: it has a code step, or a `{{ }}` expression that
 * is more than a plain path. Flows of pieces and plain references never load the sandbox.
 */
export function needsSandbox(version: FlowVersion): boolean {
  let known = decided.get(version);
  if (known === undefined) {
    known = scan(version);
    decided.set(version, known);
  }
  return known;
}

/** Versions already scanned (a version is never edited in place: operations make new ones). */
const decided = new WeakMap<FlowVersion, boolean>();

function scan(version: FlowVersion): boolean {
  for (const step of getAllSteps(version.trigger)) {
    if (step.type === 'CODE' && !step.skip) return true;
    if (hasComplexExpression(step.settings)) return true;
  }
  return false;
}

function hasComplexExpression(value: unknown): boolean {
  if (typeof value === 'string') {
    return findTemplateTokens(value).some((token) => parsePlainPath(token.expression) === null);
  }
  if (Array.isArray(value)) return value.some(hasComplexExpression);
  if (value !== null && typeof value === 'object') return Object.values(value).some(hasComplexExpression);
  return false;
}
