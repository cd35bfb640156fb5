import type { FormInput } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { formBody, initialFormValues, validateForm } from './form-values';

const field = (displayName: string, type: FormInput['type'], required = false): FormInput => ({
  displayName,
  type,
  required,
});

describe('initialFormValues', () => {
  it('prefills from query parameters whatever their case, toggles from truthy words', () => {
    const inputs = [field('First name', 'text'), field('Subscribe', 'toggle'), field('Notes', 'text_area')];
    const values = initialFormValues(inputs, new URLSearchParams('FIRSTNAME=Ada&subscribe=Yes'));
    expect(values).toEqual({ firstName: 'Ada', subscribe: true, notes: '' });
  });

  it('leaves files empty and toggles off without a query', () => {
    const values = initialFormValues([field('CV', 'file'), field('Agree', 'toggle')], new URLSearchParams());
    expect(values).toEqual({ cv: null, agree: false });
  });
});

describe('validateForm', () => {
  it.each([
    ['an empty required text', field('Name', 'text', true), { name: '  ' }, { name: 'Enter Name' }],
    ['a missing required file', field('CV', 'file', true), { cv: null }, { cv: 'Choose a file for CV' }],
    ['a number that is not one', field('Age', 'number'), { age: 'twelve' }, { age: 'Age must be a number' }],
    ['an optional empty text', field('Nick', 'text'), { nick: '' }, {}],
    ['a number', field('Age', 'number', true), { age: '12.5' }, {}],
  ])('refuses %s, or not', (_, input, values, expected) => {
    expect(validateForm([input], values)).toEqual(expected);
  });
});

describe('formBody', () => {
  it('sends every field under its key, toggles as words, files with their names', () => {
    const file = new File(['hello'], 'hello.txt', { type: 'text/plain' });
    const inputs = [
      field('First name', 'text'),
      field('Subscribe', 'toggle'),
      field('CV', 'file'),
      field('Photo', 'file'),
    ];
    const body = formBody(inputs, { firstName: 'Ada', subscribe: false, cv: file, photo: null });
    expect([...body.keys()]).toEqual(['firstName', 'subscribe', 'cv']);
    expect(body.get('subscribe')).toBe('false');
    expect((body.get('cv') as File).name).toBe('hello.txt');
  });
});
