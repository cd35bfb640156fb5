import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outputReference } from './reference-path';
import { previewReferences, valueAtPath, type SampleLookup } from './reference-preview';

const samples: SampleLookup = (stepName) =>
  stepName === 'step_1'
    ? { value: { email: 'ada@example.com', items: [{ id: 7 }], count: 2 } }
    : stepName === 'trigger'
      ? { value: { body: { name: 'Ada' } } }
      : undefined;

describe('previewReferences', () => {
  it('puts sample values in place of references and keeps the text around them', () => {
    expect(
      previewReferences("Hi {{trigger['output']['body']['name']}} <{{step_1['output'].email}}>", samples),
    ).toEqual({ kind: 'value', text: 'Hi Ada <ada@example.com>' });
  });

  it('writes values that are not strings as JSON', () => {
    expect(
      previewReferences("{{step_1['output']['items']}} and {{step_1['output'].count}}", samples),
    ).toEqual({
      kind: 'value',
      text: '[{"id":7}] and 2',
    });
  });

  it.each([
    ["{{step_1['output'].email.toUpperCase()}}", 'a formula'],
    ["{{step_2['output'].x}}", 'a step without sample data'],
    ["{{step_1['output'].missing}}", 'a path not in the sample'],
    ["{{step_1['output'].email.length}}", 'a property of a string'],
    ["{{step_1['output']['constructor']}}", 'an inherited key'],
  ])('waits for a test on %s (%s)', (text) => {
    expect(previewReferences(text, samples)).toEqual({ kind: 'after-test' });
  });

  it('has nothing to show for plain text', () => {
    expect(previewReferences('plain {text}', samples)).toEqual({ kind: 'none' });
  });

  it('finds every path of the sample data the data selector can write', () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    fc.assert(
      fc.property(json, fc.string(), (value, before) => {
        fc.pre(!before.includes('{'));
        // Pick the deepest first path through the value.
        const path: (string | number)[] = [];
        let current: unknown = value;
        while (current !== null && typeof current === 'object') {
          const entries = Array.isArray(current)
            ? current.map((item, at) => [at, item] as const)
            : Object.entries(current);
          const first = entries[0];
          if (first === undefined) break;
          path.push(first[0]);
          current = first[1];
        }
        expect(valueAtPath(value, path)).toEqual({ value: current });
        const preview = previewReferences(before + outputReference('step_9', path), () => ({ value }));
        expect(preview).toEqual({
          kind: 'value',
          text: before + (typeof current === 'string' ? current : JSON.stringify(current)),
        });
      }),
    );
  });
});
