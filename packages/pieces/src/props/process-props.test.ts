import { describe, expect, it } from 'vitest';
import type { PiecePropertyDefinition } from '../framework/piece-definition';
import { processProps, type ProcessPropsInput } from './process-props';

/** A property of `type`; optional unless `required: true` is given. */
function prop(type: string, extra: Partial<PiecePropertyDefinition> = {}): PiecePropertyDefinition {
  return { type, displayName: type, required: false, ...extra };
}

function run(options: Partial<ProcessPropsInput> & Pick<ProcessPropsInput, 'props' | 'input'>) {
  return processProps({ auth: undefined, requireAuth: true, ...options });
}

/** The value one prop `x` of `property` receives for `value`, or the step's failure message. */
function one(property: PiecePropertyDefinition, value: unknown): unknown {
  const result = run({ props: { x: property }, input: value === undefined ? {} : { x: value } });
  return result.ok ? result.propsValue.x : `FAILED ${result.message}`;
}

describe('processProps by type', () => {
  it.each<[string, PiecePropertyDefinition, unknown, unknown]>([
    ['text: an object becomes JSON', prop('SHORT_TEXT'), { a: 1 }, '{"a":1}'],
    ['text: a number becomes text', prop('LONG_TEXT'), 42, '42'],
    ['text: empty optional is undefined', prop('SHORT_TEXT'), '', undefined],
    ['text: empty required stays empty', prop('SHORT_TEXT', { required: true }), '', ''],
    ['text: secret text is text', prop('SECRET_TEXT'), 7, '7'],
    ['number: text is parsed', prop('NUMBER'), '12.5', 12.5],
    ['number: empty optional is undefined', prop('NUMBER'), '', undefined],
    [
      'number: not a number fails',
      prop('NUMBER', { required: true }),
      'abc',
      'FAILED {"x":["Expected number, received: abc"]}',
    ],
    [
      'number: missing required fails',
      prop('NUMBER', { required: true }),
      undefined,
      'FAILED {"x":["Expected number, received: undefined"]}',
    ],
    ['checkbox: "true"', prop('CHECKBOX'), 'true', true],
    ['checkbox: "FALSE"', prop('CHECKBOX'), 'FALSE', false],
    ['checkbox: a boolean', prop('CHECKBOX'), false, false],
    [
      'checkbox: other text fails',
      prop('CHECKBOX'),
      'yes',
      'FAILED {"x":["Expected boolean, received: yes"]}',
    ],
    ['json: text is parsed', prop('JSON'), '{"a":[1]}', { a: [1] }],
    ['json: an array stays', prop('JSON'), [1, 2], [1, 2]],
    ['json: non-JSON text passes', prop('JSON', { required: true }), '<xml/>', '<xml/>'],
    ['json: a number is present', prop('JSON', { required: true }), 3, 3],
    [
      'json: missing required fails',
      prop('JSON', { required: true }),
      undefined,
      'FAILED {"x":["Expected JSON, received: undefined"]}',
    ],
    [
      'json: empty required fails',
      prop('JSON', { required: true }),
      '',
      'FAILED {"x":["Expected JSON, received: "]}',
    ],
    ['json: empty optional passes', prop('JSON'), '', ''],
    ['object: text is parsed', prop('OBJECT'), '{"a":1}', { a: 1 }],
    ['object: an array is undefined', prop('OBJECT'), '[1]', undefined],
    ['object: not JSON is undefined', prop('OBJECT'), 'nope', undefined],
    [
      'object: required non-object fails',
      prop('OBJECT', { required: true }),
      5,
      'FAILED {"x":["Expected object, received: 5"]}',
    ],
    ['date: a zoneless date-time is UTC', prop('DATE_TIME'), '2024-03-14 12:00', '2024-03-14T12:00:00.000Z'],
    [
      'date: an offset is converted',
      prop('DATE_TIME'),
      '2024-03-14T12:00:00+02:00',
      '2024-03-14T10:00:00.000Z',
    ],
    ['date: a date alone', prop('DATE_TIME'), '2024-03-14', '2024-03-14T00:00:00.000Z'],
    ['date: epoch milliseconds', prop('DATE_TIME'), 0, '1970-01-01T00:00:00.000Z'],
    ['date: RFC 2822 text', prop('DATE_TIME'), 'Thu, 14 Mar 2024 12:00:00 GMT', '2024-03-14T12:00:00.000Z'],
    ['date: garbage optional is undefined', prop('DATE_TIME'), 'soon', undefined],
    [
      'date: garbage required fails',
      prop('DATE_TIME', { required: true }),
      'soon',
      'FAILED {"x":["Invalid datetime format. Expected ISO format (e.g. 2024-03-14T12:00:00.000Z), received: soon"]}',
    ],
    ['multi-select: one value becomes an array', prop('STATIC_MULTI_SELECT_DROPDOWN'), 'a', ['a']],
    ['multi-select: a JSON array is parsed', prop('MULTI_SELECT_DROPDOWN'), '["a","b"]', ['a', 'b']],
    ['multi-select: blank is undefined', prop('MULTI_SELECT_DROPDOWN'), '  ', undefined],
    ['array: rows pass', prop('ARRAY'), [1, 2], [1, 2]],
    [
      'array: text is not an array',
      prop('ARRAY', { required: true }),
      '[1]',
      'FAILED {"x":["Expected array, received: [1]"]}',
    ],
    ['dropdown: any value passes', prop('STATIC_DROPDOWN'), 3, 3],
    [
      'dropdown: missing required is not checked (like Activepieces)',
      prop('DROPDOWN', { required: true }),
      undefined,
      undefined,
    ],
    [
      'dynamic: missing required is not checked (like Activepieces)',
      prop('DYNAMIC', { required: true }),
      undefined,
      undefined,
    ],
    ['markdown: never validated', prop('MARKDOWN', { required: true }), undefined, undefined],
  ])('%s', (_, property, value, expected) => {
    expect(one(property, value)).toEqual(expected);
  });
});

