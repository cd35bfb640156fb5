import { z } from 'zod';

/**
 * Operators of a filter on `GET /v1/records`. gt, gte, lt and lte compare Date and Date & Time
 * columns as instants; eq, neq and co (contains) compare the stored text exactly.
 */
export const RecordFilterOperator = z.enum(['eq', 'neq', 'co', 'gt', 'gte', 'lt', 'lte']);
export type RecordFilterOperator = z.infer<typeof RecordFilterOperator>;

/** One filter of `GET /v1/records` (`filters[i][fieldId|operator|value]`). */
export const RecordFilter = z.object({
  fieldId: z.string(),
  operator: RecordFilterOperator,
  value: z.string(),
});
export type RecordFilter = z.infer<typeof RecordFilter>;
