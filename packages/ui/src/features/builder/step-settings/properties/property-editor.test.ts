import { PropertyType, type PieceProperty } from '@piecework/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { controlText, editorOf, isChecked, pickerColor, requiredError } from './property-editor';

const prop = (type: PieceProperty['type'], extra: Partial<PieceProperty> = {}): PieceProperty => ({
  type,
  displayName: type,
  required: false,
  ...extra,
});
const TEXT_TYPES = ['SHORT_TEXT', 'LONG_TEXT', 'NUMBER', 'DATE_TIME', 'FILE', 'JSON', 'CUSTOM'] as const;

describe('editorOf', () => {
  it('edits texts, numbers, dates, files, JSON and custom properties as one text, without a switch', () => {
    for (const type of TEXT_TYPES)
      expect(editorOf(type, false), type).toMatchObject({ asText: true, switchable: false, group: false });
    expect(editorOf('SHORT_TEXT', false).rows).toBeUndefined();
    expect(editorOf('LONG_TEXT', false).rows).toBe(3);
    expect(editorOf('JSON', false).rows).toBe(6);
  });

  it('gives the other types their own control, with a switch to a typed expression where it makes sense', () => {
    expect(editorOf('CHECKBOX', false)).toMatchObject({ asText: false, switchable: true, group: false });
    expect(editorOf('STATIC_DROPDOWN', false)).toMatchObject({
      asText: false,
      switchable: true,
      group: false,
    });
    expect(editorOf('DROPDOWN', false)).toMatchObject({ asText: false, switchable: true, group: false });
    for (const type of [
      'STATIC_MULTI_SELECT_DROPDOWN',
      'MULTI_SELECT_DROPDOWN',
      'OBJECT',
      'ARRAY',
      'DYNAMIC',
    ] as const)
      expect(editorOf(type, false), type).toMatchObject({ asText: false, switchable: true, group: true });
    expect(editorOf('COLOR', false)).toMatchObject({ asText: false, switchable: false });
  });

  it('turns any switchable property, once switched, into a one-line text that is not a group', () => {
    for (const type of PropertyType.options) {
      if (!editorOf(type, false).switchable) continue;
      expect(editorOf(type, true), type).toEqual({
        switchable: true,
        asText: true,
        rows: undefined,
        group: false,
      });
    }
  });
});

describe('requiredError', () => {
  it('says "Required" under a required property left empty, once the form shows errors', () => {
    const property = prop('SHORT_TEXT', { required: true });
    expect(requiredError(property, '', true)).toBe('Required');
    expect(requiredError(property, '  ', true)).toBe('Required');
    expect(requiredError(property, '', false)).toBeUndefined();
    expect(requiredError(property, '{{trigger.body}}', true)).toBeUndefined();
    expect(requiredError(prop('SHORT_TEXT'), '', true)).toBeUndefined();
    expect(
      requiredError(prop('SHORT_TEXT', { required: true, defaultValue: 'x' }), '', true),
    ).toBeUndefined();
  });
});

describe('controlText', () => {
  it('shows a JSON value as indented JSON, and text (typed JSON, an expression) as typed', () => {
    expect(controlText(prop('JSON'), { a: 1 })).toBe('{\n  "a": 1\n}');
    expect(controlText(prop('JSON'), '{"a": 1}')).toBe('{"a": 1}');
    expect(controlText(prop('JSON'), '{{step_1.output}}')).toBe('{{step_1.output}}');
    expect(controlText(prop('JSON'), undefined)).toBe('');
    expect(controlText(prop('NUMBER'), 5)).toBe('5');
  });

  it('shows any JSON value so that reading the text back gives the value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        fc.pre(typeof value !== 'string');
        // Compared as JSON: -0 reads back as 0, as JSON writes it.
        expect(JSON.stringify(JSON.parse(controlText(prop('JSON'), value)))).toBe(JSON.stringify(value));
      }),
    );
  });
});

describe('isChecked and pickerColor', () => {
  it('checks a checkbox for true or the text "true" only', () => {
    expect(isChecked(true)).toBe(true);
    expect(isChecked('true')).toBe(true);
    for (const value of [false, 'false', undefined, 1, '{{step_1.ok}}']) expect(isChecked(value)).toBe(false);
  });

  it('shows a #rrggbb colour in the picker, and black for anything else (an expression)', () => {
    expect(pickerColor('#5A3fd6')).toBe('#5A3fd6');
    for (const text of ['', '#fff', 'red', '{{step_1.color}}', '#5a3fd6 '])
      expect(pickerColor(text)).toBe('#000000');
  });
});
