import { PatternError, type Role } from './binding-patterns';
import { findShadows } from './scopes';
import { type TokenGroups, buildTokenGroups } from './token-groups';
import { type Token, isPunctuator, isReservedWord, tokenize } from './tokenize';

/** One free variable reference in an expression, with its offsets in the expression text. */
export interface FreeReference {
  readonly name: string;
  readonly start: number;
  readonly end: number;
  /** Index of the identifier in {@link ExpressionAnalysis.tokens}. */
  readonly tokenIndex: number;
  /** `{name}` in an object literal: a key and a reference at once. */
  readonly shorthand: boolean;
}

/** What {@link analyzeExpression} learns about an expression. */
export interface ExpressionAnalysis {
  /** The expression's tokens without comments. */
  readonly tokens: readonly Token[];
  /** Every free (unshadowed, non-property, non-key) identifier reference, in source order. */
  readonly references: readonly FreeReference[];
}

const ENDS_ALLOWED = new Set([')', ']', '}', '++', '--']);

/** Member access must name something: `a.` / `a.(` / `a?.+` make the expression unparseable. */
function hasBrokenMemberAccess(tokens: readonly Token[]): boolean {
  return tokens.some((token, index) => {
    const next = tokens[index + 1];
    const isName = next?.type === 'identifier' || next?.type === 'private';
    if (isPunctuator(token, '.')) {
      return !isName;
    }
    if (isPunctuator(token, '?.')) {
      return !isName && !isPunctuator(next, '(') && !isPunctuator(next, '[');
    }
    return false;
  });
}

function endsWithOperator(tokens: readonly Token[]): boolean {
  const last = tokens.at(-1);
  return last?.type === 'punctuator' && !ENDS_ALLOWED.has(last.value);
}

/** The role of an identifier the binding pass left unclassified. */
function classify(groups: TokenGroups, index: number): Role {
  const { tokens } = groups;
  const before = tokens[index - 1];
  if (isPunctuator(before, '.') || isPunctuator(before, '?.')) {
    return 'property';
  }
  if (isReservedWord(tokens[index])) {
    return 'keyword';
  }
  const group = groups.containing[index];
  if (group?.isObject && (isPunctuator(before, ',') || index - 1 === group.open)) {
    const next = tokens[index + 1];
    if (isPunctuator(next, ',') || index + 1 === group.close) {
      return 'shorthand';
    }
    // `a: 1`, `m() {}` and the assignment-pattern default `{a = 1}` are all keys, not uses.
    return 'key';
  }
  return 'reference';
}

/**
 * Reads a `{{ }}` expression (the text between the braces) and finds its free identifier
 * references: not property names (`a.x`), not object keys (`{x: 1}`, but `{x}` is a reference),
 * not in strings, regexes, comments or template text (but inside `${ }`), not bound by an
 * enclosing arrow/function/method parameter, `catch` or `const`/`let`/`var` (see `findShadows`
 * for the scope over-approximation). Returns `undefined` when the expression is unparseable:
 * a lexical error, unbalanced brackets, a dangling `.`/`?.`, a trailing operator or an unreadable
 * parameter list. It is a light reading, not a full parse: some invalid expressions pass.
 *
 * Use it for every rewrite or dependency question about one expression.
 */
export function analyzeExpression(expression: string): ExpressionAnalysis | undefined {
  const lexed = tokenize(expression);
  if (!lexed.ok) {
    return undefined;
  }
  const tokens = lexed.tokens.filter((token) => token.type !== 'comment');
  const groups = buildTokenGroups(tokens);
  if (groups === undefined || hasBrokenMemberAccess(tokens) || endsWithOperator(tokens)) {
    return undefined;
  }
  const roles = new Map<number, Role>();
  let shadows;
  try {
    shadows = findShadows(groups, roles);
  } catch (error) {
    if (error instanceof PatternError) {
      return undefined;
    }
    throw error;
  }
  const references: FreeReference[] = [];
  for (const [index, token] of tokens.entries()) {
    if (token.type !== 'identifier') {
      continue;
    }
    const role = roles.get(index) ?? classify(groups, index);
    if (role !== 'reference' && role !== 'shorthand') {
      continue;
    }
    const shadowed = shadows.some((s) => s.name === token.value && s.from <= index && index <= s.to);
    if (!shadowed) {
      references.push({
        name: token.value,
        start: token.start,
        end: token.end,
        tokenIndex: index,
        shorthand: role === 'shorthand',
      });
    }
  }
  return { tokens, references };
}
