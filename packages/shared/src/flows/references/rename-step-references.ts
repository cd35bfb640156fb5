import { analyzeExpression } from './analyze-expression';
import { applyEdits, type TextEdit } from './edits';
import { mapTemplateExpressions } from './template-tokens';

/**
 * Renames step references inside the `{{ }}` tokens of `text`: every FREE identifier equal to
 * an old name becomes the new name (whole identifiers only: renaming `step_1` leaves `step_10`
 * alone). Property names, object keys, strings, template text, `connections[...]` and names
 * shadowed by parameters or declarations are untouched; a shorthand `{step_1}` becomes
 * `{step_1: step_3}` so the object keeps its key. Unparseable expressions and text outside the
 * tokens are left as they are.
 *
 * Use it when DUPLICATE_ACTION / DUPLICATE_BRANCH give the copied steps fresh names.
 *
 * @example
 * ```ts
 * renameStepReferences("{{step_1['output'].x}}", new Map([['step_1', 'step_3']]));
 * // "{{step_3['output'].x}}"
 * ```
 */
export function renameStepReferences(text: string, renames: ReadonlyMap<string, string>): string {
  if (renames.size === 0) {
    return text;
  }
  return mapTemplateExpressions(text, (expression) => {
    const analysis = analyzeExpression(expression);
    if (analysis === undefined) {
      return expression;
    }
    const edits: TextEdit[] = [];
    for (const reference of analysis.references) {
      const renamed = renames.get(reference.name);
      if (renamed === undefined || renamed === reference.name) {
        continue;
      }
      edits.push(
        reference.shorthand
          ? { start: reference.end, end: reference.end, text: `: ${renamed}` }
          : { start: reference.start, end: reference.end, text: renamed },
      );
    }
    return applyEdits(expression, edits);
  });
}
