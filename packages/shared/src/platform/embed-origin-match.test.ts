import { describe, expect, it } from 'vitest';
import { embedOriginMatches, isAllowedEmbedOrigin } from './embed-origin-match';

describe('embedOriginMatches', () => {
  it.each([
    ['the same origin', 'https://app.example.com', 'https://app.example.com', true],
    ['another host', 'https://app.example.com', 'https://www.example.com', false],
    ['another scheme', 'https://app.example.com', 'http://app.example.com', false],
    ['another port', 'http://127.0.0.1:4000', 'http://127.0.0.1:4001', false],
    ['the same loopback port', 'http://127.0.0.1:4000', 'http://127.0.0.1:4000', true],
    ['a written default port', 'https://app.example.com:443', 'https://app.example.com', true],
    ['case of the host', 'https://App.Example.com', 'https://app.example.com', true],
    ['one subdomain label', 'https://*.example.com', 'https://a.example.com', true],
    ['several subdomain labels', 'https://*.example.com', 'https://a.b.example.com', true],
    ['the bare domain', 'https://*.example.com', 'https://example.com', false],
    ['a look-alike suffix', 'https://*.example.com', 'https://example.com.evil.io', false],
    ['a look-alike subdomain', 'https://*.example.com', 'https://a.example.com.evil.io', false],
    ['a look-alike prefix', 'https://*.example.com', 'https://evilexample.com', false],
    ['a wildcard with another scheme', 'https://*.example.com', 'http://a.example.com', false],
    ['a wildcard with a port', 'https://*.example.com:8443', 'https://a.example.com:8443', true],
    ['a wildcard, the port left out', 'https://*.example.com:8443', 'https://a.example.com', false],
    ['an empty label', 'https://*.example.com', 'https://.example.com', false],
    ['an origin with a path', 'https://app.example.com', 'https://app.example.com/x', false],
    ['a pattern with a path', 'https://app.example.com/x', 'https://app.example.com', false],
    ['the opaque origin', 'https://app.example.com', 'null', false],
  ])('%s', (_, pattern, origin, expected) => {
    expect(embedOriginMatches(pattern, origin)).toBe(expected);
  });

  it('allows an origin when any pattern matches', () => {
    const patterns = ['https://*.example.com', 'http://localhost:4000'];
    expect(isAllowedEmbedOrigin(patterns, 'http://localhost:4000')).toBe(true);
    expect(isAllowedEmbedOrigin(patterns, 'https://x.example.com')).toBe(true);
    expect(isAllowedEmbedOrigin(patterns, 'https://example.org')).toBe(false);
    expect(isAllowedEmbedOrigin([], 'http://localhost:4000')).toBe(false);
  });
});
