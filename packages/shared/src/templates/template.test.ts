import { describe, expect, it } from 'vitest';
import { CreateTemplateRequest, Template } from './template';
import { TemplateTag } from './template-tag';

const T = '2026-01-01T00:00:00.000Z';

function template(overrides: Record<string, unknown> = {}) {
  return {
    id: 't1',
    created: T,
    updated: T,
    name: 'Welcome email',
    summary: 'Send a welcome email',
    description: 'Sends an email to every new sign-up.',
    author: 'Piecework',
    type: 'OFFICIAL',
    tags: [{ title: 'Email', color: '#1a2B3c' }],
    categories: ['marketing'],
    pieces: ['@activepieces/piece-gmail'],
    status: 'PUBLISHED',
    flows: [
      {
        displayName: 'Welcome',
        trigger: {
          name: 'trigger',
          valid: false,
          displayName: 'Empty',
          type: 'EMPTY',
          settings: {},
          lastUpdatedDate: T,
        },
        valid: false,
        schemaVersion: null,
        description: 'The flow',
        notes: [],
      },
    ],
    tables: [
      {
        name: 'Leads',
        externalId: 'leads',
        fields: [{ name: 'Email', type: 'TEXT', externalId: 'email', data: null }],
        data: { type: 'CSV', rows: [[{ fieldId: 'email', value: 'a@example.com' }]] },
      },
    ],
    ...overrides,
  };
}

describe('TemplateTag colour', () => {
  it.each(['#000000', '#ffffff', '#1a2B3c', '#ABCDEF'])('accepts %s', (color) => {
    expect(TemplateTag.safeParse({ title: 'x', color }).success).toBe(true);
  });

  it.each(['000000', '#fff', '#1234567', '#12345g', 'red', '#12 456', ' #123456', '#123456 ', ''])(
    'rejects %j',
    (color) => {
      expect(TemplateTag.safeParse({ title: 'x', color }).success).toBe(false);
    },
  );

  it('needs a title and a colour', () => {
    expect(TemplateTag.safeParse({ color: '#000000' }).success).toBe(false);
    expect(TemplateTag.safeParse({ title: 'x' }).success).toBe(false);
  });
});

describe('Template', () => {
  it('accepts a template with flows and tables', () => {
    expect(Template.parse(template())).toEqual(template());
  });

  it.each([
    ['a tag with a bad colour', { tags: [{ title: 'x', color: 'blue' }] }],
    ['an unknown type', { type: 'COMMUNITY' }],
    ['an unknown status', { status: 'DRAFT' }],
    [
      'table data that is not CSV',
      { tables: [{ name: 'L', externalId: 'l', fields: [], data: { type: 'JSON', rows: [] } }] },
    ],
  ])('rejects %s', (_, overrides) => {
    expect(Template.safeParse(template(overrides)).success).toBe(false);
  });

  it('has no usageCount', () => {
    expect(Template.parse(template({ usageCount: 7 }))).not.toHaveProperty('usageCount');
  });

  it('fills defaults of a create request', () => {
    expect(CreateTemplateRequest.parse({ name: 'Mine' })).toMatchObject({
      name: 'Mine',
      type: 'CUSTOM',
      status: 'PUBLISHED',
      tags: [],
    });
  });
});
