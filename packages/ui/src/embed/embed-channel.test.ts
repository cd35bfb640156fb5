import { EmbedClientEvent } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { createEmbedChannel, isEmbedPath, type EmbedHostMessage } from './embed-channel';

/** A host window that records what is posted to it. */
function hostWindow() {
  const posted: [unknown, string][] = [];
  return { posted, postMessage: (message: unknown, origin: string) => void posted.push([message, origin]) };
}

const ORIGIN = 'https://host.example';

/** A `message` event as a browser dispatches it (Node's MessageEvent takes only MessagePort sources). */
function messageEvent(data: unknown, origin: string, source: unknown): Event {
  return Object.assign(new Event('message'), { data, origin, source });
}

describe('the embed channel', () => {
  it('posts to the host origin only', () => {
    const host = hostWindow();
    const channel = createEmbedChannel({ host, origin: ORIGIN, events: new EventTarget() });
    channel.post({ type: EmbedClientEvent.CLIENT_INIT, data: {} });
    expect(host.posted).toEqual([[{ type: 'CLIENT_INIT', data: {} }, ORIGIN]]);
  });

  it.each([
    ['the host at its origin', 'host', ORIGIN, { type: 'VENDOR_INIT', data: {} }, true],
    ['another window', 'other', ORIGIN, { type: 'VENDOR_INIT', data: {} }, false],
    ['another origin', 'host', 'https://evil.example', { type: 'VENDOR_INIT', data: {} }, false],
    ['a message without a type', 'host', ORIGIN, { data: {} }, false],
    ['a string', 'host', ORIGIN, 'VENDOR_INIT', false],
  ])('accepts a message from %s: %j', (_, from, origin, data, accepted) => {
    const host = hostWindow();
    const events = new EventTarget();
    const channel = createEmbedChannel({ host, origin: ORIGIN, events });
    const heard: EmbedHostMessage[] = [];
    channel.listen((message) => heard.push(message));
    events.dispatchEvent(messageEvent(data, origin, from === 'host' ? host : hostWindow()));
    expect(heard).toEqual(accepted ? [data] : []);
  });

  it('keeps what arrives before anyone listens, for the first listener', () => {
    const host = hostWindow();
    const events = new EventTarget();
    const channel = createEmbedChannel({ host, origin: ORIGIN, events });
    events.dispatchEvent(messageEvent({ type: 'VENDOR_INIT' }, ORIGIN, host));
    const first: string[] = [];
    const second: string[] = [];
    channel.listen((message) => first.push(message.type));
    channel.listen((message) => second.push(message.type));
    events.dispatchEvent(messageEvent({ type: 'VENDOR_ROUTE_CHANGED' }, ORIGIN, host));
    expect(first).toEqual(['VENDOR_INIT', 'VENDOR_ROUTE_CHANGED']);
    expect(second).toEqual(['VENDOR_ROUTE_CHANGED']);
  });

  it.each([
    ['/embed', true],
    ['/embed/connections', true],
    ['/embedded', false],
    ['/projects/p1/flows', false],
  ])('%s is an embed page: %j', (pathname, expected) => {
    expect(isEmbedPath(pathname)).toBe(expected);
  });
});
