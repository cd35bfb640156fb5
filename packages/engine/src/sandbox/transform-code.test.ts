import { describe, expect, it } from 'vitest';
import { transformCode } from './transform-code';

describe('transformCode', () => {
  it('strips types and turns the export into CommonJS', () => {
    const result = transformCode(
      'export const code = async (inputs: { a: number }): Promise<number> => inputs.a as number;',
    );
    expect(result).toEqual({ ok: true, code: expect.stringContaining('exports.code = code') });
    expect(result.ok && result.code).not.toMatch(/number/);
  });

  it('turns an import into a require call', () => {
    expect(transformCode("import x from 'pkg';\nexport const code = () => x;")).toEqual({
      ok: true,
      code: expect.stringContaining("require('pkg')"),
    });
  });

  it('keeps modern syntax as written', () => {
    const result = transformCode('export const code = (i) => i?.a ?? 1;');
    expect(result.ok && result.code).toContain('i?.a ?? 1');
  });

  it('reports a syntax error as a failure', () => {
    expect(transformCode('export const code = (')).toEqual({
      ok: false,
      failure: { kind: 'ERROR', message: 'The code step has a syntax error: Unexpected token (1:22)' },
    });
  });

  it('returns the cached result for the same source', () => {
    const source = 'export const code = () => 42;';
    expect(transformCode(source)).toBe(transformCode(source));
  });
});
