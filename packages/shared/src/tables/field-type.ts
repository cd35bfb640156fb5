import { z } from 'zod';

/** The type of a table field (column): how its cells are compared by `gt|gte|lt|lte` filters. */
export const FieldType = z.enum(['TEXT', 'NUMBER', 'DATE', 'STATIC_DROPDOWN']);
export type FieldType = z.infer<typeof FieldType>;
