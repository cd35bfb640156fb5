import { afterEach, describe, expect, it, vi } from 'vitest';
import { modKeys, shortcutText } from './shortcut-keys';

afterEach(() => vi.unstubAllGlobals());

describe('shortcut hints', () => {
  it('name Ctrl off Apple systems, joined with +', () => {
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' });
    expect(modKeys('Shift', 'Z')).toEqual(['Ctrl', 'Shift', 'Z']);
    expect(shortcutText('Shift', 'Z')).toBe('Ctrl+Shift+Z');
  });

  it('name ⌘ and ⇧ on Apple systems, written together', () => {
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)' });
    expect(modKeys('Z')).toEqual(['⌘', 'Z']);
    expect(shortcutText('Shift', 'Z')).toBe('⌘⇧Z');
  });
});
