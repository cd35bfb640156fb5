import { describe, expect, it } from 'vitest';
import { queryString, requestUrl } from './request-url';

describe('queryString', () => {
  it.each<[string, unknown, string]>([
    ['nothing for no query', undefined, ''],
    ['nothing when every field is undefined or null', { a: undefined, b: null }, ''],
    ['numbers and booleans as text', { limit: 5, archived: false }, '?limit=5&archived=false'],
    ['arrays as a repeated key', { status: ['A', 'B'] }, '?status=A&status=B'],
    [
      'nested objects with brackets',
      { filter: { name: 'x', ids: ['1', '2'] } },
      '?filter%5Bname%5D=x&filter%5Bids%5D=1&filter%5Bids%5D=2',
    ],
    [
      'dates as ISO strings',
      { after: new Date(Date.UTC(2025, 0, 2)) },
      '?after=2025-01-02T00%3A00%3A00.000Z',
    ],
    [
      'objects in arrays with their index',
      { filters: [{ fieldId: 'f', operator: 'eq', value: 'v' }] },
      '?filters%5B0%5D%5BfieldId%5D=f&filters%5B0%5D%5Boperator%5D=eq&filters%5B0%5D%5Bvalue%5D=v',
    ],
    ['reserved characters encoded', { name: 'a&b=c d' }, '?name=a%26b%3Dc+d'],
  ])('%s', (_, query, expected) => {
    expect(queryString(query)).toBe(expected);
  });
});

describe('requestUrl', () => {
  it('fills every :name of the path', () => {
    expect(requestUrl('http://h/api', '/v1/a/:id/b/:name', { id: 'x y', name: 'z' }, { q: 1 })).toBe(
      'http://h/api/v1/a/x%20y/b/z?q=1',
    );
  });

  it('refuses a missing path parameter', () => {
    expect(() => requestUrl('http://h/api', '/v1/a/:id', {}, undefined)).toThrow(
      new TypeError('Missing path parameter "id" of /v1/a/:id'),
    );
  });
});
