/**
 * The start of an embed session: wait for the host's first `VENDOR_INIT`, exchange its JWT for a
 * session (`managedAuthn.externalToken`), and tell the host how that went
 * (`CLIENT_AUTHENTICATION_SUCCESS`, or `CLIENT_AUTHENTICATION_FAILED {message, code}`).
 */
import { isApiError } from '@piecework/client';
import { EmbedClientEvent, EmbedVendorEvent, type AuthenticationResponse } from '@piecework/shared';
import { errorMessage } from '../api/error-message';
import type { EmbedChannel } from './embed-channel';

/** The data of `VENDOR_INIT`, fields unchecked (see `embedOptionsOf`). */
export type VendorInit = Record<string, unknown>;

/** The host's first `VENDOR_INIT` data (later ones are ignored). */
export async function waitForVendorInit(channel: EmbedChannel): Promise<VendorInit> {
  const { data } = await channel.take(EmbedVendorEvent.VENDOR_INIT);
  return typeof data === 'object' && data !== null ? (data as VendorInit) : {};
}

/** How the exchange went: the session's answer, or the message shown and sent to the host. */
export type Authentication =
  { ok: true; answer: AuthenticationResponse } | { ok: false; message: string; code?: string };

/** Exchanges `init.jwtToken` with `exchange` and reports the outcome to the host. */
export async function authenticate(
  channel: EmbedChannel,
  init: VendorInit,
  exchange: (externalAccessToken: string) => Promise<AuthenticationResponse>,
): Promise<Authentication> {
  const token = init['jwtToken'];
  let outcome: Authentication;
  if (typeof token !== 'string' || token === '') {
    outcome = { ok: false, message: 'The host page sent no token to sign in with.' };
  } else {
    try {
      outcome = { ok: true, answer: await exchange(token) };
    } catch (error) {
      outcome = {
        ok: false,
        message: errorMessage(error),
        ...(isApiError(error) ? { code: error.code } : {}),
      };
    }
  }
  if (outcome.ok) channel.post({ type: EmbedClientEvent.CLIENT_AUTHENTICATION_SUCCESS, data: {} });
  else {
    const { message, code } = outcome;
    channel.post({
      type: EmbedClientEvent.CLIENT_AUTHENTICATION_FAILED,
      data: code === undefined ? { message } : { message, code },
    });
  }
  return outcome;
}
