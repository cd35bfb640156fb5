import { z } from 'zod';

/**
 * A query parameter that may be sent once (`?status=A`) or repeated (`?status=A&status=B`,
 * `?status[]=A`): always parsed to an array. Use it for every multi-valued filter.
 */
export function QueryList<T extends z.ZodType>(item: T) {
  return z
    .union([item, z.array(item)])
    .transform((value) => (Array.isArray(value) ? value : [value]) as z.output<T>[]);
}
