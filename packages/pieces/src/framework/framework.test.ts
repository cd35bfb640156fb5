import { describe, expect, it } from 'vitest';
import { createAction, createPiece, createTrigger } from './create-piece';
import { Property } from './properties';

const action = (name: string) =>
  createAction({ name, displayName: name, description: '', props: {}, run: async () => null });
const trigger = (name: string) =>
  createTrigger({
    name,
    displayName: name,
    description: '',
    props: {},
    type: 'WEBHOOK',
    run: async () => [],
  });
const piece = {
  name: '@activepieces/piece-x',
  displayName: 'X',
  description: '',
  logoUrl: '',
  authors: [],
  version: '1.0.0',
};

describe('createPiece', () => {
  it('keys actions and triggers by name', () => {
    const built = createPiece({ ...piece, actions: [action('a'), action('b')], triggers: [trigger('t')] });
    expect(Object.keys(built.actions)).toEqual(['a', 'b']);
    expect(Object.keys(built.triggers)).toEqual(['t']);
    expect(built.actions.a?.requireAuth).toBe(true);
  });

  it.each([
    ['actions', { actions: [action('a'), action('a')], triggers: [] }, 'declares the action a twice'],
    ['triggers', { actions: [], triggers: [trigger('t'), trigger('t')] }, 'declares the trigger t twice'],
  ])('refuses duplicate %s', (_, lists, message) => {
    expect(() => createPiece({ ...piece, ...lists })).toThrow(`Piece @activepieces/piece-x ${message}`);
  });
});

describe('Property', () => {
  it.each([
    ['ShortText', Property.ShortText({ displayName: 'A', required: true }), 'SHORT_TEXT'],
    ['LongText', Property.LongText({ displayName: 'A', required: false }), 'LONG_TEXT'],
    ['Number', Property.Number({ displayName: 'A', required: true, defaultValue: 1 }), 'NUMBER'],
    ['Checkbox', Property.Checkbox({ displayName: 'A', required: true }), 'CHECKBOX'],
    ['DateTime', Property.DateTime({ displayName: 'A', required: true }), 'DATE_TIME'],
    ['Json', Property.Json({ displayName: 'A', required: true }), 'JSON'],
    ['Object', Property.Object({ displayName: 'A', required: true }), 'OBJECT'],
    ['Array', Property.Array({ displayName: 'A', required: true }), 'ARRAY'],
    ['File', Property.File({ displayName: 'A', required: true }), 'FILE'],
    [
      'StaticDropdown',
      Property.StaticDropdown({ displayName: 'A', required: true, options: { options: [] } }),
      'STATIC_DROPDOWN',
    ],
    [
      'DynamicProperties',
      Property.DynamicProperties({
        displayName: 'A',
        required: true,
        refreshers: [],
        props: async () => ({}),
      }),
      'DYNAMIC',
    ],
  ])("%s has Activepieces' type", (_, prop, type) => {
    expect(prop.type).toBe(type);
  });

  it('keeps options as given and adds the type', () => {
    expect(
      Property.StaticDropdown({
        displayName: 'Unit',
        required: true,
        defaultValue: 's',
        options: { options: [{ label: 'S', value: 's' }] },
      }),
    ).toEqual({
      displayName: 'Unit',
      required: true,
      defaultValue: 's',
      options: { options: [{ label: 'S', value: 's' }] },
      type: 'STATIC_DROPDOWN',
    });
  });

  it('builds markdown as Activepieces does', () => {
    expect(Property.MarkDown({ value: '**Hi**' })).toEqual({
      displayName: 'Markdown',
      required: false,
      description: '**Hi**',
      type: 'MARKDOWN',
      variant: 'INFO',
    });
  });
});