describe('defaults', () => {
  it.each<[string, unknown, unknown]>([
    ['missing', undefined, 'seconds'],
    ['null', null, 'seconds'],
    ['empty', '', 'seconds'],
    ['given', 'minutes', 'minutes'],
  ])('a %s value gets the default', (_, value, expected) => {
    expect(one(prop('STATIC_DROPDOWN', { required: true, defaultValue: 'seconds' }), value)).toBe(expected);
  });

  it('copies a default, so changing the input does not change the definition', () => {
    const roles = prop('JSON', { defaultValue: [{ role: 'system' }] });
    const result = run({ props: { roles }, input: {} });
    expect(result.ok && result.propsValue.roles).toEqual([{ role: 'system' }]);
    expect(result.ok && result.propsValue.roles).not.toBe(roles.defaultValue);
  });

  it('processes a default like any value', () => {
    expect(one(prop('NUMBER', { defaultValue: '5' }), undefined)).toBe(5);
  });
});

describe('errors', () => {
  it("reports every failing prop, with Activepieces' wording", () => {
    const result = run({
      props: { delayFor: prop('NUMBER', { required: true }), unit: prop('SHORT_TEXT', { required: true }) },
      input: { delayFor: 'abc' },
    });
    expect(result).toMatchObject({
      ok: false,
      message:
        '{"delayFor":["Expected number, received: abc"],"unit":["Expected string, received: undefined"]}',
    });
  });

  it('shows objects as JSON and cuts long values', () => {
    expect(one(prop('NUMBER', { required: true }), { a: 1 })).toBe(
      'FAILED {"x":["Expected number, received: {\\"a\\":1}"]}',
    );
    expect(String(one(prop('CHECKBOX'), 'y'.repeat(500))).length).toBeLessThan(200);
  });

  it('keeps input keys that are not props, and drops an auth key', () => {
    const result = run({ props: {}, input: { extra: 1, auth: 'secret' } });
    expect(result).toEqual({ ok: true, propsValue: { extra: 1 }, auth: undefined });
  });
});

