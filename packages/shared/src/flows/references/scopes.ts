import { PatternError, PatternReader, type Role } from './binding-patterns';
import { type TokenGroups, enclosingRange, skipGroup } from './token-groups';
import { type Token, isPunctuator } from './tokenize';

/** A name bound (and so shadowing any step of that name) over the token range `[from, to]`. */
export interface Shadow {
  readonly name: string;
  readonly from: number;
  readonly to: number;
}

const METHOD_MODIFIERS = new Set(['get', 'set', 'async', 'static']);
const NOT_AFTER_MODIFIER = new Set(['(', ':', ',', '}', '=']);

function isWord(token: Token | undefined, word: string): boolean {
  return token?.type === 'identifier' && token.value === word;
}

/**
 * Finds every name the expression binds and where it is visible, recording `binding`/`key`
 * roles in `roles`. Recognised: arrow parameters (`x =>`, `(a, {b, c: d}, [e], f = 1) =>`),
 * `function name(params) { }`, object methods `m(params) { }`, `catch (e) { }` and
 * `const`/`let`/`var` declarations (also in `for (...)` heads).
 *
 * Scopes are deliberately over-approximated: an arrow's parameters cover its parameter list and
 * body (a concise body ends at the next `,`, `;`, unmatched `:` or closing bracket); function and
 * method parameters cover their list and body; a declared name (and a function's own name)
 * covers the WHOLE enclosing bracketed region (block, parentheses, `${ }`), or the whole
 * expression at the top level; a `for (...)` / `catch (...)` binding also covers the statement or
 * block that follows. Throws `PatternError` when a parameter list or pattern cannot be read.
 */
