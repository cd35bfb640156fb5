import { z } from 'zod';

/**
 * Where a run comes from: PRODUCTION (a published flow's trigger fired; consumes credits) or
 * TESTING (a draft or a single step tested from the builder; never consumes credits).
 */
export const RunEnvironment = z.enum(['PRODUCTION', 'TESTING']);
export type RunEnvironment = z.infer<typeof RunEnvironment>;
