import { isDigit, isLineTerminator } from './syntax';

/*
 * The scanners of single lexemes used by `tokenize`: each takes the text and the offset where
 * the lexeme starts and returns the offset just after it, throwing a LexError when it is cut off.
 */

/** A whole identifier, matched sticky (set `lastIndex`). */
export const IDENTIFIER = /[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*/uy;
const REGEX_FLAGS = /[\p{ID_Continue}$]*/uy;
const HEX_LIKE_DIGITS = /[0-9a-zA-Z_]*/y;
const DECIMAL_DIGITS = /[0-9_]*/y;

/** A lexical error at `position`; thrown by the scanners, turned into a result by `tokenize`. */
export class LexError extends Error {
  constructor(
    readonly position: number,
    reason: string,
  ) {
    super(reason);
  }
}

/** The match of a sticky `pattern` at exactly `position`, or `undefined`. */
export function stickyMatch(pattern: RegExp, text: string, position: number): string | undefined {
  pattern.lastIndex = position;
  return pattern.exec(text)?.[0];
}

/** The end of the quoted string starting at `start`; throws {@link LexError} if unterminated. */
export function scanString(text: string, start: number): number {
  const quote = text[start];
  let position = start + 1;
  while (position < text.length) {
    const char = text[position];
    if (char === quote) {
      return position + 1;
    }
    if (char === '\\') {
      position += text[position + 1] === '\r' && text[position + 2] === '\n' ? 3 : 2;
      continue;
    }
    if (char === '\n' || char === '\r') {
      break;
    }
    position += 1;
  }
  throw new LexError(start, 'unterminated string literal');
}

/**
 * Scans template text from `start` (just after `` ` `` or `}`) to the closing `` ` `` (`closed`)
 * or to a `${` (not closed: a substitution follows).
 */
export function scanTemplateText(text: string, start: number): { end: number; closed: boolean } {
  let position = start;
  while (position < text.length) {
    const char = text[position];
    if (char === '\\') {
      position += 2;
    } else if (char === '`') {
      return { end: position + 1, closed: true };
    } else if (char === '$' && text[position + 1] === '{') {
      return { end: position + 2, closed: false };
    } else {
      position += 1;
    }
  }
  throw new LexError(start, 'unterminated template literal');
}

/** The end of the regex literal (flags included) starting at `start`. */
export function scanRegex(text: string, start: number): number {
  let position = start + 1;
  let inClass = false;
  while (position < text.length && !isLineTerminator(text[position])) {
    const char = text[position];
    if (char === '\\') {
      position += 2;
      continue;
    }
    if (char === '[') {
      inClass = true;
    } else if (char === ']') {
      inClass = false;
    } else if (char === '/' && !inClass) {
      return position + 1 + (stickyMatch(REGEX_FLAGS, text, position + 1) ?? '').length;
    }
    position += 1;
  }
  throw new LexError(start, 'unterminated regular expression');
}

/** The end of the numeric literal starting at `start` (hex/octal/binary, `.5`, exponents, `_`, `n`). */
export function scanNumber(text: string, start: number): number {
  let position = start;
  if (text[position] === '0' && /[xXoObB]/.test(text[position + 1] ?? '')) {
    position += 2;
    return position + (stickyMatch(HEX_LIKE_DIGITS, text, position) ?? '').length;
  }
  position += (stickyMatch(DECIMAL_DIGITS, text, position) ?? '').length;
  if (text[position] === '.') {
    position += 1;
    position += (stickyMatch(DECIMAL_DIGITS, text, position) ?? '').length;
  }
  if (text[position] === 'e' || text[position] === 'E') {
    const sign = text[position + 1] === '+' || text[position + 1] === '-' ? 1 : 0;
    if (isDigit(text[position + 1 + sign])) {
      position += 1 + sign;
      position += (stickyMatch(DECIMAL_DIGITS, text, position) ?? '').length;
    }
  }
  return text[position] === 'n' ? position + 1 : position;
}

/** The end of the line comment or block comment starting at `start`. */
export function scanComment(text: string, start: number): number {
  if (text[start + 1] === '/') {
    let position = start + 2;
    while (position < text.length && !isLineTerminator(text[position])) {
      position += 1;
    }
    return position;
  }
  const close = text.indexOf('*/', start + 2);
  if (close < 0) {
    throw new LexError(start, 'unterminated comment');
  }
  return close + 2;
}
