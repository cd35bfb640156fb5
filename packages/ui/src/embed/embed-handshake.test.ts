import { ApiError } from '@piecework/client';
import type { AuthenticationResponse } from '@piecework/shared';
import { describe, expect, it } from 'vitest';
import { createEmbedChannel } from './embed-channel';
import { authenticate, waitForVendorInit } from './embed-handshake';

const ORIGIN = 'https://host.example';

/** A channel to a host window that records what it is posted, and a way to post from the host. */
function channelToHost() {
  const posted: unknown[] = [];
  const host = { postMessage: (message: unknown) => void posted.push(message) };
  const events = new EventTarget();
  const channel = createEmbedChannel({ host, origin: ORIGIN, events });
  const fromHost = (data: unknown) =>
    events.dispatchEvent(Object.assign(new Event('message'), { data, origin: ORIGIN, source: host }));
  return { channel, posted, fromHost };
}

const ANSWER = { token: 't', projectId: 'p1' } as AuthenticationResponse;

describe('the embed handshake', () => {
  it('takes the first VENDOR_INIT, even one sent before the app listened, and leaves the rest', async () => {
    const { channel, fromHost } = channelToHost();
    fromHost({ type: 'VENDOR_ROUTE_CHANGED', data: { vendorRoute: '/runs' } });
    fromHost({ type: 'VENDOR_INIT', data: { jwtToken: 'first' } });
    fromHost({ type: 'VENDOR_INIT', data: { jwtToken: 'second' } });
    await expect(waitForVendorInit(channel)).resolves.toEqual({ jwtToken: 'first' });
    const rest: unknown[] = [];
    channel.listen((message) => rest.push(message.data));
    expect(rest).toEqual([{ vendorRoute: '/runs' }, { jwtToken: 'second' }]);
  });

  it('waits for a VENDOR_INIT still to come', async () => {
    const { channel, fromHost } = channelToHost();
    const init = waitForVendorInit(channel);
    fromHost({ type: 'VENDOR_INIT', data: { jwtToken: 'later' } });
    await expect(init).resolves.toEqual({ jwtToken: 'later' });
  });

  it.each([
    [
      'a token the server accepts',
      { jwtToken: 'jwt' },
      async () => ANSWER,
      { type: 'CLIENT_AUTHENTICATION_SUCCESS', data: {} },
    ],
    [
      'a token the server refuses',
      { jwtToken: 'jwt' },
      async () => {
        throw new ApiError({
          status: 401,
          code: 'INVALID_BEARER_TOKEN',
          params: { message: 'The token has expired.' },
          requestId: undefined,
          method: 'POST',
          url: `${ORIGIN}/api/v1/managed-authn/external-token`,
          body: undefined,
        });
      },
      {
        type: 'CLIENT_AUTHENTICATION_FAILED',
        data: { message: 'The token has expired.', code: 'INVALID_BEARER_TOKEN' },
      },
    ],
    [
      'no token',
      {},
      async () => ANSWER,
      {
        type: 'CLIENT_AUTHENTICATION_FAILED',
        data: { message: 'The host page sent no token to sign in with.' },
      },
    ],
    [
      'an unreachable server',
      { jwtToken: 'jwt' },
      async () => {
        throw new TypeError('fetch failed');
      },
      {
        type: 'CLIENT_AUTHENTICATION_FAILED',
        data: { message: 'The server cannot be reached. Check your connection and try again.' },
      },
    ],
  ])('reports %s to the host', async (_, init, exchange, expected) => {
    const { channel, posted } = channelToHost();
    const outcome = await authenticate(channel, init, exchange);
    expect(outcome.ok).toBe(expected.type === 'CLIENT_AUTHENTICATION_SUCCESS');
    expect(posted).toEqual([expected]);
  });
});
