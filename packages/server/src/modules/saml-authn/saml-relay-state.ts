/**
 * The RelayState of an SP-initiated SAML sign-in: `<platformId>.<expiry>.<mac>`, an HMAC-SHA256
 * (keyed from AP_JWT_SECRET for this use alone) over the platform and the expiry, so the response
 * comes back bound to the platform the sign-in started on. It stays under the 80 bytes SAML
 * allows a RelayState (a JWT, as federated sign-in's state is, would not).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { REQUEST_LIFETIME_MS } from './saml-client';

/** Issues and checks SAML RelayStates. */
export class SamlRelayStates {
  private readonly key: Buffer;

  constructor(
    jwtSecret: Uint8Array,
    private readonly nowMs: () => number = Date.now,
  ) {
    this.key = createHmac('sha256', jwtSecret).update('piecework saml relay-state').digest();
  }

  /** A RelayState for a sign-in on `platformId`, valid as long as its AuthnRequest. */
  issue(platformId: string): string {
    const expiry = Math.floor((this.nowMs() + REQUEST_LIFETIME_MS) / 1000).toString(36);
    return `${platformId}.${expiry}.${this.mac(platformId, expiry)}`;
  }

  /** The platform of a RelayState this server issued and that has not expired; undefined otherwise. */
  verify(relayState: string | undefined): string | undefined {
    const [platformId, expiry, mac, ...rest] = (relayState ?? '').split('.');
    if (platformId === undefined || expiry === undefined || mac === undefined || rest.length > 0) {
      return undefined;
    }
    const expected = Buffer.from(this.mac(platformId, expiry));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    if (parseInt(expiry, 36) * 1000 < this.nowMs()) return undefined;
    return platformId;
  }

  private mac(platformId: string, expiry: string): string {
    return createHmac('sha256', this.key).update(`${platformId}.${expiry}`).digest('base64url').slice(0, 22);
  }
}
