import { describe, expect, it } from 'vitest';
import { findTemplateTokens, mapTemplateExpressions } from './template-tokens';

/** The expressions of the tokens of `text`, for compact expectations. */
const expressions = (text: string): string[] => findTemplateTokens(text).map((token) => token.expression);

describe('findTemplateTokens', () => {
  it.each([
    ['no braces at all', 'plain text', []],
    ['one token', '{{step_1.x}}', ['step_1.x']],
    ['whitespace kept', "{{ step_1['output'].x }}", [" step_1['output'].x "]],
    ['several tokens and text around them', 'a {{x}} b {{ y }} c', ['x', ' y ']],
    ['an object literal with its own braces', '{{ {a: 1}.a }}', [' {a: 1}.a ']],
    ['nested object literals ending right at the braces', '{{{a:{b:1}}}}', ['{a:{b:1}}']],
    ['}} inside a string', "{{ '}}' }}", [" '}}' "]],
    ['}} inside a double-quoted string', '{{ "a}}b" + x }}', [' "a}}b" + x ']],
    ['}} inside template text', '{{ `}}${x}` }}', [' `}}${x}` ']],
    ['braces inside ${ }', '{{ `${ {a: 1}.a }` }}', [' `${ {a: 1}.a }` ']],
    ['}} inside a regex', '{{ /}}/.test(x) }}', [' /}}/.test(x) ']],
    ['}} inside a block comment', '{{ x /* }} */ }}', [' x /* }} */ ']],
    ['an unterminated {{ is not a token', 'a {{ x', []],
    ['an unterminated {{ after a token', '{{ x }} {{ y', [' x ']],
    ['an unscannable expression ends at the first }}', "{{ it's }} {{ y }}", [" it's ", ' y ']],
    ['a stray } ends at the first }}', '{{ a } b }}', [' a } b ']],
    ['an empty token', '{{}}', ['']],
    ['a third brace stays outside', '{{ x }}}', [' x ']],
  ])('%s', (_, text, expected) => {
    expect(expressions(text)).toEqual(expected);
  });

  it('reports offsets of the whole token', () => {
    const text = "Hi {{ trigger['output'].name }}!";
    expect(findTemplateTokens(text)).toMatchInlineSnapshot(`
      [
        {
          "end": 31,
          "expression": " trigger['output'].name ",
          "start": 3,
        },
      ]
    `);
    expect(text.slice(3, 31)).toBe("{{ trigger['output'].name }}");
  });
});

describe('mapTemplateExpressions', () => {
  it.each([
    ['rewrites each expression, keeps the text', 'a {{ x }} b {{y}} c', 'a {{ X }} b {{Y}} c'],
    ['leaves text without tokens alone', 'a { x } b', 'a { x } b'],
    ['keeps an unterminated {{ as text', 'a {{ x }} {{ y', 'a {{ X }} {{ y'],
    ['keeps braces inside the expression', "{{ {a: 'x'} }}", "{{ {A: 'X'} }}"],
  ])('%s', (_, text, expected) => {
    expect(mapTemplateExpressions(text, (expression) => expression.toUpperCase())).toBe(expected);
  });

  it('passes the raw expression, whitespace included', () => {
    const seen: string[] = [];
    mapTemplateExpressions('{{  a\n}} {{b}}', (expression) => {
      seen.push(expression);
      return expression;
    });
    expect(seen).toEqual(['  a\n', 'b']);
  });
});
