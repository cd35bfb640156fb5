import { z } from 'zod';
import { Id } from './id';

/** An ISO-8601 timestamp as stored and sent on the wire. */
export const Timestamp = z.string();
export type Timestamp = z.infer<typeof Timestamp>;

/**
 * The fields every stored resource has: `id`, `created`, `updated`.
 * Spread `BaseModelFields` into a resource's `z.object` to declare one.
 */
export const BaseModelFields = {
  id: z.string(),
  created: Timestamp,
  updated: Timestamp,
};

/** {@link BaseModelFields} with a strict 21-character {@link Id}. */
export const StrictBaseModelFields = {
  ...BaseModelFields,
  id: Id,
};

/** A free-form metadata map (`metadata` on flows, projects, connections, templates). */
export const Metadata = z.record(z.string(), z.unknown());
export type Metadata = z.infer<typeof Metadata>;
