/**
 * Verifying the JWT of `POST /v1/managed-authn/external-token`, with jose's `jwtVerify`: `alg`
 * pinned to `RS256` (never `none`, `HS256` or another), a `kid` naming a signing key, which gives
 * the platform; the signature checked with that key's stored public key; `exp` required and not
 * past, `nbf` not in the future (30 s clock tolerance); `iat`, when present, not in the future
 * either (jose checks that only with a maximum token age, which these tokens do not have); then
 * the claims (v3 or v2). Any failure is 401 INVALID_BEARER_TOKEN saying what failed. It only
 * reads: nothing is written before a token is verified.
 */
import { createPublicKey, type KeyObject } from 'node:crypto';
import { errors, jwtVerify, type JWTHeaderParameters, type JWTPayload } from 'jose';
import {
  ExternalTokenClaimsV2,
  ExternalTokenClaimsV3,
  PieceworkError,
  type ExternalTokenClaims,
} from '@piecework/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../infrastructure/storage/database';
import { findSigningKeyById } from './managed-authn-repository';

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

const ALGORITHMS = ['RS256'];

/** The message of a token jose refused, saying what failed. */
function refusalMessage(error: unknown): string | undefined {
  if (error instanceof errors.JWTExpired) return 'The token has expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'exp') return 'The token has no expiry (exp, seconds since the epoch)';
    if (error.claim === 'nbf' && error.reason === 'check_failed') return "The token's nbf is in the future";
    return `The token's ${error.claim} is invalid: ${error.message}`;
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return 'The token must be signed with RS256 (header alg)';
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return "The token's signature does not match its signing key";
  if (error instanceof errors.JOSENotSupported)
    return `The token uses what this server does not support: ${error.message}`;
  if (error instanceof errors.JOSEError) return `The token is not a valid signed JWT: ${error.message}`;
  return undefined;
}

function assertIssuedInThePast(payload: JWTPayload, nowSeconds: number): void {
  if (payload.iat !== undefined && payload.iat - EXTERNAL_TOKEN_LEEWAY_SECONDS > nowSeconds) {
    throw invalidExternalToken("The token's iat is in the future");
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
  let key: { id: string; platformId: string } | undefined;
  const keyOf = async (header: JWTHeaderParameters): Promise<KeyObject> => {
    if (typeof header.kid !== 'string' || header.kid === '') {
      throw invalidExternalToken('The token has no signing key id (header kid)');
    }
    const row = await findSigningKeyById(db, header.kid);
    if (row === undefined) throw invalidExternalToken(`No signing key has the id ${header.kid}`);
    key = row;
    return createPublicKey(row.publicKey);
  };
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keyOf, {
      algorithms: ALGORITHMS,
      clockTolerance: EXTERNAL_TOKEN_LEEWAY_SECONDS,
      currentDate: new Date(nowMs),
      requiredClaims: ['exp'],
    }));
  } catch (error) {
    const message = refusalMessage(error);
    if (message === undefined) throw error;
    throw invalidExternalToken(message);
  }
  assertIssuedInThePast(payload, nowMs / 1000);
  if (key === undefined) throw new Error('jose verified a token without asking for its key');
  const schema = payload['version'] === 'v3' ? ExternalTokenClaimsV3 : ExternalTokenClaimsV2;
  const claims = schema.safeParse(payload);
  if (!claims.success) {
    const issue = claims.error.issues[0];
    const where = issue === undefined || issue.path.length === 0 ? 'claims' : issue.path.join('.');
    throw invalidExternalToken(`The token's ${where} is invalid: ${issue?.message ?? 'unexpected shape'}`);
  }
  return { platformId: key.platformId, signingKeyId: key.id, claims: claims.data };
}
