import { type Token, isPunctuator } from './tokenize';

/** What brackets a {@link Group}: `( )`, `[ ]`, `{ }` or the `${ }` of a template literal. */
export type GroupKind = 'paren' | 'bracket' | 'brace' | 'template';

/** A bracketed region of the token stream: token indices of its opener and closer. */
export interface Group {
  readonly kind: GroupKind;
  readonly open: number;
  readonly close: number;
  /** The innermost group around this one, `undefined` at the top level. */
  readonly parent: Group | undefined;
  /** For braces: an object literal (`true`) or a block / function body (`false`). */
  readonly isObject: boolean;
}

/**
 * The bracket structure of a token stream (comments removed): which token closes which, and the
 * innermost group around every token. Build it with {@link buildTokenGroups}.
 */
export interface TokenGroups {
  readonly tokens: readonly Token[];
  /** For an opener (also a template `middle`), the index of its closer. */
  readonly closeOf: ReadonlyMap<number, number>;
  /** For a closer (also a template `middle`), the index of its opener. */
  readonly openOf: ReadonlyMap<number, number>;
  /** For every token, the innermost group strictly around it (openers/closers: the outer one). */
  readonly containing: ReadonlyArray<Group | undefined>;
  /** For a group opener (also a template `middle`), its group. */
  readonly groupAt: ReadonlyMap<number, Group>;
}

const OPENERS: Readonly<Record<string, GroupKind>> = { '(': 'paren', '[': 'bracket', '{': 'brace' };
const CLOSERS: Readonly<Record<string, GroupKind>> = { ')': 'paren', ']': 'bracket', '}': 'brace' };
const BLOCK_KEYWORDS = new Set(['else', 'try', 'finally', 'do']);

function openerKind(token: Token): GroupKind | undefined {
  if (token.type === 'template') {
    return token.templatePart === 'head' || token.templatePart === 'middle' ? 'template' : undefined;
  }
  return token.type === 'punctuator' ? OPENERS[token.value] : undefined;
}

function closerKind(token: Token): GroupKind | undefined {
  if (token.type === 'template') {
    return token.templatePart === 'middle' || token.templatePart === 'tail' ? 'template' : undefined;
  }
  return token.type === 'punctuator' ? CLOSERS[token.value] : undefined;
}

/**
 * Whether the brace opening at `index` is an object literal. It is a block after `=>`, `)`
 * (function bodies, `if (...)`), `else`/`try`/`finally`/`do`, `;`, and after `{`/`}` in a block;
 * otherwise (start of the expression, after an operator, `(`, `,`, `:`, `?`, `${`) an object.
 */
function isObjectBrace(tokens: readonly Token[], index: number, parent: Group | undefined): boolean {
  const previous = tokens[index - 1];
  if (previous === undefined) {
    return true;
  }
  if (isPunctuator(previous, '=>') || isPunctuator(previous, ')') || isPunctuator(previous, ';')) {
    return false;
  }
  if (previous.type === 'identifier' && BLOCK_KEYWORDS.has(previous.value)) {
    return false;
  }
  if (isPunctuator(previous, '{') || isPunctuator(previous, '}')) {
    return parent === undefined || parent.kind !== 'brace' ? true : parent.isObject;
  }
  return true;
}

interface OpenGroup {
  kind: GroupKind;
  open: number;
  parent: Group | undefined;
  isObject: boolean;
  close: number;
}

/**
 * Matches the brackets of `tokens` (comments must already be removed) and classifies braces as
 * object literals or blocks. Returns `undefined` when the brackets do not balance or nest
 * properly (`(]`, a missing `)`): such an expression is treated as unparseable.
 */
export function buildTokenGroups(tokens: readonly Token[]): TokenGroups | undefined {
  const closeOf = new Map<number, number>();
  const openOf = new Map<number, number>();
  const groupAt = new Map<number, Group>();
  const containing: Array<Group | undefined> = [];
  const stack: OpenGroup[] = [];
  for (const [index, token] of tokens.entries()) {
    const closes = closerKind(token);
    if (closes !== undefined) {
      const group = stack.pop();
      if (group === undefined || group.kind !== closes) {
        return undefined;
      }
      group.close = index;
      closeOf.set(group.open, index);
      openOf.set(index, group.open);
    }
    const parent: Group | undefined = stack.at(-1);
    containing.push(parent);
    const opens = openerKind(token);
    if (opens !== undefined) {
      const group: OpenGroup = {
        kind: opens,
        open: index,
        parent,
        isObject: opens === 'brace' && isObjectBrace(tokens, index, parent),
        close: -1,
      };
      stack.push(group);
      groupAt.set(index, group);
    }
  }
  if (stack.length > 0) {
    return undefined;
  }
  return { tokens, closeOf, openOf, containing, groupAt };
}

/**
 * The index just after the group opening at `index` (following a template literal through all
 * its `${ }` parts), or `index + 1` when `index` opens nothing. Use it to step over nested code.
 */
export function skipGroup(groups: TokenGroups, index: number): number {
  let position = index;
  for (let next = groups.closeOf.get(position); next !== undefined; next = groups.closeOf.get(position)) {
    position = next;
  }
  return position + 1;
}

/**
 * The token range `[from, to]` of the group around `index` (its brackets included), or the
 * whole stream at the top level. Use it as the default extent of a declaration's scope.
 */
export function enclosingRange(groups: TokenGroups, index: number): { from: number; to: number } {
  const group = groups.containing[index];
  return group === undefined
    ? { from: 0, to: groups.tokens.length - 1 }
    : { from: group.open, to: group.close };
}
