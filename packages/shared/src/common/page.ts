import { z } from 'zod';

/**
 * A page of a list answer: `{data, next, previous}` with opaque cursors (null at either end).
 * Use `Page(Flow)` to declare the schema of a listing route.
 */
export function Page<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    next: z.string().nullable(),
    previous: z.string().nullable(),
  });
}
/** The type of a page of `T`. */
export type Page<T> = { data: T[]; next: string | null; previous: string | null };

/** Query parameters of every listing route: `?limit=&cursor=` (default limit 10, at most 100). */
export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  cursor: z.string().optional(),
});
export type PageQuery = z.infer<typeof PageQuery>;
