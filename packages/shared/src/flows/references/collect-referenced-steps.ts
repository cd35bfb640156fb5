import { analyzeExpression } from './analyze-expression';
import { findTemplateTokens } from './template-tokens';

/**
 * The step names (out of `stepNames`) that the `{{ }}` tokens of `text` use as free
 * identifiers, under the same rules as `renameStepReferences`: property names, keys,
 * strings, `connections['step_1']` and shadowed names do not count. Unparseable expressions
 * contribute nothing.
 *
 * Use it to check that a step only refers to steps that exist (and run before it), and for the
 * engine to know a step's dependencies.
 *
 * @example
 * ```ts
 * collectReferencedSteps("{{step_1['output'].x}} {{ 'step_2' }}", new Set(['step_1', 'step_2']));
 * // Set { 'step_1' }
 * ```
 */
export function collectReferencedSteps(text: string, stepNames: ReadonlySet<string>): Set<string> {
  const used = new Set<string>();
  for (const token of findTemplateTokens(text)) {
    for (const reference of analyzeExpression(token.expression)?.references ?? []) {
      if (stepNames.has(reference.name)) {
        used.add(reference.name);
      }
    }
  }
  return used;
}
