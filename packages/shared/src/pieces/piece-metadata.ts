import { z } from 'zod';
import { ActionMetadata } from './action-metadata';
import { PieceAuth } from './piece-auth';
import { TriggerMetadata } from './trigger-metadata';

/**
 * An exact package version as published (`1.2.3`, or with a pre-release/build suffix such as
 * `1.2.3-beta.1`); no range prefix.
 */
export const ExactPackageVersion = z
  .string()
  .regex(/^\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]+)?$/, 'must be an exact version MAJOR.MINOR.PATCH');
export type ExactPackageVersion = z.infer<typeof ExactPackageVersion>;

/**
 * A piece's auth: one variant, several (the user picks one, e.g. OAuth2 or a bot token), or
 * undefined when the piece needs none.
 */
export const PieceAuthDeclaration = z.union([PieceAuth, z.array(PieceAuth)]).optional();
export type PieceAuthDeclaration = z.infer<typeof PieceAuthDeclaration>;

/**
 * Whether this server can run a piece version now: BUILT_IN (part of the server), INSTALLED (its
 * npm package is in the pieces directory), INSTALL_ON_USE (known from the catalogue; its package
 * is installed when a flow first needs it) or UNAVAILABLE (listed, but it cannot run here: see
 * `unavailableReason`; also a catalogue piece while on-demand installs are turned off).
 */
export const PieceInstallState = z.enum(['BUILT_IN', 'INSTALLED', 'INSTALL_ON_USE', 'UNAVAILABLE']);
export type PieceInstallState = z.infer<typeof PieceInstallState>;

/** How a piece version's package is obtained: from the npm registry, or an uploaded archive (a packed `.tgz`). */
export const PiecePackageType = z.enum(['REGISTRY', 'ARCHIVE']);
export type PiecePackageType = z.infer<typeof PiecePackageType>;

const pieceFields = {
  id: z.string().optional(),
  name: z.string().min(1),
  displayName: z.string(),
  logoUrl: z.string(),
  description: z.string(),
  authors: z.array(z.string()),
  version: ExactPackageVersion,
  platformId: z.string().nullable().optional(),
  directoryPath: z.string().nullable().optional(),
  auth: PieceAuthDeclaration,
  categories: z.array(z.string()).optional(),
  minimumSupportedRelease: z.string().optional(),
  maximumSupportedRelease: z.string().optional(),
  /** Whether this server can run the version now (absent from servers that do not say). */
  installState: PieceInstallState.optional(),
  /** Why an UNAVAILABLE version cannot run here, in a sentence. */
  unavailableReason: z.string().optional(),
  packageType: PiecePackageType.optional(),
  /** OFFICIAL (from the registry's catalogue) or CUSTOM (a platform's own piece). */
  pieceType: z.enum(['OFFICIAL', 'CUSTOM']).optional(),
};

/**
 * Everything known about one version of a piece (`GET /v1/pieces/:name`): identity, labels,
 * auth, and its actions and triggers by name. `platformId` is set for a platform's private
 * pieces; `directoryPath` for pieces loaded from a local folder.
 */
export const PieceMetadata = z.looseObject({
  ...pieceFields,
  actions: z.record(z.string(), ActionMetadata),
  triggers: z.record(z.string(), TriggerMetadata),
});
export type PieceMetadata = z.infer<typeof PieceMetadata>;

/** A piece in a listing (`GET /v1/pieces`): its metadata with only the counts of actions and triggers. */
export const PieceMetadataSummary = z.looseObject({
  ...pieceFields,
  actions: z.number().int().min(0),
  triggers: z.number().int().min(0),
});
export type PieceMetadataSummary = z.infer<typeof PieceMetadataSummary>;

/**
 * One available version of a piece, as listed by `GET /v1/pieces/:name/versions` (an array of
 * these). The shape of this answer is Piecework's choice.
 */
export const PieceVersionSummary = z.object({
  version: ExactPackageVersion,
  minimumSupportedRelease: z.string().optional(),
  maximumSupportedRelease: z.string().optional(),
});
export type PieceVersionSummary = z.infer<typeof PieceVersionSummary>;
