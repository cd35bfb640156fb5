import { z } from 'zod';

/**
 * A piece version: `MAJOR.MINOR.PATCH`, accepted with a leading `~` or `^` on input and always
 * produced exact (the prefix stripped), so ranges never reach storage.
 */
export const PieceVersion = z
  .string()
  .regex(/^[~^]?\d+\.\d+\.\d+$/, 'must be MAJOR.MINOR.PATCH, optionally prefixed by ~ or ^')
  .transform((version) => version.replace(/^[~^]/, ''));
export type PieceVersion = z.infer<typeof PieceVersion>;
