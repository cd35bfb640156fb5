import type { PieceProperty } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { toggledDynamicValue, withSchema } from './dynamic-value';

const channel: PieceProperty = {
  type: 'DROPDOWN',
  displayName: 'Channel',
  required: true,
  defaultValue: 'C0',
};

describe('toggledDynamicValue', () => {
  it('switching to a typed expression keeps the current value as its text', () => {
    expect(toggledDynamicValue(channel, undefined, 'C42', false)).toEqual({
      setting: { type: 'DYNAMIC' },
      value: 'C42',
    });
    expect(toggledDynamicValue(channel, { type: 'MANUAL' }, { id: 7 }, false).value).toBe('{"id":7}');
    expect(toggledDynamicValue(channel, { type: 'MANUAL' }, undefined, false).value).toBe('');
  });

  it('switching back starts over from the default, the typed expression dropped', () => {
    const on = toggledDynamicValue(channel, { type: 'MANUAL' }, 'C42', false);
    const off = toggledDynamicValue(channel, on.setting, '{{step_1.channel}}', true);
    expect(off).toEqual({ setting: { type: 'MANUAL' }, value: 'C0' });
    const noDefault: PieceProperty = { type: 'CHECKBOX', displayName: 'Flag', required: false };
    expect(toggledDynamicValue(noDefault, { type: 'DYNAMIC' }, 'true', true).value).toBeUndefined();
  });

  it("keeps a DYNAMIC property's stored schema through the switch", () => {
    const schema = { name: { type: 'SHORT_TEXT', displayName: 'Name', required: true } };
    const next = toggledDynamicValue(channel, { type: 'MANUAL', schema }, {}, false);
    expect(next.setting).toEqual({ type: 'DYNAMIC', schema });
  });
});

describe('withSchema', () => {
  it('stores a new schema without touching the switch', () => {
    expect(withSchema(undefined, { a: 1 })).toEqual({ type: 'MANUAL', schema: { a: 1 } });
    expect(withSchema({ type: 'DYNAMIC', schema: { old: 1 } }, { a: 1 })).toEqual({
      type: 'DYNAMIC',
      schema: { a: 1 },
    });
  });
});
