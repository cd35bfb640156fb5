import { describe, expect, it } from 'vitest';
import { DEDUPE_WINDOW_MS, DedupeWindow } from './dedupe-window';

describe('DedupeWindow', () => {
  it('drops an item whose _dedupe_key the flow version ran within 30 s, and strips the key', () => {
    const window = new DedupeWindow();
    const first = window.unique('v1', [{ _dedupe_key: 'a', n: 1 }, { n: 2 }], 0);
    expect(first.items).toEqual([{ n: 1 }, { n: 2 }]);
    window.remember(first.keys, 0);
    expect(window.unique('v1', [{ _dedupe_key: 'a', n: 3 }], 1000).items).toEqual([]);
    expect(window.unique('v2', [{ _dedupe_key: 'a', n: 4 }], 1000).items).toEqual([{ n: 4 }]);
    expect(window.unique('v1', [{ _dedupe_key: 'a', n: 5 }], DEDUPE_WINDOW_MS).items).toEqual([{ n: 5 }]);
  });

  it('drops duplicates within one batch, and remembers nothing until told', () => {
    const window = new DedupeWindow();
    const batch = window.unique('v1', [{ _dedupe_key: 7 }, { _dedupe_key: 7 }, { _dedupe_key: 8 }], 0);
    expect(batch.items).toEqual([{}, {}]);
    expect(window.unique('v1', [{ _dedupe_key: 7 }], 1).items).toEqual([{}]);
  });
});
