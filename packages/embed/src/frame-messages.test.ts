import { describe, expect, it } from 'vitest';
import { acceptMessage, postToApp, type IncomingMessage } from './frame-messages';

const appWindow = { name: 'the app frame' };
const otherWindow = { name: 'another frame' };
const origin = 'https://flows.example';
const expected = { source: appWindow, origin };

describe('acceptMessage', () => {
  it.each<[string, IncomingMessage]>([
    ['another window', { source: otherWindow, origin, data: { type: 'CLIENT_INIT', data: {} } }],
    ['no window', { source: null, origin, data: { type: 'CLIENT_INIT', data: {} } }],
    ['another origin', { source: appWindow, origin: 'https://evil.example', data: { type: 'CLIENT_INIT' } }],
    [
      'a look-alike origin',
      { source: appWindow, origin: 'https://flows.example.evil', data: { type: 'CLIENT_INIT' } },
    ],
    [
      'the same host on another port',
      { source: appWindow, origin: 'https://flows.example:8443', data: { type: 'X' } },
    ],
    ['a string', { source: appWindow, origin, data: 'CLIENT_INIT' }],
    ['null', { source: appWindow, origin, data: null }],
    ['an object without a type', { source: appWindow, origin, data: { data: {} } }],
    ['a type that is not a string', { source: appWindow, origin, data: { type: 1 } }],
  ])('ignores a message from %s or of that shape', (_, event) => {
    expect(acceptMessage(event, expected)).toBeUndefined();
  });

  it.each<[string, unknown, unknown]>([
    ['with data', { type: 'CLIENT_ROUTE_CHANGED', data: { route: '/flows' } }, { route: '/flows' }],
    ['without data', { type: 'CLIENT_INIT' }, undefined],
  ])('accepts a message of the app window at the server origin, %s', (_, data, payload) => {
    const message = acceptMessage({ source: appWindow, origin, data }, expected);
    expect(message).toStrictEqual({ type: (data as { type: string }).type, data: payload });
  });

  it('accepts nothing while the app has no window', () => {
    expect(
      acceptMessage({ source: null, origin, data: { type: 'CLIENT_INIT' } }, { source: null, origin }),
    ).toBe(undefined);
  });
});

describe('postToApp', () => {
  it("names the server's origin as the target, never '*'", () => {
    const posted: [unknown, string][] = [];
    postToApp(
      { postMessage: (message, targetOrigin) => posted.push([message, targetOrigin]) },
      { type: 'VENDOR_ROUTE_CHANGED', data: { vendorRoute: '/runs' } },
      origin,
    );
    expect(posted).toStrictEqual([
      [{ type: 'VENDOR_ROUTE_CHANGED', data: { vendorRoute: '/runs' } }, origin],
    ]);
  });
});
