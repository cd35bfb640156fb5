import { z } from 'zod';
import { BaseModelFields } from '../common/base-model';

/** Which pieces a project may use: all of them (NONE, no filter) or only those listed (ALLOWED). */
export const PiecesFilterType = z.enum(['NONE', 'ALLOWED']);
export type PiecesFilterType = z.infer<typeof PiecesFilterType>;

/**
 * A project's plan: its name, whether it is `locked` (default false) and the piece filter
 * (`pieces` lists the allowed piece names when `piecesFilterType` is ALLOWED).
 */
export const ProjectPlan = z.object({
  ...BaseModelFields,
  projectId: z.string(),
  locked: z.boolean().default(false),
  name: z.string(),
  piecesFilterType: PiecesFilterType,
  pieces: z.array(z.string()),
});
export type ProjectPlan = z.infer<typeof ProjectPlan>;
