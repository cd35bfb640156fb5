import { z } from 'zod';
import { PiecesFilterType } from '../projects/project-plan';

/** The claims every version of an external token carries (reference managed auth). */
const CommonClaims = {
  /** The user's id in the host product: the user is created once per platform and id. */
  externalUserId: z.string().min(1).max(255),
  /** The project's id in the host product: the project is created once per platform and id. */
  externalProjectId: z.string().min(1).max(255),
  firstName: z.string().max(255),
  lastName: z.string().max(255),
  /** The user's email; a synthetic address is used when absent, invalid or taken. */
  email: z.string().max(320).optional(),
  /** A project role name (Admin, Editor, Viewer or a custom role; any case). Default Editor. */
  role: z.string().min(1).max(255).optional(),
  /** The project's display name (default the externalProjectId); updated when given. */
  projectDisplayName: z.string().trim().min(1).max(255).optional(),
  /** Accepted for compatibility; task limits are not enforced. */
  tasks: z.number().optional(),
  /** Expiry, seconds since the epoch: required. */
  exp: z.number(),
  nbf: z.number().optional(),
  iat: z.number().optional(),
};

/**
 * The v3 claims of a JWT sent to `POST /v1/managed-authn/external-token`: `version: 'v3'` with
 * the piece filter as `piecesFilterType` and `piecesTags`.
 */
export const ExternalTokenClaimsV3 = z.object({
  ...CommonClaims,
  version: z.literal('v3'),
  piecesFilterType: PiecesFilterType.optional(),
  piecesTags: z.array(z.string()).optional(),
});
export type ExternalTokenClaimsV3 = z.infer<typeof ExternalTokenClaimsV3>;

/** The older (v2, no `version`) claims: the piece filter as `pieces: {filterType, tags?}`. */
export const ExternalTokenClaimsV2 = z.object({
  ...CommonClaims,
  version: z.literal('v2').optional(),
  pieces: z.object({ filterType: PiecesFilterType, tags: z.array(z.string()).optional() }).optional(),
});
export type ExternalTokenClaimsV2 = z.infer<typeof ExternalTokenClaimsV2>;

/**
 * The claims of an external (managed-auth) token, v3 or v2. Use it to check the payload of a
 * verified token; {@link externalTokenPieceFilter} reads the piece filter of either version.
 */
export const ExternalTokenClaims = z.union([ExternalTokenClaimsV3, ExternalTokenClaimsV2]);
export type ExternalTokenClaims = z.infer<typeof ExternalTokenClaims>;

/** The piece filter the claims ask for, whatever their version (NONE with no tags by default). */
export function externalTokenPieceFilter(claims: ExternalTokenClaims): {
  filterType: PiecesFilterType;
  tags: string[];
} {
  if (claims.version === 'v3') {
    return { filterType: claims.piecesFilterType ?? 'NONE', tags: claims.piecesTags ?? [] };
  }
  return { filterType: claims.pieces?.filterType ?? 'NONE', tags: claims.pieces?.tags ?? [] };
}

/**
 * The domain of the address a managed user gets when its token carries no usable email
 * (`managed-<hash>@embedded.invalid`, `.invalid` being reserved: nothing is ever sent there).
 * The web app hides such an address instead of showing it as the user's email.
 */
export const MANAGED_EMAIL_DOMAIN = 'embedded.invalid';

/** Whether `email` is a managed user's stand-in address ({@link MANAGED_EMAIL_DOMAIN}). */
export function isManagedStandInEmail(email: string): boolean {
  return email.endsWith(`@${MANAGED_EMAIL_DOMAIN}`);
}
