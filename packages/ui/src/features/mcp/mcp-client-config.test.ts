import { describe, expect, it } from 'vitest';
import { mcpClientConfig, redirectHostOf } from './mcp-client-config';

describe('mcpClientConfig', () => {
  it('names the server piecework, with its URL and the token as a bearer header', () => {
    expect(mcpClientConfig('https://flows.example/mcp', 'tok_1')).toStrictEqual({
      mcpServers: {
        piecework: { url: 'https://flows.example/mcp', headers: { Authorization: 'Bearer tok_1' } },
      },
    });
  });
});

describe('redirectHostOf', () => {
  it.each([
    ['a loopback URI with a port', 'http://127.0.0.1:4000/callback?x=1', '127.0.0.1:4000'],
    ['an https URI', 'https://app.example.com/oauth/cb', 'app.example.com'],
    ['a private-use scheme without host', 'cursor:/oauth/callback', 'cursor:/oauth/callback'],
    ['something that is no URL', 'not a url', 'not a url'],
  ])('%s', (_, uri, expected) => {
    expect(redirectHostOf(uri)).toBe(expected);
  });
});
