import { describe, expect, it } from 'vitest';
import { resolveWorkerScript } from './worker-script';

describe('resolveWorkerScript', () => {
  it('runs the TypeScript thread beside this file through tsx when running from sources', () => {
    const script = resolveWorkerScript();
    expect(script.eval).toBe(true);
    expect(script.filename).toContain('register(); return import(');
    expect(script.filename).toContain(new URL('./worker-thread.ts', import.meta.url).href);
  });

  it.each([
    ['/app/dist/worker-thread.js', 'file:///app/dist/worker-thread.js'],
    ['file:///app/dist/worker-thread.cjs', 'file:///app/dist/worker-thread.cjs'],
    [new URL('file:///app/thread.mjs'), 'file:///app/thread.mjs'],
  ])('takes an explicit JavaScript script as given: %s', (explicit, href) => {
    const script = resolveWorkerScript(explicit);
    expect({ eval: script.eval, href: String(script.filename) }).toEqual({ eval: false, href });
  });
});
