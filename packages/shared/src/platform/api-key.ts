import { z } from 'zod';
import { BaseModelFields } from '../common/base-model';

/**
 * A platform API key as listed: never its value, only the last characters (`truncatedValue`)
 * to recognise it. The value is stored hashed.
 */
export const ApiKey = z.object({
  ...BaseModelFields,
  displayName: z.string(),
  truncatedValue: z.string(),
});
export type ApiKey = z.infer<typeof ApiKey>;

/** Body of `POST /v1/api-keys`. */
export const CreateApiKeyRequest = z.object({ displayName: z.string().trim().min(1) });
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequest>;

/** Answer of `POST /v1/api-keys`: the key with its full `value` (`sk-...`), shown this once. */
export const CreatedApiKey = ApiKey.extend({ value: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;