export function findShadows(groups: TokenGroups, roles: Map<number, Role>): Shadow[] {
  const { tokens } = groups;
  const reader = new PatternReader(groups, roles);
  const shadows: Shadow[] = [];
  const shadow = (names: readonly number[], from: number, to: number): void => {
    for (const index of names) {
      shadows.push({ name: tokens[index]?.value ?? '', from, to });
    }
  };
  const closeOf = (open: number): number => groups.closeOf.get(open) ?? open;

  /** Reads `(params)` at `paren`; with a `{ body }` after it, shadows the params over both. */
  const readParameters = (paren: number): boolean => {
    const close = closeOf(paren);
    if (!isPunctuator(tokens[close + 1], '{')) {
      return false;
    }
    const names: number[] = [];
    reader.readElements(paren + 1, close, names);
    shadow(names, paren, closeOf(close + 1));
    return true;
  };

  /** The last token of an arrow body starting at `start`. */
  const arrowBodyEnd = (start: number): number => {
    if (isPunctuator(tokens[start], '{')) {
      return closeOf(start);
    }
    let questions = 0;
    let index = start;
    while (index < tokens.length) {
      const token = tokens[index];
      if (groups.openOf.has(index) || isPunctuator(token, ',') || isPunctuator(token, ';')) {
        break;
      }
      if (isPunctuator(token, '?')) {
        questions += 1;
      } else if (isPunctuator(token, ':')) {
        if (questions === 0) {
          break;
        }
        questions -= 1;
      }
      index = skipGroup(groups, index);
    }
    return index - 1;
  };

  /** The last token of the statement starting at `start` (a block, or up to `;`). */
  const statementEnd = (start: number): number => {
    if (isPunctuator(tokens[start], '{')) {
      return closeOf(start);
    }
    let index = start;
    while (index < tokens.length && !groups.openOf.has(index) && !isPunctuator(tokens[index], ';')) {
      index = skipGroup(groups, index);
    }
    return index - 1;
  };

  const readDeclaration = (keyword: number): void => {
    const names: number[] = [];
    let index = keyword + 1;
    for (;;) {
      index = reader.readPattern(index, names);
      if (isPunctuator(tokens[index], '=')) {
        index += 1;
        while (
          index < tokens.length &&
          !groups.openOf.has(index) &&
          !isPunctuator(tokens[index], ',') &&
          !isPunctuator(tokens[index], ';')
        ) {
          index = skipGroup(groups, index);
        }
      }
      if (!isPunctuator(tokens[index], ',')) {
        break;
      }
      index += 1;
    }
    const range = enclosingRange(groups, keyword);
    const group = groups.containing[keyword];
    const inForHead = group?.kind === 'paren' && isWord(tokens[group.open - 1], 'for');
    shadow(names, range.from, inForHead ? statementEnd(range.to + 1) : range.to);
  };

  const readFunction = (keyword: number): void => {
    let index = isPunctuator(tokens[keyword + 1], '*') ? keyword + 2 : keyword + 1;
    if (tokens[index]?.type === 'identifier') {
      roles.set(index, 'binding');
      const range = enclosingRange(groups, keyword);
      shadow([index], range.from, range.to);
      index += 1;
    }
    if (!isPunctuator(tokens[index], '(') || !readParameters(index)) {
      throw new PatternError('function without (parameters) { body }');
    }
  };

  const readArrow = (arrow: number): void => {
    const before = tokens[arrow - 1];
    const names: number[] = [];
    let from = arrow - 1;
    if (isPunctuator(before, ')')) {
      from = groups.openOf.get(arrow - 1) ?? arrow - 1;
      reader.readElements(from + 1, arrow - 1, names);
    } else {
      reader.readPattern(arrow - 1, names);
    }
    shadow(names, from, arrowBodyEnd(arrow + 1));
  };

  /** Object-literal methods: `m(a) { }`, `get m() { }`, `async *m(a) { }`, `[k](a) { }`. */
  const readMethod = (start: number): void => {
    if (!groups.containing[start]?.isObject) {
      return;
    }
    let index = start;
    while (
      tokens[index]?.type === 'identifier' &&
      METHOD_MODIFIERS.has(tokens[index]?.value ?? '') &&
      !NOT_AFTER_MODIFIER.has(tokens[index + 1]?.value ?? '')
    ) {
      roles.set(index, 'key');
      index += 1;
    }
    index = isPunctuator(tokens[index], '*') ? index + 1 : index;
    const key = index;
    const paren = isPunctuator(tokens[key], '[') ? skipGroup(groups, key) : key + 1;
    if (isPunctuator(tokens[paren], '(') && readParameters(paren) && tokens[key]?.type === 'identifier') {
      roles.set(key, 'key');
    }
  };

  /** A keyword token that is really a property name (`a.const`, `{const: 1}`) starts nothing. */
  const isKeyword = (index: number, ...words: string[]): boolean => {
    const token = tokens[index];
    if (token?.type !== 'identifier' || !words.includes(token.value)) {
      return false;
    }
    const before = tokens[index - 1];
    if (isPunctuator(before, '.') || isPunctuator(before, '?.') || roles.get(index) === 'key') {
      return false;
    }
    const inObject = groups.containing[index]?.isObject === true;
    return !(inObject && (isPunctuator(before, ',') || isPunctuator(before, '{')));
  };

  for (const [index, token] of tokens.entries()) {
    const group = groups.groupAt.get(index);
    if (group?.kind === 'brace' && group.isObject) {
      readMethod(index + 1);
    } else if (isPunctuator(token, ',') && groups.containing[index]?.isObject) {
      readMethod(index + 1);
    } else if (isPunctuator(token, '=>')) {
      readArrow(index);
    } else if (isKeyword(index, 'function')) {
      readFunction(index);
    } else if (isKeyword(index, 'const', 'let', 'var')) {
      readDeclaration(index);
    } else if (isKeyword(index, 'catch') && isPunctuator(tokens[index + 1], '(')) {
      const names: number[] = [];
      reader.readPattern(index + 2, names);
      shadow(names, index + 1, statementEnd(closeOf(index + 1) + 1));
    }
  }
  return shadows;
}
