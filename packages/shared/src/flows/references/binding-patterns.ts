import { type TokenGroups, skipGroup } from './token-groups';
import { isPunctuator, isReservedWord } from './tokenize';

/**
 * What an identifier token is in its expression: a `binding` (a parameter or declared name), an
 * object-literal or pattern `key`, a `property` after `.`/`?.`, a `keyword`, a `reference` to a
 * variable, or a `shorthand` property (`{a}`: both a key and a reference).
 */
export type Role = 'binding' | 'key' | 'property' | 'keyword' | 'reference' | 'shorthand';

/** Thrown (and caught inside this folder) when a binding pattern cannot be read. */
export class PatternError extends Error {}

/**
 * Reads binding patterns (`a`, `{a, b: c, d = 1, ...e}`, `[a, , b = 2, ...c]`) in a token
 * stream, recording the role of each bound name (`binding`) and pattern key (`key`). Default
 * values are stepped over; their tokens are classified later like any other expression.
 */
export class PatternReader {
  constructor(
    private readonly groups: TokenGroups,
    private readonly roles: Map<number, Role>,
  ) {}

  /**
   * Reads one pattern starting at token `index`, appends the indices of the names it binds to
   * `names`, and returns the index just after it. Throws {@link PatternError} on anything else.
   */
  readPattern(index: number, names: number[]): number {
    const token = this.groups.tokens[index];
    if (token?.type === 'identifier' && !isReservedWord(token)) {
      this.roles.set(index, 'binding');
      names.push(index);
      return index + 1;
    }
    if (isPunctuator(token, '[')) {
      return this.readElements(index + 1, this.closeOf(index), names) + 1;
    }
    if (isPunctuator(token, '{')) {
      return this.readObjectPattern(index, names);
    }
    throw new PatternError(`not a binding pattern at token ${index}`);
  }

  /**
   * Reads a comma-separated list of patterns with optional defaults and rest elements (an array
   * pattern's or a parameter list's contents) from `from` up to the closer at `close`; returns
   * `close`. Empty elements (`[a, , b]`, trailing commas) are accepted.
   */
  readElements(from: number, close: number, names: number[]): number {
    let index = from;
    while (index < close) {
      if (isPunctuator(this.groups.tokens[index], ',')) {
        index += 1;
        continue;
      }
      const isRest = isPunctuator(this.groups.tokens[index], '...');
      index = this.readPattern(isRest ? index + 1 : index, names);
      index = this.skipDefault(index, close);
      this.expectSeparator(index, close);
    }
    return close;
  }

  private readObjectPattern(open: number, names: number[]): number {
    const { tokens } = this.groups;
    const close = this.closeOf(open);
    let index = open + 1;
    while (index < close) {
      const token = tokens[index];
      if (isPunctuator(token, ',')) {
        index += 1;
        continue;
      }
      if (isPunctuator(token, '...')) {
        index = this.readPattern(index + 1, names);
      } else if (isPunctuator(token, '[')) {
        index = skipGroup(this.groups, index);
        if (!isPunctuator(tokens[index], ':')) {
          throw new PatternError('computed key without a value pattern');
        }
        index = this.readPattern(index + 1, names);
      } else if (isPunctuator(tokens[index + 1], ':')) {
        if (token?.type === 'identifier') {
          this.roles.set(index, 'key');
        } else if (token?.type !== 'string' && token?.type !== 'number') {
          throw new PatternError('bad key in object pattern');
        }
        index = this.readPattern(index + 2, names);
      } else {
        index = this.readPattern(index, names);
      }
      index = this.skipDefault(index, close);
      this.expectSeparator(index, close);
    }
    return close + 1;
  }

  /** Steps over `= default` (to the next `,` or `close` at this level) when there is one. */
  private skipDefault(index: number, close: number): number {
    if (!isPunctuator(this.groups.tokens[index], '=')) {
      return index;
    }
    let position = index + 1;
    while (position < close && !isPunctuator(this.groups.tokens[position], ',')) {
      position = skipGroup(this.groups, position);
    }
    return position;
  }

  private expectSeparator(index: number, close: number): void {
    if (index !== close && !isPunctuator(this.groups.tokens[index], ',')) {
      throw new PatternError(`expected , in pattern at token ${index}`);
    }
  }

  private closeOf(open: number): number {
    const close = this.groups.closeOf.get(open);
    if (close === undefined) {
      throw new PatternError(`unmatched bracket at token ${open}`);
    }
    return close;
  }
}
