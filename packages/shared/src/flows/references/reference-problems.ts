import type { StepProblem } from '../validation-issue';
import { analyzeExpression } from './analyze-expression';
import { findTemplateTokens } from './template-tokens';
import { isPunctuator, type Token } from './tokenize';
import { isFollowedByNestedKey, upgradeToNestedDialect } from './upgrade-to-nested-dialect';

/** Where a step's references are read: what is in scope there, and the version's step order. */
export interface ReferenceScope {
  /** Names that have run (or are the enclosing loop) wherever this step runs. */
  readonly inScope: { has(name: string): boolean };
  /** Every step name of the version (the trigger included) to its place in execution order. */
  readonly order: ReadonlyMap<string, number>;
  /** This step's place in {@link order}. */
  readonly position: number;
}

/** One free identifier of an expression and whether it reads `['output']` / `['error']`. */
interface ReadName {
  readonly name: string;
  readonly nested: boolean;
}

/** An expression's free identifiers, or `undefined` when it cannot be parsed. */
type ExpressionReads = readonly ReadName[] | undefined;

const MEMO_LIMIT = 10_000;
const memo = new Map<string, ExpressionReads>();
const STEP_LIKE = /^step_\d+$/;
const SHOWN_EXPRESSION_MAX = 200;

/** Whether the identifier at `index` is followed by `.output` / `?.error` (the NESTED fields). */
function isFollowedByNestedField(tokens: readonly Token[], index: number): boolean {
  const dot = tokens[index + 1];
  const field = tokens[index + 2];
  return (
    (isPunctuator(dot, '.') || isPunctuator(dot, '?.')) &&
    field?.type === 'identifier' &&
    (field.value === 'output' || field.value === 'error')
  );
}

/** The `{{ }}` expressions of one string with what each reads, memoised per string. */
const textMemo = new Map<string, readonly { expression: string; reads: ExpressionReads }[]>();

function expressionsOf(text: string): readonly { expression: string; reads: ExpressionReads }[] {
  const known = textMemo.get(text);
  if (known) return known;
  const found = findTemplateTokens(text).map(({ expression }) => ({
    expression,
    reads: readsOf(expression),
  }));
  if (textMemo.size >= MEMO_LIMIT) textMemo.clear();
  textMemo.set(text, found);
  return found;
}

/** The free identifiers of one expression, memoised (flows are saved again and again unchanged). */
function readsOf(expression: string): ExpressionReads {
  if (memo.has(expression)) return memo.get(expression);
  const analysis = analyzeExpression(expression);
  const reads = analysis?.references.map((reference) => ({
    name: reference.name,
    nested:
      !reference.shorthand &&
      (isFollowedByNestedKey(analysis.tokens, reference.tokenIndex) ||
        isFollowedByNestedField(analysis.tokens, reference.tokenIndex)),
  }));
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(expression, reads);
  return reads;
}

function shown(expression: string): string {
  const trimmed = expression.trim();
  return trimmed.length > SHOWN_EXPRESSION_MAX ? `${trimmed.slice(0, SHOWN_EXPRESSION_MAX)}...` : trimmed;
}

const suggestions = new Map<string, string>();

/** `{{expression}}` with `['output']` added after `name` (memoised: flows are saved unchanged). */
function suggestionFor(expression: string, name: string): string {
  const key = `${name}\u0000${expression}`;
  let suggestion = suggestions.get(key);
  if (suggestion === undefined) {
    const upgraded = upgradeToNestedDialect(`{{${expression}}}`, new Set([name])).slice(2, -2);
    suggestion = `{{${shown(upgraded)}}}`;
    if (suggestions.size >= MEMO_LIMIT) suggestions.clear();
    suggestions.set(key, suggestion);
  }
  return suggestion;
}

function problemOf(read: ReadName, expression: string, scope: ReferenceScope): StepProblem | undefined {
  const { name } = read;
  const token = `{{${shown(expression)}}}`;
  const where = scope.order.get(name);
  if (where === undefined) {
    return {
      code: 'REFERENCE_UNKNOWN_STEP',
      message: `${token} reads ${name}, which is not a step of this flow, so it would always be empty: reference a step that runs before this one`,
      params: { reference: name, expression: shown(expression) },
    };
  }
  if (!scope.inScope.has(name)) {
    const why =
      where >= scope.position
        ? 'which does not run before this step'
        : 'which is inside a loop or in a router branch that does not lead to this step';
    return {
      code: 'REFERENCE_NOT_IN_SCOPE',
      message: `${token} reads ${name}, ${why}, so it would be empty: reference a step that runs before this one`,
      params: { reference: name, expression: shown(expression) },
    };
  }
  if (read.nested) return undefined;
  const suggestion = suggestionFor(expression, name);
  return {
    code: 'REFERENCE_MISSING_OUTPUT',
    message: `${token} reads ${name} without ['output'] or ['error'], so it would be empty: write ${suggestion} instead`,
    params: { reference: name, expression: shown(expression), suggestion },
  };
}

/**
 * The problems of the `{{ }}` references in `text`, read where a step runs (`scope`): an
 * expression that cannot be parsed; a step name (a name of the version, or any `step_N`) that is
 * not a step, does not run before this step on its path, or is read without `['output']` /
 * `['error']` (NESTED dialect: `{{step_1['output'].x}}`, `{{trigger['output'].body}}`; the
 * `.output` / `.error` spelling reads the same). Other identifiers (`Math`, `JSON`, parameters),
 * property names, strings and `connections` are not steps and pass. Each message says what to
 * write instead.
 *
 * Use it through `validateFlowVersion`, which gives each step its scope.
 */
export function findReferenceProblems(text: string, scope: ReferenceScope): StepProblem[] {
  if (!text.includes('{{')) return [];
  const problems: StepProblem[] = [];
  for (const { expression, reads } of expressionsOf(text)) {
    if (reads === undefined) {
      problems.push({
        code: 'REFERENCE_UNPARSEABLE',
        message: `{{${shown(expression)}}} is not a valid expression, so it would always be empty`,
        params: { expression: shown(expression) },
      });
      continue;
    }
    for (const read of reads) {
      if (read.name === 'connections' || !(scope.order.has(read.name) || STEP_LIKE.test(read.name))) continue;
      const problem = problemOf(read, expression, scope);
      if (problem) problems.push(problem);
    }
  }
  return problems;
}