describe('ARRAY with properties', () => {
  const rowProps = { name: prop('SHORT_TEXT', { required: true }), age: prop('NUMBER') };

  it('zips columns into rows and processes each row', () => {
    const result = run({
      props: { people: prop('ARRAY', { properties: rowProps }) },
      input: { people: { name: ['ann', 'bob'], age: ['31', '42'] } },
    });
    expect(result.ok && result.propsValue.people).toEqual([
      { name: 'ann', age: 31 },
      { name: 'bob', age: 42 },
    ]);
  });

  it('repeats a single value in every row and reports errors per row', () => {
    const result = run({
      props: { people: prop('ARRAY', { properties: rowProps }) },
      input: { people: { name: [undefined, 'bob'], age: 'x' } },
    });
    expect(result.ok ? result : result.errors).toEqual({
      people: {
        properties: [
          { name: ['Expected string, received: undefined'], age: ['Expected number, received: x'] },
          { age: ['Expected number, received: x'] },
        ],
      },
    });
  });
});

describe('DYNAMIC', () => {
  const fields = prop('DYNAMIC', { required: true });
  const schema = { status: prop('NUMBER', { defaultValue: 200 }), body: prop('JSON', { required: true }) };

  it('processes the value against propertySettings[key].schema, defaults included', () => {
    const result = run({
      props: { fields },
      input: { fields: { body: '{"ok":true}' } },
      propertySettings: { fields: { schema } },
    });
    expect(result.ok && result.propsValue.fields).toEqual({ status: 200, body: { ok: true } });
  });

  it('nests the errors of the schema under the key', () => {
    const result = run({
      props: { fields },
      input: { fields: { status: 'x' } },
      propertySettings: { fields: { schema } },
    });
    expect(result.ok ? result : result.message).toBe(
      '{"fields":{"status":["Expected number, received: x"],"body":["Expected JSON, received: undefined"]}}',
    );
  });

  it('parses a JSON object given as text; without a schema the value is kept', () => {
    expect(one(fields, '{"a":1}')).toEqual({ a: 1 });
    expect(one(fields, { status: '201' })).toEqual({ status: '201' });
  });
});

describe('FILE', () => {
  const file = prop('FILE', { required: true });

  it('decodes a data: URI', () => {
    expect(one(file, 'data:text/plain;base64,aGVsbG8=')).toEqual({
      filename: 'unknown.txt',
      data: Buffer.from('hello'),
      extension: 'txt',
      base64: 'aGVsbG8=',
    });
  });

  it.each<[string, unknown]>([
    ['bytes', { filename: 'a.csv', data: new Uint8Array([104, 105]) }],
    ['base64 data', { filename: 'a.csv', data: 'aGk=' }],
    ['a JSON Buffer', { filename: 'a.csv', data: { type: 'Buffer', data: [104, 105] } }],
    ['base64 field', { filename: 'a.csv', base64: 'aGk=' }],
  ])('accepts a file object with %s', (_, value) => {
    expect(one(file, value)).toEqual({
      filename: 'a.csv',
      data: Buffer.from('hi'),
      extension: 'csv',
      base64: 'aGk=',
    });
  });

  it('gives a streaming file prop a stream', async () => {
    const streamed = one(prop('FILE', { streaming: true }), 'data:image/png;base64,aGk=') as {
      filename: string;
      size: number;
      body: AsyncIterable<Buffer>;
    };
    expect(streamed).toMatchObject({ filename: 'unknown.png', extension: 'png', size: 2 });
    const chunks: Buffer[] = [];
    for await (const chunk of streamed.body) chunks.push(chunk);
    expect(Buffer.concat(chunks).toString()).toBe('hi');
  });

  it('fails on a URL left to it: runners download top-level FILE URLs first (file-urls.ts)', () => {
    expect(one(prop('FILE'), 'https://example.com/a.pdf')).toMatch(
      /^FAILED \{"x":\["Files given by URL are downloaded only in FILE props of the action itself \(received: https:\/\/example.com\/a.pdf\)/,
    );
  });

  it('fails on other text, and on a missing required file', () => {
    expect(one(file, 'hello')).toBe(
      'FAILED {"x":["Expected file url or base64 with mimeType, received: hello"]}',
    );
    expect(one(file, undefined)).toBe(
      'FAILED {"x":["Expected file url or base64 with mimeType, received: undefined"]}',
    );
  });
});
