import { describe, expect, it } from 'vitest';
import { isLoopbackHost, redirectUriProblem } from './mcp-redirect-uri';

describe('redirectUriProblem', () => {
  it.each([
    ['https on any host', 'https://app.example.com/oauth/callback'],
    ['https with a port and query', 'https://app.example.com:8443/cb?x=1'],
    ['http on localhost', 'http://localhost:6274/oauth/callback'],
    ['http on 127.0.0.1', 'http://127.0.0.1:33418/callback'],
    ['http on another 127/8 address', 'http://127.1.2.3/cb'],
    ['http on [::1]', 'http://[::1]:8080/cb'],
    ['a reverse-domain private-use scheme', 'com.example.app:/oauth2redirect'],
    ['cursor', 'cursor://anysphere.cursor-retrieval/oauth/callback'],
    ['vscode', 'vscode://vscode.github-authentication/did-authenticate'],
    ['vscode-insiders', 'vscode-insiders://auth/cb'],
    ['windsurf', 'windsurf://codeium/cb'],
    ['claude', 'claude://oauth/callback'],
  ])('accepts %s', (_, uri) => {
    expect(redirectUriProblem(uri)).toBeUndefined();
  });

  it.each([
    ['javascript:', 'javascript:alert(1)', /javascript: scheme/],
    ['data:', 'data:text/html,<script>alert(1)</script>', /data: scheme/],
    ['file:', 'file:///etc/passwd', /file: scheme/],
    ['blob:', 'blob:https://example.com/1234', /blob: scheme/],
    ['vbscript:', 'vbscript:msgbox(1)', /vbscript: scheme/],
    ['about:', 'about:blank', /about: scheme/],
    ['http on a public host', 'http://example.com/cb', /http: on a host other than loopback/],
    ['http on a private address', 'http://192.168.1.10/cb', /loopback/],
    ['http on a look-alike of localhost', 'http://localhost.evil.com/cb', /loopback/],
    ['a fragment', 'https://app.example.com/cb#frag', /fragment/],
    ['an empty fragment', 'https://app.example.com/cb#', /fragment/],
    ['user info', 'https://user:pw@app.example.com/cb', /user info/],
    ['a relative URI', '/callback', /not an absolute URI/],
    ['whitespace', 'https://app.example.com/c b', /whitespace/],
    ['an unknown plain scheme', 'myapp://cb', /myapp: scheme/],
    ['ftp', 'ftp://example.com/cb', /ftp: scheme/],
    ['more than 2000 characters', `https://app.example.com/${'a'.repeat(2000)}`, /longer than 2000/],
  ])('refuses %s', (_, uri, reason) => {
    expect(redirectUriProblem(uri)).toMatch(reason);
  });

  it('knows loopback hosts as URL parses them', () => {
    expect([
      isLoopbackHost(new URL('http://LOCALHOST/').hostname),
      isLoopbackHost(new URL('http://127.0.0.1/').hostname),
      isLoopbackHost(new URL('http://[::1]/').hostname),
      isLoopbackHost(new URL('http://2130706433/').hostname),
      isLoopbackHost(new URL('http://10.0.0.1/').hostname),
    ]).toEqual([true, true, true, true, false]);
  });
});
