import {
  IDENTIFIER,
  LexError,
  scanComment,
  scanNumber,
  scanRegex,
  scanString,
  scanTemplateText,
  stickyMatch,
} from './scanners';
import { KEYWORDS_BEFORE_EXPRESSION, RESERVED_WORDS, isDigit, isWhitespace, matchPunctuator } from './syntax';

/** What kind of lexeme a {@link Token} is. */
export type TokenType =
  'identifier' | 'private' | 'number' | 'string' | 'template' | 'regex' | 'punctuator' | 'comment';

/**
 * Which piece of a template literal a `template` token is: `full` (`` `a` ``), `head`
 * (`` `a${ ``), `middle` (`}b${`) or `tail` (`` }c` ``). The `${ }` contents are ordinary tokens.
 */
export type TemplatePart = 'full' | 'head' | 'middle' | 'tail';

/** One lexeme of an expression, with its `[start, end)` offsets in the scanned text. */
export interface Token {
  readonly type: TokenType;
  /** The raw source text of the token (`'a'` for a string keeps its quotes). */
  readonly value: string;
  readonly start: number;
  readonly end: number;
  /** Set for `template` tokens only. */
  readonly templatePart?: TemplatePart;
}

/**
 * The outcome of {@link tokenize}: the tokens (comments included) and where scanning stopped,
 * or the offset and reason of the first lexical error.
 */
export type TokenizeResult =
  | { readonly ok: true; readonly tokens: readonly Token[]; readonly end: number }
  | { readonly ok: false; readonly position: number; readonly reason: string };

/** Options of {@link tokenize}. */
export interface TokenizeOptions {
  /** Offset to start scanning at. Default `0`. */
  readonly start?: number;
  /**
   * Stop at the first `}}` that is outside every brace, string, template and comment (the end
   * of a `{{ }}` token); reaching the end of the text is then an error. Default `false`.
   */
  readonly stopAtDoubleBrace?: boolean;
}

/** Whether a `/` after `previous` (the last non-comment token) starts a regex literal. */
function regexAllowedAfter(previous: Token | undefined): boolean {
  if (previous === undefined) {
    return true;
  }
  switch (previous.type) {
    case 'identifier':
      return KEYWORDS_BEFORE_EXPRESSION.has(previous.value);
    case 'template':
      return previous.templatePart === 'head' || previous.templatePart === 'middle';
    case 'punctuator':
      return ![')', ']', '}', '++', '--'].includes(previous.value);
    default:
      return false;
  }
}

/**
 * Splits JavaScript source into tokens: identifiers (unicode, `$`), `#private` names, numbers
 * (hex/octal/binary, exponents, `_`, BigInt), strings with escapes, template literals with
 * nested `${ }`, regex literals (a `/` after an operator, `(`, `,`, a keyword or at the start),
 * comments and punctuators (`?.`, `=>`, `...`). Unicode escapes in identifiers are not supported
 * (reported as an error). Use it as the first step of every expression analysis; it never throws.
 *
 * @example
 * ```ts
 * tokenize("step_1['output'].x").ok; // true
 * ```
 */
export function tokenize(text: string, options: TokenizeOptions = {}): TokenizeResult {
  const tokens: Token[] = [];
  const braces: Array<'brace' | 'template'> = [];
  let previous: Token | undefined;
  let position = options.start ?? 0;
  const push = (type: TokenType, end: number, templatePart?: TemplatePart): void => {
    const token: Token = { type, value: text.slice(position, end), start: position, end };
    const withPart = templatePart === undefined ? token : { ...token, templatePart };
    tokens.push(withPart);
    if (type !== 'comment') {
      previous = withPart;
    }
    position = end;
  };
  const pushTemplate = (from: number, isStart: boolean): void => {
    const { end, closed } = scanTemplateText(text, from);
    if (!closed) {
      braces.push('template');
    }
    push('template', end, isStart ? (closed ? 'full' : 'head') : closed ? 'tail' : 'middle');
  };
  try {
    while (position < text.length) {
      const char = text[position];
      if (isWhitespace(char)) {
        position += 1;
      } else if (options.stopAtDoubleBrace && braces.length === 0 && text.startsWith('}}', position)) {
        return { ok: true, tokens, end: position };
      } else if (char === '/' && (text[position + 1] === '/' || text[position + 1] === '*')) {
        push('comment', scanComment(text, position));
      } else if (char === "'" || char === '"') {
        push('string', scanString(text, position));
      } else if (char === '`') {
        pushTemplate(position + 1, true);
      } else if (char === '}' && braces.at(-1) === 'template') {
        braces.pop();
        pushTemplate(position + 1, false);
      } else if (stickyMatch(IDENTIFIER, text, position) !== undefined) {
        push('identifier', position + (stickyMatch(IDENTIFIER, text, position) ?? '').length);
      } else if (char === '#' && stickyMatch(IDENTIFIER, text, position + 1) !== undefined) {
        push('private', position + 1 + (stickyMatch(IDENTIFIER, text, position + 1) ?? '').length);
      } else if (isDigit(char) || (char === '.' && isDigit(text[position + 1]))) {
        push('number', scanNumber(text, position));
      } else if (char === '/' && regexAllowedAfter(previous)) {
        push('regex', scanRegex(text, position));
      } else {
        const punctuator = matchPunctuator(text, position);
        if (punctuator === undefined) {
          throw new LexError(position, `unexpected character ${char ?? ''}`);
        }
        if (punctuator === '{') {
          braces.push('brace');
        } else if (punctuator === '}' && braces.pop() === undefined) {
          throw new LexError(position, 'unbalanced }');
        }
        push('punctuator', position + punctuator.length);
      }
    }
  } catch (error) {
    if (error instanceof LexError) {
      return { ok: false, position: error.position, reason: error.message };
    }
    throw error;
  }
  if (options.stopAtDoubleBrace) {
    return { ok: false, position, reason: 'no closing }}' };
  }
  if (braces.length > 0) {
    return { ok: false, position, reason: 'unclosed { or ${' };
  }
  return { ok: true, tokens, end: position };
}

/** Whether `token` is a word that can never name a step (`typeof`, `null`, `this`, ...). */
export function isReservedWord(token: Token | undefined): boolean {
  return token?.type === 'identifier' && RESERVED_WORDS.has(token.value);
}

/** Whether `token` is the punctuator `value`. Use it for readable token-stream checks. */
export function isPunctuator(token: Token | undefined, value: string): boolean {
  return token?.type === 'punctuator' && token.value === value;
}
