import { describe, expect, it } from 'vitest';
import { withPageUrls } from './page-urls';

describe('withPageUrls', () => {
  it('fills every form and chat URL of a note, whether the base ends with a slash or not', () => {
    const note = 'Form: {{formUrl}} draft: {{formUrl}}?useDraft=true chat: {{chatUrl}}';
    const expected =
      'Form: https://x.test/forms/f1 draft: https://x.test/forms/f1?useDraft=true chat: https://x.test/chats/f1';
    expect(withPageUrls(note, 'https://x.test/', 'f1')).toBe(expected);
    expect(withPageUrls(note, 'https://x.test', 'f1')).toBe(expected);
  });
});
