import { z } from 'zod';
import { ExactPackageVersion } from './piece-metadata';
import { PiecePackageName } from './piece-requests';

/**
 * A piece version a catalogue file lists as unavailable: why it cannot be installed or run, and
 * what the pieces list shows of it.
 */
export const UnavailableCatalogueEntry = z.object({
  name: PiecePackageName,
  version: ExactPackageVersion,
  reason: z.string().min(1),
  displayName: z.string().optional(),
  description: z.string().optional(),
  logoUrl: z.string().optional(),
});
export type UnavailableCatalogueEntry = z.infer<typeof UnavailableCatalogueEntry>;

/**
 * A pieces catalogue file (the snapshot shipped with the server, or a file given to
 * `piecework pieces sync --from`): `{pieces, unavailable?}` or a plain array of pieces. Entries
 * are checked one by one by the reader (`PieceMetadata`, {@link UnavailableCatalogueEntry}), so a
 * bad one is skipped rather than failing the file.
 */
export const PieceCatalogueFile = z.union([
  z.array(z.unknown()),
  z.looseObject({ pieces: z.array(z.unknown()), unavailable: z.array(z.unknown()).optional() }),
]);
export type PieceCatalogueFile = z.infer<typeof PieceCatalogueFile>;
