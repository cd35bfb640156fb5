import { describe, expect, it } from 'vitest';
import { createAppSession } from './app-session';
import type { AcceptedMessage } from './frame-messages';
import { vendorInitData } from './vendor-init';

const origin = 'https://flows.example';

/** A session with a stand-in app window that records what it is sent. */
function session() {
  const posted: [unknown, string][] = [];
  const appWindow = {
    postMessage: (message: unknown, targetOrigin: string) => posted.push([message, targetOrigin]),
  };
  const received: AcceptedMessage[] = [];
  const data = vendorInitData({ instanceUrl: origin, jwtToken: 'jwt' }, '/runs');
  const live = createAppSession({
    origin,
    target: () => appWindow,
    vendorInit: () => data,
    onMessage: (m) => received.push(m),
  });
  return { live, appWindow, posted, received, data };
}

describe('createAppSession', () => {
  it("answers CLIENT_INIT with VENDOR_INIT at the server's origin", () => {
    const { live, appWindow, posted, received, data } = session();
    expect(live.answered).toBe(false);
    live.receive({ source: appWindow, origin, data: { type: 'CLIENT_INIT', data: {} } });
    expect(posted).toStrictEqual([[{ type: 'VENDOR_INIT', data }, origin]]);
    expect(received).toStrictEqual([{ type: 'CLIENT_INIT', data: {} }]);
    expect(live.answered).toBe(true);
  });

  it('answers again when the app reloads and asks again', () => {
    const { live, appWindow, posted } = session();
    live.receive({ source: appWindow, origin, data: { type: 'CLIENT_INIT', data: {} } });
    live.receive({ source: appWindow, origin, data: { type: 'CLIENT_INIT', data: {} } });
    expect(posted).toHaveLength(2);
  });

  it.each([
    ['another origin', { source: 'app', origin: 'https://evil.example' }],
    ['another window', { source: {}, origin }],
  ])('neither answers nor hands on a message from %s', (_, from) => {
    const { live, appWindow, posted, received } = session();
    const source = from.source === 'app' ? appWindow : from.source;
    live.receive({ source, origin: from.origin, data: { type: 'CLIENT_INIT', data: {} } });
    expect(posted).toStrictEqual([]);
    expect(received).toStrictEqual([]);
    expect(live.answered).toBe(false);
  });

  it('hands on the other messages and posts what it is asked to', () => {
    const { live, appWindow, posted, received } = session();
    live.receive({
      source: appWindow,
      origin,
      data: { type: 'CLIENT_ROUTE_CHANGED', data: { route: '/flows' } },
    });
    expect(live.post({ type: 'VENDOR_ROUTE_CHANGED', data: { vendorRoute: '/runs' } })).toBe(true);
    expect(received).toStrictEqual([{ type: 'CLIENT_ROUTE_CHANGED', data: { route: '/flows' } }]);
    expect(posted).toStrictEqual([
      [{ type: 'VENDOR_ROUTE_CHANGED', data: { vendorRoute: '/runs' } }, origin],
    ]);
  });

  it('posts nothing while there is no app window', () => {
    const live = createAppSession({
      origin,
      target: () => null,
      vendorInit: () => vendorInitData({ instanceUrl: origin, jwtToken: 'jwt' }, '/'),
      onMessage: () => undefined,
    });
    expect(live.post({ type: 'VENDOR_ROUTE_CHANGED', data: { vendorRoute: '/' } })).toBe(false);
  });
});
