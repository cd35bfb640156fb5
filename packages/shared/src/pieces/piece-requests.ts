import { z } from 'zod';
import { Id } from '../common/id';
import { QueryList } from '../common/query-list';
import { PieceOrderBy, PieceSortBy } from './piece-category';
import { ExactPackageVersion } from './piece-metadata';

/** A query flag: `true`/`false` as JSON, or the strings `'true'`/`'false'` of a query string. */
const QueryFlag = z.union([z.boolean(), z.enum(['true', 'false']).transform((text) => text === 'true')]);

/**
 * A piece's package name: `piece-x` or `@scope/piece-x`, as npm spells package names (lower case,
 * no spaces, at most 214 characters).
 */
export const PiecePackageName = z
  .string()
  .max(214)
  .regex(
    /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/,
    'must be an npm package name (piece-x or @scope/piece-x)',
  );
export type PiecePackageName = z.infer<typeof PiecePackageName>;

/**
 * Query of `GET /v1/pieces`. `projectId` applies that project's plan (an ALLOWED plan lists only
 * its pieces) unless `includeHidden` is true; `searchQuery` matches name, display name and
 * description (case-insensitive substring); `categories` keeps pieces in any of them; `sortBy`
 * and `orderBy` order the list as Activepieces accepts them (see {@link PieceSortBy}).
 */
export const ListPiecesQuery = z.object({
  projectId: Id.optional(),
  searchQuery: z.string().max(200).optional(),
  categories: QueryList(z.string()).optional(),
  includeHidden: QueryFlag.optional(),
  sortBy: PieceSortBy.optional(),
  orderBy: PieceOrderBy.optional(),
});
export type ListPiecesQuery = z.infer<typeof ListPiecesQuery>;

/** Params of `/v1/pieces/:name` routes: the piece's name (`%40scope%2Fname` when scoped). */
export const PieceNameParams = z.object({ name: PiecePackageName });
export type PieceNameParams = z.infer<typeof PieceNameParams>;

/** Params of `/v1/pieces/:scope/:name` routes: a scoped name sent as two path segments. */
export const ScopedPieceNameParams = z.object({
  scope: z.string().regex(/^@[a-z0-9][a-z0-9._~-]*$/, 'must be an npm scope (@scope)'),
  name: z.string().regex(/^[a-z0-9][a-z0-9._~-]*$/, 'must be an npm package name'),
});
export type ScopedPieceNameParams = z.infer<typeof ScopedPieceNameParams>;

/**
 * Query of `GET /v1/pieces/:name`: that exact version instead of the newest; with `projectId`,
 * a piece outside that project's ALLOWED plan is 404, as if it did not exist.
 */
export const GetPieceQuery = z.object({ version: ExactPackageVersion.optional(), projectId: Id.optional() });
export type GetPieceQuery = z.infer<typeof GetPieceQuery>;

/**
 * Body of `POST /v1/pieces` (platform admins). `packageType` REGISTRY (the default) installs
 * `pieceName` at `pieceVersion` (an exact version or an npm range, default the latest) from the npm
 * registry the server's npm uses; ARCHIVE installs a packed private piece (`npm pack`'s `.tgz`),
 * sent base64 in `pieceArchive` (or as the `pieceArchive` file of a multipart form), whose
 * package must be `pieceName` at the exact `pieceVersion`. `scope` is accepted as Activepieces
 * sends it; every piece of this server is server-wide.
 */
export const InstallPieceRequest = z.object({
  pieceName: PiecePackageName,
  pieceVersion: z
    .string()
    .max(100)
    .regex(/^[0-9A-Za-z.*^~<>=| +-]+$/, 'must be a version or an npm version range')
    .optional(),
  packageType: z.enum(['REGISTRY', 'ARCHIVE']).optional(),
  pieceArchive: z.string().max(70_000_000).optional(),
  scope: z.enum(['PLATFORM', 'PROJECT']).optional(),
});
export type InstallPieceRequest = z.infer<typeof InstallPieceRequest>;

/** The answer of `POST /v1/pieces`: the exact version installed, and whether it was new. */
export const InstalledPieceVersion = z.object({
  name: z.string(),
  version: ExactPackageVersion,
  installed: z.boolean(),
});
export type InstalledPieceVersion = z.infer<typeof InstalledPieceVersion>;

/** Query of `DELETE /v1/pieces/:name`: the installed version to remove (required). */
export const DeletePieceQuery = z.object({ version: ExactPackageVersion });
export type DeletePieceQuery = z.infer<typeof DeletePieceQuery>;

/**
 * Body of `POST /v1/pieces/options`: evaluate property `propertyName` of an action or trigger
 * (its `options()` for a dropdown, `props()` for a DYNAMIC property) with the step's `input`.
 * `input.auth` may reference a connection of the project (`{{connections['ext-id']}}`): the
 * server resolves it. `flowId` and `flowVersionId` are accepted as Activepieces sends them.
 */
export const PieceOptionsRequest = z.object({
  projectId: Id,
  pieceName: PiecePackageName,
  pieceVersion: ExactPackageVersion,
  actionOrTriggerName: z.string().min(1).max(200),
  propertyName: z.string().min(1).max(200),
  input: z.record(z.string(), z.unknown()),
  searchValue: z.string().max(1000).optional(),
  flowId: Id.optional(),
  flowVersionId: Id.optional(),
});
export type PieceOptionsRequest = z.infer<typeof PieceOptionsRequest>;

/**
 * The answer of `POST /v1/pieces/options`: the property's type and what its function gave
 * (`{disabled?, placeholder?, options: [{label, value}]}` for a dropdown, a map of properties
 * for a DYNAMIC one).
 */
export const PieceOptionsResponse = z.object({ type: z.string(), options: z.unknown() });
export type PieceOptionsResponse = z.infer<typeof PieceOptionsResponse>;

/** One piece version a catalogue offers, as `GET /v1/pieces/registry` lists them (sync sources). */
export const PieceRegistryEntry = z.object({ name: PiecePackageName, version: ExactPackageVersion });
export type PieceRegistryEntry = z.infer<typeof PieceRegistryEntry>;

/** Query of `GET /v1/pieces/registry`: `release` and `edition` are accepted as Activepieces' sync sends them. */
export const PieceRegistryQuery = z.object({
  release: z.string().max(50).optional(),
  edition: z.string().max(20).optional(),
});
export type PieceRegistryQuery = z.infer<typeof PieceRegistryQuery>;

/** What `POST /v1/pieces/sync` did: versions added to and removed from the catalogue. */
export const PieceSyncResult = z.object({ added: z.number().int(), removed: z.number().int() });
export type PieceSyncResult = z.infer<typeof PieceSyncResult>;
