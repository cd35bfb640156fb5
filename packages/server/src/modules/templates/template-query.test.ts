import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ListTemplatesQuery, Template } from '@piecework/shared';
import { OFFICIAL_TEMPLATES } from './official';
import { matchesTemplateQuery } from './template-query';

const base = OFFICIAL_TEMPLATES[0]!;
const word = fc.constantFrom('alpha', 'beta', 'Gamma', 'delta');

const template = fc
  .record({
    name: word,
    summary: word,
    tags: fc.uniqueArray(word, { maxLength: 3 }),
    categories: fc.uniqueArray(word, { maxLength: 3 }),
    pieces: fc.uniqueArray(word, { maxLength: 3 }),
    type: fc.constantFrom('OFFICIAL', 'SHARED', 'CUSTOM'),
    status: fc.constantFrom('PUBLISHED', 'ARCHIVED'),
  })
  .map((t): Template => ({
    ...base,
    ...t,
    description: '',
    tags: t.tags.map((title) => ({ title, color: '#000000' })),
  }));

const query = fc.record(
  {
    type: fc.constantFrom('OFFICIAL', 'SHARED', 'CUSTOM'),
    search: fc.constantFrom('AL', 'ta', 'mm', ''),
    tags: fc.uniqueArray(word, { maxLength: 2 }),
    categories: fc.uniqueArray(word, { maxLength: 2 }),
    pieces: fc.uniqueArray(word, { maxLength: 2 }),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<ListTemplatesQuery>;

describe('matchesTemplateQuery', () => {
  it('lists exactly the published templates every given filter accepts', () => {
    fc.assert(
      fc.property(template, query, (t, q) => {
        const titles = t.tags.map((tag) => tag.title);
        const text = `${t.name}\n${t.summary}\n${t.description}`.toLowerCase();
        const expected =
          t.status === 'PUBLISHED' &&
          (q.type === undefined || q.type === t.type) &&
          (q.search === undefined ||
            [t.name, t.summary, t.description].some((s) =>
              s.toLowerCase().includes(q.search!.toLowerCase()),
            )) &&
          (q.tags === undefined || q.tags.every((tag) => titles.includes(tag))) &&
          (q.categories === undefined ||
            q.categories.length === 0 ||
            q.categories.some((c) => t.categories.includes(c))) &&
          (q.pieces === undefined || q.pieces.length === 0 || q.pieces.some((p) => t.pieces.includes(p)));
        expect(text).toBeDefined();
        expect(matchesTemplateQuery(t, q)).toBe(expected);
      }),
    );
  });

  it('never lists more when a filter is added', () => {
    fc.assert(
      fc.property(template, query, word, (t, q, tag) => {
        const narrower = { ...q, tags: [...(q.tags ?? []), tag] };
        if (matchesTemplateQuery(t, narrower)) expect(matchesTemplateQuery(t, q)).toBe(true);
      }),
    );
  });
});
