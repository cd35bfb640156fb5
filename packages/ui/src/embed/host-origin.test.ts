import { describe, expect, it } from 'vitest';
import { hostOriginOf } from './host-origin';

describe('the host origin every message names', () => {
  it.each([
    [
      'the nearest ancestor frame',
      ['https://host.example', 'https://top.example'],
      '',
      'https://host.example',
    ],
    [
      'an ancestor over the referrer',
      ['https://host.example'],
      'https://other.example/page',
      'https://host.example',
    ],
    [
      'the referrer when no ancestor (popup)',
      [],
      'https://host.example:8443/app/page?x=1',
      'https://host.example:8443',
    ],
    [
      'the referrer when ancestorOrigins is unsupported',
      undefined,
      'http://localhost:5173/',
      'http://localhost:5173',
    ],
    ['nothing without ancestor or referrer', [], '', null],
    ['nothing for an opaque ancestor', ['null'], 'https://host.example/', null],
    ['nothing for a file: referrer', [], 'file:///tmp/page.html', null],
    ['nothing for an unreadable referrer', [], 'not a url', null],
  ])('takes %s', (_, ancestorOrigins, referrer, expected) => {
    expect(hostOriginOf({ ancestorOrigins, referrer })).toBe(expected);
  });
});
