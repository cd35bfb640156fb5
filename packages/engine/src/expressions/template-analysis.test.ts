import { findTemplateTokens } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { parsePlainPath } from './plain-path';
import { plainPathOf, templateTokensOf } from './template-analysis';

describe('templateTokensOf / plainPathOf', () => {
  const texts = [
    "{{trigger['output'].body.n}}",
    'Hello {{ step_1.name }}, you owe {{ step_2.total * 1.2 }}',
    'no tokens here',
    "{{ '}}' }} and {{ {a: 1}.a }}",
    '',
  ];

  it('answer what findTemplateTokens and parsePlainPath answer, the same frozen value each time', () => {
    for (const text of texts) {
      const first = templateTokensOf(text);
      expect(first).toEqual(findTemplateTokens(text));
      expect(templateTokensOf(text)).toBe(first);
      expect(Object.isFrozen(first)).toBe(true);
      for (const token of first) {
        expect(Object.isFrozen(token)).toBe(true);
        const path = plainPathOf(token.expression.trim());
        expect(path).toEqual(parsePlainPath(token.expression.trim()));
        expect(plainPathOf(token.expression.trim())).toBe(path);
        if (path !== null) expect(Object.isFrozen(path.segments)).toBe(true);
      }
    }
  });

  it('keep a caller from changing what later callers get', () => {
    const tokens = templateTokensOf('{{ step_1.x }}') as unknown as { start: number }[];
    expect(() => {
      tokens[0]!.start = 99;
    }).toThrow(TypeError);
    expect(templateTokensOf('{{ step_1.x }}')[0]!.start).toBe(0);
  });

  it('still answer long texts, scanned again rather than remembered', () => {
    const long = `${'x'.repeat(5000)}{{ step_1.y }}`;
    const first = templateTokensOf(long);
    expect(first).toEqual(findTemplateTokens(long));
    expect(templateTokensOf(long)).not.toBe(first);
  });
});
