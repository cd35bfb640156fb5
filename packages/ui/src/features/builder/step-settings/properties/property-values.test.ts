import type { PieceProperty, PropertySettings } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import {
  defaultInput,
  dynamicSchema,
  isDynamicValue,
  isMissing,
  missingRequired,
  readDropdownState,
  sameValue,
  shownValue,
  textOf,
  type PropertyMap,
} from './property-values';

function prop(type: PieceProperty['type'], extra: Partial<PieceProperty> = {}): PieceProperty {
  return { type, displayName: type, required: false, ...extra };
}
const required = (type: PieceProperty['type'], extra: Partial<PieceProperty> = {}) =>
  prop(type, { required: true, ...extra });

describe('defaultInput', () => {
  it("starts a step's input with each declared default, falsy ones included, and nothing for the rest", () => {
    const props: PropertyMap = {
      channel: prop('SHORT_TEXT'),
      count: prop('NUMBER', { defaultValue: 0 }),
      notify: prop('CHECKBOX', { defaultValue: false }),
      subject: prop('SHORT_TEXT', { defaultValue: '' }),
      tags: prop('ARRAY', { defaultValue: ['a'] }),
      help: prop('MARKDOWN', { defaultValue: 'Read me' }),
    };
    expect(defaultInput(props)).toEqual({ count: 0, notify: false, subject: '', tags: ['a'] });
  });
});

describe('isMissing', () => {
  it('counts nothing, blank text and an empty list as missing in a required property', () => {
    for (const value of [undefined, null, '', '   \n', []])
      expect(isMissing(required('SHORT_TEXT'), value), JSON.stringify(value)).toBe(true);
    for (const value of [0, false, 'x', ['x'], {}, '{{trigger.body}}'])
      expect(isMissing(required('SHORT_TEXT'), value), JSON.stringify(value)).toBe(false);
  });

  it('never counts an optional property, nor a required one with a default (runs use the default)', () => {
    expect(isMissing(prop('SHORT_TEXT'), undefined)).toBe(false);
    expect(isMissing(required('NUMBER', { defaultValue: 10 }), '')).toBe(false);
  });
});

describe('missingRequired', () => {
  const props: PropertyMap = {
    to: required('SHORT_TEXT'),
    subject: required('SHORT_TEXT', { defaultValue: 'Hello' }),
    body: prop('LONG_TEXT'),
    note: required('MARKDOWN'),
    fields: required('DYNAMIC'),
  };
  const schema: PropertyMap = { name: required('SHORT_TEXT'), age: prop('NUMBER') };
  const settings: PropertySettings = { fields: { type: 'MANUAL', schema } };

  it('names the required properties left empty, in declaration order, MARKDOWN never among them', () => {
    expect(missingRequired(props, {})).toEqual(['to', 'fields']);
    expect(missingRequired(props, { to: 'a@b.c', fields: {} })).toEqual([]);
  });

  it("looks into a DYNAMIC property's fields through the schema stored in its settings", () => {
    expect(missingRequired(props, { to: 'x', fields: { age: 3 } }, settings)).toEqual(['fields.name']);
    expect(missingRequired(props, { to: 'x', fields: { name: 'Ann' } }, settings)).toEqual([]);
  });

  it('does not look into a DYNAMIC property typed as an expression ("Dynamic value")', () => {
    const typed: PropertySettings = { fields: { type: 'DYNAMIC', schema } };
    expect(missingRequired(props, { to: 'x', fields: '{{step_1.fields}}' }, typed)).toEqual([]);
    expect(missingRequired(props, { to: 'x', fields: { age: 3 } }, typed)).toEqual([]);
  });
});

describe('shownValue', () => {
  it('shows the default in place of no value, and any value set, emptied or false ones included', () => {
    const property = prop('SHORT_TEXT', { defaultValue: 'general' });
    expect(shownValue(property, undefined)).toBe('general');
    expect(shownValue(property, null)).toBe('general');
    expect(shownValue(property, '')).toBe('');
    expect(shownValue(prop('CHECKBOX', { defaultValue: true }), false)).toBe(false);
    expect(shownValue(prop('SHORT_TEXT'), undefined)).toBeUndefined();
  });
});

describe('dynamicSchema and isDynamicValue', () => {
  it("read a property's stored schema and its Dynamic value switch, absent settings meaning neither", () => {
    const settings: PropertySettings = {
      a: { type: 'DYNAMIC', schema: { x: prop('NUMBER') } },
      b: { type: 'MANUAL' },
    };
    expect(dynamicSchema(settings, 'a')).toEqual({ x: prop('NUMBER') });
    expect(dynamicSchema(settings, 'b')).toBeUndefined();
    expect(dynamicSchema(undefined, 'a')).toBeUndefined();
    expect(isDynamicValue(settings, 'a')).toBe(true);
    expect(isDynamicValue(settings, 'b')).toBe(false);
    expect(isDynamicValue(undefined, 'a')).toBe(false);
  });
});

describe('readDropdownState', () => {
  it("reads a dropdown's choices, labelling a choice without a label by its value", () => {
    const state = readDropdownState({
      options: [
        { label: 'General', value: 'C1' },
        { value: 42 },
        'junk',
        null,
        { label: 'Obj', value: { id: 1 } },
      ],
    });
    expect(state).toEqual({
      options: [
        { label: 'General', value: 'C1' },
        { label: '42', value: 42 },
        { label: 'Obj', value: { id: 1 } },
      ],
      disabled: false,
      placeholder: undefined,
    });
  });

  it('says why a dropdown cannot be used yet, and reads anything else as no choices', () => {
    expect(readDropdownState({ disabled: true, options: [], placeholder: 'Connect first' })).toEqual({
      options: [],
      disabled: true,
      placeholder: 'Connect first',
    });
    for (const raw of [undefined, null, 'x', [], { options: 'x' }])
      expect(readDropdownState(raw)).toEqual({ options: [], disabled: false, placeholder: undefined });
  });
});

describe('sameValue and textOf', () => {
  it('compare choice values by content, objects included', () => {
    expect(sameValue({ id: 1, name: 'a' }, { id: 1, name: 'a' })).toBe(true);
    expect(sameValue({ id: 1 }, { id: 2 })).toBe(false);
    expect(sameValue(1, '1')).toBe(false);
  });

  it('write a value in a text box: texts as they are, nothing as empty, other values as JSON', () => {
    expect(textOf('{{step_1.output}}')).toBe('{{step_1.output}}');
    expect(textOf(undefined)).toBe('');
    expect(textOf(null)).toBe('');
    expect(textOf(12.5)).toBe('12.5');
    expect(textOf(false)).toBe('false');
    expect(textOf({ a: [1] })).toBe('{"a":[1]}');
  });
});
