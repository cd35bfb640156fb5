/**
 * Verifying the JWT of `POST /v1/managed-authn/external-token` with node:crypto alone: three
 * base64url parts; a header with `alg` exactly `RS256` (never `none`, `HS256` or another) and a
 * `kid` naming a signing key, which gives the platform; an RS256 signature checked with that
 * key's stored public key; `exp` required and not past (30 s leeway), `nbf` and `iat` not in the
 * future (same leeway); then the claims (v3 or v2). Any failure is 401 INVALID_BEARER_TOKEN
 * saying what failed. It only reads: nothing is written before a token is verified.
 */
import { createPublicKey, verify } from 'node:crypto';
import {
  ExternalTokenClaimsV2,
  ExternalTokenClaimsV3,
  PieceworkError,
  type ExternalTokenClaims,
} from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/database';

/** How far the token's times may be off this server's clock, in seconds. */
export const EXTERNAL_TOKEN_LEEWAY_SECONDS = 30;

/** A verified token: the platform of its signing key and its claims. */
export interface VerifiedExternalToken {
  readonly platformId: string;
  readonly signingKeyId: string;
  readonly claims: ExternalTokenClaims;
}

/** The 401 INVALID_BEARER_TOKEN of a refused external token. */
export function invalidExternalToken(message: string): PieceworkError {
  return new PieceworkError('INVALID_BEARER_TOKEN', { message });
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function decodeJsonPart(part: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw invalidExternalToken(`The token's ${what} is not base64url JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalidExternalToken(`The token's ${what} is not a JSON object`);
  }
  return value as Record<string, unknown>;
}

function assertTimes(payload: Record<string, unknown>, nowSeconds: number): void {
  const { exp, nbf, iat } = payload;
  if (typeof exp !== 'number' || !Number.isFinite(exp)) {
    throw invalidExternalToken('The token has no expiry (exp, seconds since the epoch)');
  }
  if (exp + EXTERNAL_TOKEN_LEEWAY_SECONDS <= nowSeconds) throw invalidExternalToken('The token has expired');
  for (const [name, value] of [
    ['nbf', nbf],
    ['iat', iat],
  ] as const) {
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      throw invalidExternalToken(`The token's ${name} is not a number of seconds`);
    }
    if (value - EXTERNAL_TOKEN_LEEWAY_SECONDS > nowSeconds) {
      throw invalidExternalToken(`The token's ${name} is in the future`);
    }
  }
}

function signatureMatches(signingInput: string, signature: string, publicKeyPem: string): boolean {
  try {
    return verify(
      'sha256',
      Buffer.from(signingInput, 'ascii'),
      createPublicKey(publicKeyPem),
      Buffer.from(signature, 'base64url'),
    );
  } catch {
    return false;
  }
}

/**
 * Verifies `token` against the signing keys in `db` at `nowMs`; answers its platform and claims,
 * or throws 401 INVALID_BEARER_TOKEN. Use it before any write of managed authentication.
 */
export async function verifyExternalToken(
  db: Kysely<Database>,
  token: string,
  nowMs: number,
): Promise<VerifiedExternalToken> {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) {
    throw invalidExternalToken('The token is not a signed JWT (three base64url parts)');
  }
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeJsonPart(headerPart, 'header');
  if (header['alg'] !== 'RS256') {
    throw invalidExternalToken('The token must be signed with RS256 (header alg)');
  }
  if (header['crit'] !== undefined) throw invalidExternalToken('The token has critical header parameters');
  const kid = header['kid'];
  if (typeof kid !== 'string' || kid === '') {
    throw invalidExternalToken('The token has no signing key id (header kid)');
  }
  const key = await db
    .selectFrom('signingKey')
    .select(['id', 'platformId', 'publicKey'])
    .where('id', '=', kid)
    .executeTakeFirst();
  if (key === undefined) throw invalidExternalToken(`No signing key has the id ${kid}`);
  if (!signatureMatches(`${headerPart}.${payloadPart}`, signaturePart, key.publicKey))
    throw invalidExternalToken(`The token's signature does not match signing key ${kid}`);
  const payload = decodeJsonPart(payloadPart, 'payload');
  assertTimes(payload, nowMs / 1000);
  const schema = payload['version'] === 'v3' ? ExternalTokenClaimsV3 : ExternalTokenClaimsV2;
  const claims = schema.safeParse(payload);
  if (!claims.success) {
    const issue = claims.error.issues[0];
    const where = issue === undefined || issue.path.length === 0 ? 'claims' : issue.path.join('.');
    throw invalidExternalToken(`The token's ${where} is invalid: ${issue?.message ?? 'unexpected shape'}`);
  }
  return { platformId: key.platformId, signingKeyId: key.id, claims: claims.data };
}
