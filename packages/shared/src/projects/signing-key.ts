import { z } from 'zod';
import { BaseModelFields } from '../common/base-model';

/**
 * A signing key of a platform (embedding): its public half verifies the JWTs a host application
 * sends to `POST /v1/managed-authn/external-token`. The API shows only these fields.
 */
export const SigningKey = z.object({
  ...BaseModelFields,
  displayName: z.string(),
});
export type SigningKey = z.infer<typeof SigningKey>;

/** Body of `POST /v1/signing-keys`. */
export const CreateSigningKeyRequest = z.object({ displayName: z.string().trim().min(1) });
export type CreateSigningKeyRequest = z.infer<typeof CreateSigningKeyRequest>;

/**
 * Answer of `POST /v1/signing-keys`: the key with its RSA pair as PEM text. The private key is
 * shown this once and never stored.
 */
export const CreatedSigningKey = SigningKey.extend({
  publicKey: z.string(),
  privateKey: z.string(),
});
export type CreatedSigningKey = z.infer<typeof CreatedSigningKey>;
