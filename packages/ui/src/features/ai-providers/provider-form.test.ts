import { describe, expect, it } from 'vitest';
import { createRequest, emptyForm, formErrors, formOf, parseModels, updateRequest } from './provider-form';

describe('the AI provider form', () => {
  it('reads models one per line, with an optional shown name', () => {
    expect(parseModels(' gpt-4o \n\nllama-3 | Llama 3\n')).toEqual([
      { modelId: 'gpt-4o', modelName: 'gpt-4o', modelType: 'text' },
      { modelId: 'llama-3', modelName: 'Llama 3', modelType: 'text' },
    ]);
  });

  it('asks a custom provider for its URL, key and models', () => {
    const values = { ...emptyForm('custom'), baseUrl: 'not a url' };
    expect(formErrors(values, false)).toEqual({
      apiKey: 'Enter the API key.',
      baseUrl: 'Enter a full URL, e.g. https://api.example.com/v1.',
      models: 'List at least one model.',
    });
    expect(formErrors(values, true).apiKey).toBeUndefined();
  });

  it('makes the create request of a custom provider', () => {
    const values = {
      ...emptyForm('custom'),
      displayName: ' Local ',
      apiKey: 'sk-1',
      baseUrl: 'http://127.0.0.1:9/v1',
      models: 'm1',
    };
    expect(formErrors(values, false)).toEqual({});
    expect(createRequest(values)).toEqual({
      provider: 'custom',
      displayName: 'Local',
      config: {
        baseUrl: 'http://127.0.0.1:9/v1',
        apiKeyHeader: 'Authorization',
        models: [{ modelId: 'm1', modelName: 'm1', modelType: 'text' }],
      },
      auth: { apiKey: 'sk-1' },
    });
  });

  it('keeps the stored key when the edited key is blank', () => {
    const form = formOf({
      id: 'p1',
      created: '',
      updated: '',
      name: 'Azure',
      provider: 'azure',
      config: { resourceName: 'res' },
      enabledForChat: false,
    });
    expect(updateRequest(form)).toEqual({ displayName: 'Azure', config: { resourceName: 'res' } });
    expect(updateRequest({ ...form, apiKey: 'k2' }).auth).toEqual({ apiKey: 'k2' });
  });
});
